import { staffLoginSchema } from '@portal/domain/forms';
import { useTranslation } from 'react-i18next';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { Button } from '../../components/ui/Button';
import { useStaffLogin } from './staff-session';
import styles from './Office.module.css';

/**
 * Staff login (docs/back-office.md): e-mail, password and the authenticator's code in one form,
 * so that a refusal never says which of them was wrong.
 */
export function OfficeLogin() {
  const { t } = useTranslation('office');
  const login = useStaffLogin();
  const form = useDomainForm(staffLoginSchema, { email: '', password: '', code: '' });
  const onSubmit = form.handleSubmit({ send: login.mutateAsync, onSuccess: () => {} });
  return (
    <section className={styles.login} aria-labelledby="office-login-heading">
      <h1 id="office-login-heading" className={styles.heading}>
        {t('login.heading')}
      </h1>
      <p className={styles.intro}>{t('login.intro')}</p>
      <form noValidate onSubmit={onSubmit} className={styles.loginForm}>
        <FormProblem form={form}>
          {form.problem === 'auth_error' ? t('login.failed') : undefined}
        </FormProblem>
        <TextField
          form={form}
          name="email"
          type="email"
          autoComplete="username"
          label={t('login.email')}
        />
        <TextField
          form={form}
          name="password"
          type="password"
          autoComplete="current-password"
          label={t('login.password')}
        />
        <TextField
          form={form}
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          label={t('login.code')}
          hint={t('login.codeHint')}
        />
        <Button type="submit" block>
          {t('login.submit')}
        </Button>
      </form>
    </section>
  );
}
