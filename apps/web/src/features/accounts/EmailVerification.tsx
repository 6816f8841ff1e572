import type { SessionUser } from '@portal/domain/accounts';
import { emailVerificationSchema } from '@portal/domain/forms';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { errorCodeOf } from '../../lib/api-client';
import { FormProblem, TextField, useFormState } from './form-state';
import { useSendVerificationCode, useVerifyEmail } from './verify-email';
import styles from './AccountPages.module.css';

export interface EmailVerificationProps {
  email: string;
  /** 'sent' right after registration; 'pending' on the profile of an unconfirmed address. */
  intro: 'sent' | 'pending';
  /** The registration's answer said the code could not be sent (spec: email_verification_failed). */
  sendFailed?: boolean;
  onVerified: (user: SessionUser) => void;
  /** Heading level and look: a card of its own (registration) or a panel inside the profile. */
  variant: 'card' | 'inset';
  /** Takes focus when it appears in place of the form that was just sent (registration). */
  focusOnMount?: boolean;
  /** Below the buttons, e.g. 'confirm later'. */
  children?: ReactNode;
}

const codeFields = ['code'] as const;

/**
 * The spec's e-mail verification: the 6-digit code e-mailed after registration confirms the
 * address; a new code can be asked for (`email_sent`, or `Failed to send email verification`).
 */
export function EmailVerification({
  email,
  intro,
  sendFailed = false,
  onVerified,
  variant,
  focusOnMount = false,
  children,
}: EmailVerificationProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const verify = useVerifyEmail();
  const send = useSendVerificationCode();
  const form = useFormState(codeFields, { code: '' });
  const [failedToSend, setFailedToSend] = useState(sendFailed);
  const sectionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (focusOnMount) sectionRef.current?.focus();
  }, [focusOnMount]);

  const onSubmit = form.handleSubmit(emailVerificationSchema, verify, {
    onSuccess: (answer) => onVerified(answer.user),
    onError: form.showFailure,
  });

  const onResend = () => {
    if (send.isPending) return;
    send.mutate(undefined, {
      onSuccess: () => {
        setFailedToSend(false);
        snackbar.show({ message: t('accounts.verify.email_sent'), tone: 'success' });
      },
      onError: (error) => {
        const code = errorCodeOf(error);
        // A gateway error from the mail server is the spec's own message.
        const shown = code === 'service_unavailable' ? 'email_verification_failed' : code;
        snackbar.show({ message: t(`errors.${shown}`), tone: 'error' });
      },
    });
  };

  const Heading = variant === 'card' ? 'h2' : 'h3';
  return (
    <section
      ref={sectionRef}
      tabIndex={-1}
      className={variant === 'card' ? styles.card : styles.inset}
      aria-labelledby="verify-email-title"
    >
      <Heading
        id="verify-email-title"
        className={variant === 'card' ? styles.cardTitle : styles.insetTitle}
      >
        {t('accounts.verify.heading')}
      </Heading>
      {failedToSend ? (
        <Notice tone="error">
          <p>{t('errors.email_verification_failed')}</p>
        </Notice>
      ) : (
        <p className={styles.muted}>
          {intro === 'sent'
            ? t('accounts.verify.sent', { email })
            : t('accounts.verify.notVerified', { email })}
        </p>
      )}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          form={form}
          name="code"
          label={t('accounts.verify.code')}
          hint={t('accounts.verify.code_hint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          className={styles.codeInput}
        />
        <FormProblem problem={form.problem} />
        <div className={styles.actions}>
          <Button type="submit" aria-busy={verify.isPending || undefined}>
            {verify.isPending ? t('accounts.verify.submitting') : t('accounts.verify.submit')}
          </Button>
          <Button
            variant="secondary"
            onClick={onResend}
            disabled={send.isPending}
            aria-busy={send.isPending || undefined}
          >
            {send.isPending ? t('accounts.verify.resending') : t('accounts.verify.resend')}
          </Button>
          {children}
        </div>
      </form>
    </section>
  );
}
