import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { Emblem } from '../../components/ui/Emblem';
import {
  CardIcon,
  CartIcon,
  HomeIcon,
  LoginIcon,
  LogoutIcon,
  ReceiptIcon,
  UserIcon,
  UserPlusIcon,
} from '../../components/ui/icons';
import { preloadLoginViews } from '../../features/accounts/LoginDialog';
import { useLogout } from '../../features/accounts/logout';
import { useCartCount } from '../../features/cart/cart-count';
import { paths } from '@portal/domain/web-paths';
import { useSession } from '../../shared/session';
import { LanguageSelect } from '../../components/LanguageSelect';
import { NavLink } from '../../components/NavLink';
import styles from './Toolbar.module.css';

export interface ToolbarProps {
  onLogin: () => void;
}

/** Sign up and log in when logged out; profile, history and log out when logged in. */
function AccountActions({ onLogin }: ToolbarProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const snackbar = useSnackbar();
  const { user, unreachable } = useSession();
  const logout = useLogout();

  // Offline, who is logged in cannot be known (docs/offline.md): offering to sign up or log in
  // would tell the holder reading their kept licences that they were logged out.
  if (!user && unreachable) return null;
  if (!user) {
    return (
      <div className={styles.account}>
        <Link to={paths.form} className={styles.topAction}>
          <UserPlusIcon size={18} className={styles.topIcon} />
          {t('nav.signUp')}
        </Link>
        <button
          type="button"
          className={styles.topAction}
          onClick={onLogin}
          onPointerEnter={() => void preloadLoginViews().catch(() => undefined)}
        >
          <LoginIcon size={18} className={styles.topIcon} />
          {t('nav.login')}
        </button>
      </div>
    );
  }

  const onLogout = () => {
    if (logout.isPending) return;
    // Logout returns to the home page. The session is forgotten here even when
    // the server cannot be reached (useLogout).
    logout.mutate(undefined, {
      onSettled: () => {
        snackbar.show({ message: t('login.loggedOut'), tone: 'success', forNextPage: true });
        navigate(paths.home);
      },
    });
  };

  return (
    <div className={styles.account}>
      <NavLink to={paths.profile} className={styles.topAction}>
        <UserIcon size={18} className={styles.topIcon} />
        {t('nav.profile')}
      </NavLink>
      <NavLink to={paths.myAccounts} className={styles.topAction}>
        <CardIcon size={18} className={styles.topIcon} />
        {t('nav.myAccounts')}
      </NavLink>
      <NavLink to={paths.history} className={styles.topAction}>
        <ReceiptIcon size={18} className={styles.topIcon} />
        {t('nav.history')}
      </NavLink>
      <button
        type="button"
        className={styles.topAction}
        onClick={onLogout}
        aria-busy={logout.isPending || undefined}
      >
        <LogoutIcon size={18} className={styles.topIcon} />
        {t('nav.logout')}
      </button>
    </div>
  );
}

/**
 * The top toolbar (docs/screens.md): logo, title, home, language, cart with its item count, and the
 * account actions. Two bars, so nothing overflows on a 360 px phone: the account bar on top, the
 * brand and navigation below; on phones the navigation shows icons, their names stay for screen
 * readers.
 */
export function Toolbar({ onLogin }: ToolbarProps) {
  const { t } = useTranslation();
  const cartCount = useCartCount();

  return (
    <header className={styles.header}>
      <div className={styles.topBar}>
        <div className={styles.inner}>
          <LanguageSelect />
          <AccountActions onLogin={onLogin} />
        </div>
      </div>

      <div className={styles.mainBar}>
        <div className={styles.inner}>
          <Link to={paths.home} className={styles.brand}>
            <Emblem size={40} />
            <span className={styles.brandText}>
              <span className={styles.title}>{t('app.title')}</span>
              <span className={styles.subtitle}>{t('app.subtitle')}</span>
            </span>
          </Link>

          <nav aria-label={t('a11y.primaryNav')}>
            <ul className={styles.navList}>
              <li>
                <NavLink to={paths.home} end className={styles.navItem}>
                  <HomeIcon size={22} />
                  <span className={styles.navLabel}>{t('nav.home')}</span>
                </NavLink>
              </li>
              <li>
                <NavLink
                  to={paths.cart}
                  className={styles.navItem}
                  aria-label={t('nav.cartLabel', { count: cartCount })}
                >
                  <span className={styles.cartIcon}>
                    <CartIcon size={22} />
                    {cartCount > 0 ? (
                      <span className={styles.badge} aria-hidden="true" data-testid="cart-badge">
                        {cartCount > 99 ? '99+' : cartCount}
                      </span>
                    ) : null}
                  </span>
                  <span className={styles.navLabel} aria-hidden="true">
                    {t('nav.cart')}
                  </span>
                </NavLink>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}
