import { passwordResetRequestSchema } from '@portal/domain/forms';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { ScreenHeading } from '../../components/PageHeading';
import { Button, buttonClassName } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import { ArrowLeftIcon, CheckCircleIcon, LoginIcon } from '../../components/ui/icons';
import { Notice } from '../../components/ui/Notice';
import { ApiError, errorCodeOf } from '../../lib/api-client';
import { useOpenLoginDialog } from '../../shared/login-dialog';
import { paths } from '@portal/domain/web-paths';
import { PasswordFields } from './AccountFields';
import { useResetPassword, useResetTokenCheck } from './reset-password';
import { FormProblem } from '../../components/form/FormProblem';
import { useDomainForm } from '../../components/form/use-domain-form';
import layout from '../../components/PageLayout.module.css';
import styles from './AccountPages.module.css';

/** Why a reset link fails (docs/accounts.md): expired, no such request, call failed. */
type InvalidRequest =
  'invalid_request_expired' | 'invalid_request_not_found' | 'invalid_request_failed';

/** Which Invalid Request a failed check or reset is: by its code, else by its status. */
function invalidRequestOf(error: unknown): InvalidRequest {
  const code = errorCodeOf(error);
  if (code === 'invalid_request_expired' || code === 'invalid_request_not_found') return code;
  if (error instanceof ApiError && error.status === 410) return 'invalid_request_expired';
  if (error instanceof ApiError && error.status === 404) return 'invalid_request_not_found';
  return 'invalid_request_failed';
}

/** A link that cannot be used: which case, a new link through the forgot-password dialog, home. */
function InvalidLink({ reason }: { reason: InvalidRequest }) {
  const { t } = useTranslation();
  const openLogin = useOpenLoginDialog();
  return (
    <Notice tone="error" live>
      <p>{t(`errors.${reason}`)}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => openLogin('forgot')}>
          {t('accounts.reset.requestNew')}
        </Button>
        <Link to={paths.home}>{t('accounts.reset.backHome')}</Link>
      </div>
    </Notice>
  );
}

function PasswordChanged() {
  const { t } = useTranslation();
  const openLogin = useOpenLoginDialog();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section ref={ref} tabIndex={-1} className={styles.card} aria-labelledby="reset-done-title">
      <h2 id="reset-done-title" className={styles.cardTitle}>
        <CheckCircleIcon size={24} /> {t('accounts.reset.done')}
      </h2>
      <p className={styles.muted}>{t('accounts.reset.doneText')}</p>
      <div className={styles.actions}>
        <Button onClick={() => openLogin('login')}>
          <LoginIcon />
          {t('login.submit')}
        </Button>
        <Link to={paths.home} className={buttonClassName({ variant: 'quiet' })}>
          <ArrowLeftIcon />
          {t('accounts.reset.backHome')}
        </Link>
      </div>
    </section>
  );
}

function NewPasswordForm({
  token,
  onDone,
  onInvalid,
}: {
  token: string;
  onDone: () => void;
  onInvalid: (reason: InvalidRequest) => void;
}) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  // The token rides with the passwords; it has no field of its own.
  const form = useDomainForm(
    passwordResetRequestSchema,
    { token, password: '', confirm_password: '' },
    { hidden: ['token'] },
  );

  const onSubmit = form.handleSubmit({
    send: reset.mutateAsync,
    onSuccess: onDone,
    // A token no request could have had (the check let it through): a dead link, not a field.
    onInvalid: (found) => {
      if (found.token) onInvalid('invalid_request_not_found');
      return found.token !== undefined;
    },
    onError: (error) => {
      if (form.showServerErrors(error)) return true;
      const code = errorCodeOf(error);
      if (code === 'rate_limited' || code === 'service_unavailable') form.setProblem(code, error);
      else onInvalid(invalidRequestOf(error));
      return true;
    },
  });

  return (
    <section className={styles.card} aria-labelledby="reset-form-title">
      <h2 id="reset-form-title" className={styles.cardTitle}>
        {t('accounts.reset.heading')}
      </h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <PasswordFields form={form} wording="new" />
        <FormProblem form={form} />
        <div>
          <Button type="submit" aria-busy={reset.isPending || undefined}>
            {reset.isPending ? t('accounts.reset.submitting') : t('accounts.reset.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/**
 * `/reset_password?token=…` (docs/screens.md), opened from the e-mailed link: the link is checked
 * first; a usable one gets the new password and its confirmation. The token is random, single use
 * and valid 24 hours.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const check = useResetTokenCheck(token);
  const [outcome, setOutcome] = useState<'done' | InvalidRequest>();

  let body;
  if (outcome === 'done') body = <PasswordChanged />;
  else if (outcome) body = <InvalidLink reason={outcome} />;
  else if (!token) body = <InvalidLink reason="invalid_request_not_found" />;
  else if (check.isError) body = <InvalidLink reason={invalidRequestOf(check.error)} />;
  else if (check.data && !check.data.valid)
    body = <InvalidLink reason="invalid_request_not_found" />;
  else if (check.isPending) {
    body = (
      <p className={styles.muted} role="status">
        {t('accounts.reset.checking')}
      </p>
    );
  } else {
    body = (
      <NewPasswordForm token={token} onDone={() => setOutcome('done')} onInvalid={setOutcome} />
    );
  }

  return (
    <Container className={layout.page}>
      <ScreenHeading page="resetPassword" />
      <div className={layout.body}>{body}</div>
    </Container>
  );
}
