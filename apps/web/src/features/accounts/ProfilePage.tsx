import { writtenPhone } from '@portal/domain/display-filters';
import type { SessionUser } from '@portal/domain/contracts/session';
import { passwordChangeSchema, profileSchema } from '@portal/domain/forms';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginRequired } from '../../components/LoginRequired';
import { ScreenHeading } from '../../components/PageHeading';
import { RetryNotice } from '../../components/RetryNotice';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { Button } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import { AlertIcon, CheckCircleIcon, LockIcon } from '../../components/ui/icons';
import { errorText } from '../../lib/api-client';
import { useSession, useSessionEnded } from '../../shared/session';
import { PasswordFields, PhoneField } from './AccountFields';
import { useChangePassword } from './change-password';
import { EmailVerification } from './EmailVerification';
import { useProfile, useUpdateProfile } from './profile';
import { ReminderChoicesForm } from '../my-accounts';
import layout from '../../components/PageLayout.module.css';
import styles from './AccountPages.module.css';

function AccountFacts({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  return (
    <section className={`${styles.card} ${styles.spanAll}`} aria-labelledby="account-title">
      <h2 id="account-title" className={styles.cardTitle}>
        {t('accounts.profile.accountHeading')}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('accounts.profile.email')}</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>{t(`identity.number.${user.id_type}`)}</dt>
          <dd>{user.ic_num_masked}</dd>
        </div>
        <div>
          <dt>{t('accounts.profile.emailStatus')}</dt>
          <dd>
            {user.email_verified ? (
              <span className={`${styles.badge} ${styles.verified}`}>
                <CheckCircleIcon size={16} />
                {t('accounts.profile.verified')}
              </span>
            ) : (
              <span className={`${styles.badge} ${styles.notVerified}`}>
                <AlertIcon size={16} />
                {t('accounts.profile.notVerified')}
              </span>
            )}
          </dd>
        </div>
      </dl>
      {user.email_verified ? null : (
        <EmailVerification
          variant="inset"
          intro="pending"
          email={user.email}
          onVerified={() =>
            snackbar.show({ message: t('accounts.verify.verified'), tone: 'success' })
          }
        />
      )}
    </section>
  );
}

/** Full name and phone (update_successful, or data_no_changes when nothing changed). */
function DetailsForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const sessionEnded = useSessionEnded();
  const update = useUpdateProfile();
  const form = useDomainForm(profileSchema, {
    full_name: user.full_name,
    phone: writtenPhone(user.phone),
  });

  const onSubmit = form.handleSubmit({
    send: update.mutateAsync,
    onSuccess: (answer) => {
      form.reset({ full_name: answer.user.full_name, phone: writtenPhone(answer.user.phone) });
      snackbar.show({ message: t('accounts.profile.update_successful'), tone: 'success' });
    },
    // A session that ended shows the log-in notice instead.
    onError: sessionEnded,
  });

  return (
    <section className={styles.card} aria-labelledby="details-title">
      <h2 id="details-title" className={styles.cardTitle}>
        {t('accounts.profile.detailsHeading')}
      </h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          form={form}
          name="full_name"
          label={t('accounts.field.full_name')}
          autoComplete="name"
        />
        <PhoneField form={form} />
        <FormProblem form={form} tone={form.problem === 'data_no_changes' ? 'info' : 'error'} />
        <div>
          <Button type="submit" aria-busy={update.isPending || undefined}>
            {update.isPending ? t('accounts.profile.saving') : t('accounts.profile.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

const noPasswords = { current_password: '', password: '', confirm_password: '' };

function PasswordForm() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const sessionEnded = useSessionEnded();
  const change = useChangePassword();
  const form = useDomainForm(passwordChangeSchema, noPasswords);

  const onSubmit = form.handleSubmit({
    send: change.mutateAsync,
    onSuccess: () => {
      form.reset();
      snackbar.show({ message: t('accounts.profile.passwordChanged'), tone: 'success' });
    },
    // A wrong current password is a field error: 400 with current_password: password_incorrect.
    onError: sessionEnded,
  });

  return (
    <section className={styles.card} aria-labelledby="password-title">
      <h2 id="password-title" className={styles.cardTitle}>
        {t('accounts.profile.passwordHeading')}
      </h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          form={form}
          name="current_password"
          label={t('accounts.field.current_password')}
          type="password"
          autoComplete="current-password"
        />
        <PasswordFields form={form} wording="new" />
        <FormProblem form={form} />
        <div>
          <Button type="submit" aria-busy={change.isPending || undefined}>
            <LockIcon />
            {t('accounts.profile.changePassword')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/**
 * `/profile` (docs/screens.md): the account's e-mail, masked IC number and whether the
 * e-mail is confirmed; the name and phone to update; the password to change. Needs a session:
 * without one, or when the server says it has ended, the page asks the reader to log in.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const session = useSession();
  const sessionEnded = useSessionEnded();
  const profile = useProfile(session.user !== null);
  const profileError = profile.error;

  useEffect(() => {
    if (profileError) sessionEnded(profileError);
  }, [profileError, sessionEnded]);

  let body;
  if (!session.pending && !session.user) body = <LoginRequired />;
  else if (profile.data) {
    const user = profile.data.user;
    body = (
      <div className={styles.profileLayout}>
        <AccountFacts user={user} />
        <DetailsForm user={user} />
        <PasswordForm />
        <ReminderChoicesForm className={styles.card} />
      </div>
    );
  } else if (profile.isError) {
    body = (
      <RetryNotice query={profile} retryLabel={t('accounts.profile.retry')}>
        {errorText(t, profile.error)}
      </RetryNotice>
    );
  } else {
    body = (
      <p className={styles.muted} role="status">
        {t('accounts.profile.loading')}
      </p>
    );
  }

  return (
    <Container className={layout.page}>
      <ScreenHeading page="profile" />
      <div className={layout.body}>{body}</div>
    </Container>
  );
}
