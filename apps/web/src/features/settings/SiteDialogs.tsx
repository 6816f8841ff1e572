import type { PortalSettings } from '@portal/domain/contracts/settings';
import { useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { malaysiaWallClock, writtenDateTime } from '@portal/domain/display-filters';
import { paths } from '@portal/domain/web-paths';
import { Link } from 'wouter';
import { Button, buttonClassName } from '../../components/ui/Button';
import { currentLanguage } from '../../i18n/i18n';
import dialogStyles from '../../components/ui/Dialog.module.css';
import styles from './SiteNotices.module.css';

/** The announcement a reader dismissed, remembered by its id (docs/site-settings.md). */
const dismissedKey = 'announcement-dismissed';

/** A modal dialog, open while it is in the page; `onCancel` says what Escape does. */
function ModalDialog({
  labelledBy,
  onCancel,
  children,
}: {
  labelledBy: string;
  onCancel: (event: SyntheticEvent<HTMLDialogElement>) => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={dialogStyles.dialog}
      aria-labelledby={labelledBy}
      onCancel={onCancel}
    >
      {children}
    </dialog>
  );
}

/**
 * While the portal is closed: on every page, and it cannot be closed (Escape does nothing). It
 * says when the portal is expected back, while that is still to come, and leads to the receipt
 * lookup, which stays open (docs/site-settings.md).
 */
export function MaintenanceDialog({
  message,
  reopensAt,
}: {
  message: PortalSettings['closing_message'];
  reopensAt: PortalSettings['reopens_at'];
}) {
  const { t } = useTranslation();
  // Both are Malaysia wall-clock times, YYYY-MM-DDTHH:mm, so they compare as text.
  const expected =
    reopensAt && reopensAt > malaysiaWallClock(new Date()).toISOString().slice(0, 16);
  return (
    <ModalDialog labelledBy="maintenance-title" onCancel={(event) => event.preventDefault()}>
      <div className={styles.content}>
        <MaintenancePicture />
        <h2 id="maintenance-title" className={styles.title}>
          {t('siteNotices.closingTitle')}
        </h2>
        <p>{message?.[currentLanguage()] ?? t('siteNotices.closingMessage')}</p>
        {expected ? (
          <p className={styles.reopens}>
            {t('siteNotices.reopensAt', {
              time: writtenDateTime(reopensAt, currentLanguage()),
            })}
          </p>
        ) : null}
        <Link
          to={paths.receipt}
          className={`${buttonClassName({ variant: 'secondary' })} ${styles.action}`}
        >
          {t('siteNotices.findReceipt')}
        </Link>
      </div>
    </ModalDialog>
  );
}

export function AnnouncementDialog({
  announcement,
}: {
  announcement: NonNullable<PortalSettings['announcement']>;
}) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(
    () => window.localStorage.getItem(dismissedKey) === announcement.id,
  );
  if (dismissed) return null;
  const dismiss = () => {
    window.localStorage.setItem(dismissedKey, announcement.id);
    setDismissed(true);
  };
  return (
    <ModalDialog labelledBy="announcement-title" onCancel={dismiss}>
      <div className={styles.content}>
        <div className={styles.head}>
          <h2 id="announcement-title" className={styles.title}>
            {t('siteNotices.announcement')}
          </h2>
          <Button variant="quiet" onClick={dismiss}>
            {t('siteNotices.close')}
          </Button>
        </div>
        <figure className={styles.figure}>
          {/* The caption says what the picture shows; read once, not twice. */}
          <img
            className={styles.picture}
            src={announcement.image}
            alt=""
            width={800}
            height={500}
          />
          <figcaption>{announcement.alt[currentLanguage()]}</figcaption>
        </figure>
      </div>
    </ModalDialog>
  );
}

/** Tools over a screen: decorative, the title says what it means. */
function MaintenancePicture() {
  return (
    <svg className={styles.illustration} viewBox="0 0 120 80" aria-hidden="true">
      <rect x="10" y="8" width="100" height="60" rx="6" fill="var(--color-primary-soft)" />
      <rect x="18" y="16" width="84" height="44" rx="3" fill="var(--color-surface)" />
      <path d="M48 72h24" stroke="var(--color-primary)" strokeWidth="4" strokeLinecap="round" />
      <circle cx="60" cy="38" r="12" fill="none" stroke="var(--color-primary)" strokeWidth="5" />
      <path
        d="M60 20v6M60 50v6M42 38h6M72 38h6M47 25l4 4M69 47l4 4M47 51l4-4M69 29l4-4"
        stroke="var(--color-primary)"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}
