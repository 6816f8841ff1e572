import type { ErrorCode } from '@portal/domain/errors';
import { forgotPasswordSchema, loginSchema } from '@portal/domain/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { Button, buttonClassName } from '../../components/ui/Button';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { LoginIcon } from '../../components/ui/icons';
import { ApiError, errorCodeOf } from '../../lib/api-client';
import type { LoginView } from '../../shared/login-dialog';
import { paths } from '@portal/domain/web-paths';
import { EmailVerification } from './EmailVerification';
import { useRequestPasswordReset } from './forgot-password';
import { useLogin } from './login';
import styles from './LoginDialog.module.css';

export interface LoginViewsProps {
  view: LoginView;
  onViewChange: (view: LoginView) => void;
  toCheckout: boolean;
  /** Closes the dialog; `loggedIn` after a login. */
  onDone: (loggedIn?: boolean) => void;
}

/** The login dialog's body: the login form or the forgot-password form (docs/screens.md). */
export function LoginViews({ view, onViewChange, toCheckout, onDone }: LoginViewsProps) {
  return view === 'forgot' ? (
    <ForgotPasswordView onBack={() => onViewChange('login')} onDone={onDone} />
  ) : (
    <LoginFormView
      onForgot={() => onViewChange('forgot')}
      toCheckout={toCheckout}
      onDone={onDone}
    />
  );
}

/**
 * What a refusal of the login says. Any 401 is `auth_error`: the same words whether the e-mail is
 * unknown or the password wrong (no hint whether the e-mail exists: docs/accounts.md).
 */
function loginProblem(error: unknown): ErrorCode {
  if (error instanceof ApiError && error.status === 401) return 'auth_error';
  return errorCodeOf(error);
}

function LoginFormView({
  onForgot,
  toCheckout,
  onDone,
}: {
  onForgot: () => void;
  toCheckout: boolean;
  onDone: (loggedIn?: boolean) => void;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const snackbar = useSnackbar();
  const login = useLogin();
  const form = useDomainForm(loginSchema, { email: '', password: '' });

  /** The address whose account is waiting for its e-mailed code, once a login found it so. */
  const [unconfirmed, setUnconfirmed] = useState<string>();

  const loggedIn = () => {
    snackbar.show({ message: t('login.welcome'), tone: 'success', forNextPage: toCheckout });
    onDone(true);
    // A login on the way to paying goes on to pay; any other stays where it was.
    if (toCheckout) navigate(paths.checkout);
  };

  const onSubmit = form.handleSubmit({
    send: login.mutateAsync,
    onSuccess: loggedIn,
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'email_not_verified') {
        // The right password, an address never confirmed: the server has sent a new code.
        setUnconfirmed(loginSchema.parse(form.getValues()).email);
        return true;
      }
      if (form.showServerErrors(error)) return true;
      form.setProblem(loginProblem(error), error);
      form.setValue('password', '');
      form.setFocus('password');
      return true;
    },
  });

  if (unconfirmed) {
    return (
      <EmailVerification
        variant="inset"
        intro="login"
        focusOnMount
        email={unconfirmed}
        onVerified={loggedIn}
      />
    );
  }

  return (
    <>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          form={form}
          name="email"
          label={t('login.email')}
          type="email"
          inputMode="email"
          autoComplete="username"
          autoFocus
        />
        <TextField
          form={form}
          name="password"
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
        />
        <FormProblem form={form} />
        <Button type="submit" block aria-busy={login.isPending || undefined}>
          <LoginIcon />
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </Button>
        <div className={styles.row}>
          <button type="button" className={styles.linkButton} onClick={onForgot}>
            {t('login.forgot')}
          </button>
          <p className={styles.register}>
            {t('login.notMember')}{' '}
            <Link to={paths.form} onClick={() => onDone()}>
              {t('login.register')}
            </Link>
          </p>
        </div>
      </form>
      {toCheckout ? (
        <div className={styles.guest}>
          <p>{t('login.guestHint')}</p>
          <Link
            to={paths.checkout}
            className={buttonClassName({ variant: 'secondary', block: true })}
            onClick={() => onDone()}
          >
            {t('login.guest')}
          </Link>
        </div>
      ) : null}
    </>
  );
}

/**
 * Asks for a reset link. The answer is the same whether or not the e-mail has an account, and so
 * are the words shown (no enumeration: docs/accounts.md).
 */
function ForgotPasswordView({ onBack, onDone }: { onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const request = useRequestPasswordReset();
  const form = useDomainForm(forgotPasswordSchema, { email: '' });

  const onSubmit = form.handleSubmit({
    send: request.mutateAsync,
    onSuccess: () => {
      form.reset();
      snackbar.show({ message: t('login.forgotView.sent'), tone: 'success' });
      onDone();
    },
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.text}>{t('login.forgotView.text')}</p>
      <TextField
        form={form}
        name="email"
        label={t('login.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoFocus
      />
      <FormProblem form={form} />
      <Button type="submit" block aria-busy={request.isPending || undefined}>
        {request.isPending ? t('login.forgotView.sending') : t('login.forgotView.submit')}
      </Button>
      <div>
        <button type="button" className={styles.linkButton} onClick={onBack}>
          {t('login.forgotView.back')}
        </button>
      </div>
    </form>
  );
}
