import { staffEnrolmentSchema } from '@portal/domain/forms';
import { officePaths } from '@portal/domain/web-paths';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { errorText } from '../../lib/api-client';
import { useEnrol, useEnrolment } from './get-staff';
import panel from '../../components/ActionPanel.module.css';
import list from '../../components/ListScreen.module.css';
import styles from './Office.module.css';

/** The secret in groups of four, as authenticator apps ask for it to be typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Where an invited staff member sets up their account from the e-mailed link (docs/back-office.md):
 * the secret to add to an authenticator app, then their password and the app's code. The answer
 * is their recovery codes, shown this once.
 */
export function EnrolPage() {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const enrolment = useEnrolment(token);
  const enrol = useEnrol();
  const empty = { token, password: '', confirm_password: '', code: '' };
  const form = useDomainForm(staffEnrolmentSchema, empty, { hidden: ['token'] });
  const onSubmit = form.handleSubmit({ send: enrol.mutateAsync, onSuccess: () => {} });

  if (enrol.data) {
    return (
      <>
        <h1 className={list.heading}>{t('enrol.doneHeading')}</h1>
        <div className={list.body}>
          <Notice tone="info">
            <p>{t('enrol.codesIntro')}</p>
          </Notice>
          <ol className={styles.codes} aria-label={t('enrol.codesLabel')}>
            {enrol.data.recovery_codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ol>
          <p>
            <Link to={officePaths.payments}>{t('enrol.toLogin')}</Link>
          </p>
        </div>
      </>
    );
  }
  return (
    <>
      <h1 className={list.heading}>{t('enrol.heading')}</h1>
      <div className={list.body}>
        {enrolment.isError ? (
          <Notice tone="error">
            <p>{errorText(tPortal, enrolment.error)}</p>
          </Notice>
        ) : null}
        {enrolment.data ? (
          <>
            <p>
              {t('enrol.intro', { name: enrolment.data.full_name, email: enrolment.data.email })}
            </p>
            <section className={`${panel.panel} ${panel.tinted}`} aria-labelledby="enrol-app">
              <h2 id="enrol-app">{t('enrol.appHeading')}</h2>
              <p>{t('enrol.appIntro')}</p>
              <p className={styles.secret}>{grouped(enrolment.data.totp_secret)}</p>
              <p>
                <a href={enrolment.data.totp_uri}>{t('enrol.openApp')}</a>
              </p>
            </section>
            <form
              className={panel.panel}
              onSubmit={onSubmit}
              noValidate
              aria-labelledby="enrol-form"
            >
              <h2 id="enrol-form">{t('enrol.formHeading')}</h2>
              <FormProblem form={form} />
              <TextField
                form={form}
                name="password"
                type="password"
                label={t('login.password')}
                hint={tPortal('accounts.field.password_hint')}
                autoComplete="new-password"
              />
              <TextField
                form={form}
                name="confirm_password"
                type="password"
                label={t('enrol.confirmPassword')}
                autoComplete="new-password"
              />
              <TextField
                form={form}
                name="code"
                label={t('login.code')}
                hint={t('enrol.codeHint')}
                inputMode="numeric"
                autoComplete="one-time-code"
              />
              <div>
                <Button type="submit">{t('enrol.submit')}</Button>
              </div>
            </form>
          </>
        ) : null}
      </div>
    </>
  );
}
