import { registrationSchema } from '@portal/domain/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { ScreenHeading } from '../../components/PageHeading';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { Button, buttonClassName } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import { fieldGridClassName, wideFieldClassName } from '../../components/ui/Field';
import { UserPlusIcon } from '../../components/ui/icons';
import { Notice } from '../../components/ui/Notice';
import { ApiError } from '../../lib/api-client';
import { useOpenLoginDialog } from '../../shared/login-dialog';
import { paths } from '@portal/domain/web-paths';
import { useSession } from '../../shared/session';
import { PasswordFields, PhoneField } from './AccountFields';
import { EmailVerification } from './EmailVerification';
import { useRegister } from './register';
import { FormProblem } from '../../components/form/FormProblem';
import { AgreementNotice } from '../../components/form/AgreementNotice';
import { IdentityFields } from '../../components/form/IdentityFields';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import layout from '../../components/PageLayout.module.css';
import styles from './AccountPages.module.css';

const empty = {
  email: '',
  full_name: '',
  id_type: 'new_id',
  id_no: '',
  phone: '',
  password: '',
  confirm_password: '',
};

function RegistrationForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t } = useTranslation();
  const openLogin = useOpenLoginDialog();
  const register = useRegister();
  const form = useDomainForm(registrationSchema, empty);

  const onSubmit = form.handleSubmit({
    send: register.mutateAsync,
    // The address as the schema wrote it: trimmed and in lower case.
    onSuccess: (_answer, checked) => onRegistered(checked.email),
    onError: (error) => {
      if (form.showServerErrors(error)) return true;
      // A refusal of the whole form: rate_limited, or the older system's words for any other.
      form.setProblem(
        error instanceof ApiError && error.code === 'rate_limited'
          ? 'rate_limited'
          : 'attempt_failed_please_try_again',
        error,
      );
      return true;
    },
  });

  return (
    <section className={styles.card} aria-labelledby="registration-title">
      <h2 id="registration-title" className={styles.cardTitle}>
        {t('accounts.register.heading')}
      </h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={fieldGridClassName}>
          <TextField
            form={form}
            name="email"
            label={t('accounts.field.email')}
            hint={t('accounts.field.email_hint')}
            type="email"
            inputMode="email"
            autoComplete="email"
            className={wideFieldClassName}
          />
          <TextField
            form={form}
            name="full_name"
            label={t('accounts.field.full_name')}
            autoComplete="name"
            className={wideFieldClassName}
          />
          <IdentityFields form={form} type={form.watch('id_type')} why="accountIc" />
          <PhoneField form={form} />
          <PasswordFields form={form} wording="first" />
        </div>
        <FormProblem form={form} />
        <AgreementNotice when="register" />
        <div className={styles.actions}>
          <Button type="submit" aria-busy={register.isPending || undefined}>
            <UserPlusIcon />
            {register.isPending ? t('accounts.register.submitting') : t('accounts.register.submit')}
          </Button>
          <p>
            {t('accounts.register.haveAccount')}{' '}
            <button type="button" className={styles.linkButton} onClick={() => openLogin()}>
              {t('login.submit')}
            </button>
          </p>
        </div>
      </form>
    </section>
  );
}

/**
 * `/form` (docs/screens.md): registration. The answer is the same whether or not the address had
 * an account (docs/accounts.md); the page then asks for the 6-digit code e-mailed to it, which
 * confirms the address, logs in, and goes on to the profile.
 */
export function RegistrationPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const snackbar = useSnackbar();
  const { user } = useSession();
  const [registeredEmail, setRegisteredEmail] = useState<string>();

  let body;
  if (registeredEmail) {
    body = (
      <EmailVerification
        variant="card"
        focusOnMount
        intro="sent"
        email={registeredEmail}
        onVerified={() => {
          snackbar.show({
            message: t('accounts.verify.verified'),
            tone: 'success',
            forNextPage: true,
          });
          navigate(paths.profile);
        }}
      />
    );
  } else if (user) {
    body = (
      <Notice>
        <p>{t('accounts.register.loggedIn', { email: user.email })}</p>
        <p>
          <Link to={paths.profile} className={buttonClassName({ variant: 'secondary' })}>
            {t('accounts.register.toProfile')}
          </Link>
        </p>
      </Notice>
    );
  } else {
    body = <RegistrationForm onRegistered={setRegisteredEmail} />;
  }

  return (
    <Container className={layout.page}>
      <ScreenHeading page="form" />
      <div className={layout.body}>{body}</div>
    </Container>
  );
}
