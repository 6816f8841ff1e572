import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { LoginIcon } from '../../components/ui/icons';
import { UnavailableNotice } from '../../components/UnavailableNotice';
import { withWords } from '../../i18n/i18n';
import { lazyOrUnavailable } from '../../lib/chunk-reload';
import type { LoginView } from '../../shared/login-dialog';
import dialogStyles from '../../components/ui/Dialog.module.css';
import styles from './LoginDialog.module.css';

/**
 * The views' code (forms, the domain's zod schemas) is fetched when the dialog first opens, or when
 * a pointer nears the toolbar's login button: the home route stays within its budget.
 */
export function preloadLoginViews() {
  return withWords(['accounts', 'forms'], import('./LoginViews'));
}

const LoginViews = lazyOrUnavailable(
  () => preloadLoginViews().then((module) => module.LoginViews),
  UnavailableNotice,
);

export interface LoginDialogProps {
  open: boolean;
  view: LoginView;
  onViewChange: (view: LoginView) => void;
  onClose: () => void;
  /** Opened on the way to paying: offers 'continue as guest', and a login goes on to checkout. */
  toCheckout: boolean;
  /** Where focus goes on closing when the control that opened it is gone (after a login). */
  onFocusLost?: () => void;
}

/**
 * The login dialog (docs/screens.md): log in, or ask for a password-reset link. A native modal
 * <dialog> gives us the focus trap, Escape to close and the inert page behind it; the views are
 * only in the page while it is open, so closing it clears what was typed.
 */
export function LoginDialog({
  open,
  view,
  onViewChange,
  onClose,
  toCheckout,
  onFocusLost,
}: LoginDialogProps) {
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
    // Back to the button that opened it, so keyboard users keep their place; after a login that
    // button has left the toolbar.
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
    else onFocusLost?.();
  };

  const title = view === 'forgot' ? t('login.forgotView.title') : t('login.title');

  return (
    <dialog
      ref={dialogRef}
      className={dialogStyles.dialog}
      aria-labelledby="login-dialog-title"
      onClose={handleClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className={styles.content}>
        <div className={styles.head}>
          <span className={styles.icon}>
            <LoginIcon size={24} />
          </span>
          <h2 id="login-dialog-title" className={styles.title}>
            {title}
          </h2>
          <Button
            variant="quiet"
            className={styles.close}
            onClick={() => dialogRef.current?.close()}
          >
            {t('login.close')}
          </Button>
        </div>
        {open ? (
          <Suspense
            fallback={
              <p className={styles.muted} role="status">
                {t('login.loading')}
              </p>
            }
          >
            <LoginViews
              view={view}
              onViewChange={onViewChange}
              toCheckout={toCheckout}
              onDone={(loggedIn) => {
                // The login button that opened the dialog is about to leave the toolbar.
                if (loggedIn) openerRef.current = null;
                dialogRef.current?.close();
              }}
            />
          </Suspense>
        ) : null}
      </div>
    </dialog>
  );
}
