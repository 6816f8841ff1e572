import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { LoginIcon } from '../../components/ui/icons';
import styles from './LoginDialog.module.css';

export interface LoginDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The login dialog (spec section 2). For now it only says that logging in arrives soon; the
 * accounts issue puts the e-mail / password form here. A native modal <dialog> gives us the focus
 * trap, Escape to close and the inert page behind it.
 */
export function LoginDialog({ open, onClose }: LoginDialogProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const handleClose = () => {
    onClose();
    // Back to the button that opened it, so keyboard users keep their place.
    openerRef.current?.focus();
    openerRef.current = null;
  };

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby="login-dialog-title"
      onClose={handleClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className={styles.content}>
        <span className={styles.icon}>
          <LoginIcon size={24} />
        </span>
        <h2 id="login-dialog-title" className={styles.title}>
          {t('login.title')}
        </h2>
        <p>{t('login.comingSoon')}</p>
        <p className={styles.muted}>{t('login.guestHint')}</p>
        <div className={styles.actions}>
          {/* showModal() focuses this, the dialog's only control. */}
          <Button onClick={() => dialogRef.current?.close()}>{t('login.close')}</Button>
        </div>
      </div>
    </dialog>
  );
}
