import type { SessionUser } from '@portal/domain/contracts/session';
import { emailVerificationSchema } from '@portal/domain/forms';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { Button } from '../../components/ui/Button';
import { errorText } from '../../lib/api-client';
import { useSendVerificationCode, useVerifyEmail } from './verify-email';
import styles from './AccountPages.module.css';

export interface EmailVerificationProps {
  email: string;
  /**
   * 'sent' right after registration; 'login' when a login found the address unconfirmed (a new
   * code was sent); 'pending' on the profile of an unconfirmed address.
   */
  intro: 'sent' | 'login' | 'pending';
  /** Confirmed, and so logged in. */
  onVerified: (user: SessionUser) => void;
  /** Heading level and look: a card of its own (registration) or a panel inside another. */
  variant: 'card' | 'inset';
  /** Takes focus when it appears in place of the form that was just sent. */
  focusOnMount?: boolean;
  /** Below the buttons. */
  children?: ReactNode;
}

/**
 * E-mail verification: the 6-digit code e-mailed to the address confirms it and logs
 * in (docs/accounts.md); a new code can be asked for. Nothing here says whether the address had
 * an account already: registration answers the same either way.
 */
export function EmailVerification({
  email,
  intro,
  onVerified,
  variant,
  focusOnMount = false,
  children,
}: EmailVerificationProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const verify = useVerifyEmail();
  const send = useSendVerificationCode();
  const form = useDomainForm(emailVerificationSchema, { email, code: '' }, { hidden: ['email'] });
  const sectionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (focusOnMount) sectionRef.current?.focus();
  }, [focusOnMount]);

  const onSubmit = form.handleSubmit({
    send: verify.mutateAsync,
    onSuccess: (answer) => {
      if (answer.user) onVerified(answer.user);
    },
  });

  const onResend = () => {
    if (send.isPending) return;
    send.mutate(email, {
      onSuccess: () => snackbar.show({ message: t('accounts.verify.email_sent'), tone: 'success' }),
      onError: (error) => snackbar.show({ message: errorText(t, error), tone: 'error' }),
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
      <p className={styles.muted}>{t(`accounts.verify.${intro}`, { email })}</p>
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
        <FormProblem form={form} />
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
