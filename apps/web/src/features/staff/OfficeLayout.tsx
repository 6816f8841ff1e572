import type { StaffMember } from '@portal/domain/contracts/staff';
import { officePaths, paths } from '@portal/domain/web-paths';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import { LanguageSelect } from '../../components/LanguageSelect';
import { NavLink } from '../../components/NavLink';
import { OfficeLogin } from './OfficeLogin';
import { useStaffLogout, useStaffSession } from './staff-session';
import styles from './Office.module.css';

function OfficeHeader({ staff }: { staff?: StaffMember }) {
  const { t } = useTranslation('office');
  const logout = useStaffLogout();
  const navClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.navLink} ${styles.current}` : styles.navLink;
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <p className={styles.brand}>
          <span className={styles.title}>{t('title')}</span>
          <span className={styles.subtitle}>{t('subtitle')}</span>
        </p>
        <div className={styles.tools}>
          <LanguageSelect />
          {staff ? (
            <button type="button" className={styles.navLink} onClick={() => logout.mutate()}>
              {t('nav.logout')}
            </button>
          ) : (
            <Link to={paths.home} className={styles.navLink}>
              {t('nav.portal')}
            </Link>
          )}
        </div>
      </div>
      {staff ? (
        <div className={styles.bar}>
          <nav aria-label={t('nav.label')} className={styles.nav}>
            <NavLink to={officePaths.payments} end className={navClass}>
              {t('nav.payments')}
            </NavLink>
            <NavLink to={officePaths.applications} className={navClass}>
              {t('nav.applications')}
            </NavLink>
            {staff.role !== 'officer' ? (
              <>
                <NavLink to={officePaths.settlement} className={navClass}>
                  {t('nav.settlement')}
                </NavLink>
                <NavLink to={officePaths.refunds} className={navClass}>
                  {t('nav.refunds')}
                </NavLink>
              </>
            ) : null}
            {staff.role === 'council_admin' || staff.role === '_admin' ? (
              <>
                <NavLink to={officePaths.switches} className={navClass}>
                  {t('nav.switches')}
                </NavLink>
                <NavLink to={officePaths.councilProfile} className={navClass}>
                  {t('nav.councilProfile')}
                </NavLink>
                <NavLink to={officePaths.renewalRules} className={navClass}>
                  {t('nav.renewalRules')}
                </NavLink>
                <NavLink to={officePaths.staff} className={navClass}>
                  {t('nav.staff')}
                </NavLink>
                <NavLink to={officePaths.billImport} className={navClass}>
                  {t('nav.billImport')}
                </NavLink>
                <NavLink to={officePaths.councilApi} className={navClass}>
                  {t('nav.councilApi')}
                </NavLink>
              </>
            ) : null}
            {staff.role === '_admin' ? (
              <>
                <NavLink to={officePaths.settings} className={navClass}>
                  {t('nav.settings')}
                </NavLink>
                <NavLink to={officePaths.content} className={navClass}>
                  {t('nav.content')}
                </NavLink>
                <NavLink to={officePaths.audit} className={navClass}>
                  {t('nav.audit')}
                </NavLink>
              </>
            ) : null}
          </nav>
          <p className={styles.who}>
            {t('nav.signedInAs', { name: staff.full_name, role: t(`roles.${staff.role}`) })}
            {' · '}
            {staff.council ? staff.council.toUpperCase() : t('nav.allCouncils')}
          </p>
        </div>
      ) : null}
    </header>
  );
}

function OfficeFrame({ staff, children }: { staff?: StaffMember; children: ReactNode }) {
  return (
    <div className={styles.office}>
      <OfficeHeader staff={staff} />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </div>
  );
}

/**
 * The back office's root route (docs/back-office.md): its own header, and the login form in place
 * of any page while no staff member is logged in.
 */
export function OfficeLayout({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('office');
  const session = useStaffSession();
  const staff = session.data?.staff ?? undefined;
  const [enrolling] = useRoute(officePaths.enrol);
  useEffect(() => {
    document.title = `${t('title')} · ${t('subtitle')}`;
  }, [t, i18n.language]);
  if (session.isPending) {
    return (
      <OfficeFrame>
        <p role="status">{t('login.loading')}</p>
      </OfficeFrame>
    );
  }
  // An invited member enrols before they have any login.
  const open = staff !== undefined || enrolling;
  return <OfficeFrame staff={staff}>{open ? children : <OfficeLogin />}</OfficeFrame>;
}
