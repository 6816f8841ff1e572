import { appVersionOf, isOutdated } from '@portal/domain/app-version';
import type { PortalSettings } from '@portal/domain/contracts/settings';
import { paths } from '@portal/domain/web-paths';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Notice } from '../../components/ui/Notice';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { currentLanguage } from '../../i18n/i18n';
import { lazyOrUnavailable } from '../../lib/chunk-reload';
import { useSiteSettings } from '../../shared/get-settings';
import styles from './SiteNotices.module.css';

/** Where a closed portal still lets the reader through: a payment under way ends there, checks go on. */
const openWhileClosed = [paths.confirmation, paths.receipt, paths.receiptCheck, paths.licenceCheck];

/**
 * Rarely shown: their code is fetched only when the settings switch one on. Code that cannot be
 * fetched shows nothing; the server refuses checkouts while closed all the same.
 */
const MaintenanceDialog = lazyOrUnavailable(
  () => import('./SiteDialogs').then((module) => module.MaintenanceDialog),
  () => null,
);
const AnnouncementDialog = lazyOrUnavailable(
  () => import('./SiteDialogs').then((module) => module.AnnouncementDialog),
  () => null,
);

/** The snackbar message already shown this visit. */
const snackbarShownKey = 'snackbar-message-shown';

/**
 * What the site settings tell every page (docs/site-settings.md): the maintenance notice while the
 * portal is closed, the announcement until its reader dismisses it, the snackbar message once a
 * visit, and, in the phone app, that a newer version is out.
 */
export function SiteNotices() {
  const settings = useSiteSettings();
  const [pathname] = useLocation();
  useSnackbarMessage(settings?.snackbar_message ?? null);
  if (!settings) return null;
  const closed = settings.closing && !openWhileClosed.some((path) => pathname.startsWith(path));
  return (
    <>
      <OutdatedAppNotice newest={settings.app_version} />
      <Suspense fallback={null}>
        {closed ? (
          <MaintenanceDialog message={settings.closing_message} reopensAt={settings.reopens_at} />
        ) : null}
        {!closed && settings.announcement ? (
          <AnnouncementDialog announcement={settings.announcement} />
        ) : null}
      </Suspense>
    </>
  );
}

function useSnackbarMessage(message: PortalSettings['snackbar_message']) {
  const snackbar = useSnackbar();
  const text = message?.[currentLanguage()];
  useEffect(() => {
    if (!text || window.sessionStorage.getItem(snackbarShownKey) === text) return;
    window.sessionStorage.setItem(snackbarShownKey, text);
    snackbar.show({ message: text });
  }, [text, snackbar]);
}

function OutdatedAppNotice({ newest }: { newest: string }) {
  const { t } = useTranslation();
  const installed = appVersionOf(navigator.userAgent);
  if (!installed || !isOutdated(installed, newest)) return null;
  return (
    <div className={styles.banner}>
      <Notice>
        <p>{t('siteNotices.appOutdated', { version: newest })}</p>
      </Notice>
    </div>
  );
}
