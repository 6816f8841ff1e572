import { officeSettingsApi, type OfficeSiteSettings } from '@portal/domain/contracts/settings';
import { siteSettingsFormSchema, type SiteSettingsForm } from '@portal/domain/forms';
import { languages, type Language } from '@portal/domain/languages';
import type { TranslatedText } from '@portal/domain/site-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { Button } from '../../components/ui/Button';
import { Field, Select } from '../../components/ui/Field';
import { Notice } from '../../components/ui/Notice';
import { callEndpoint } from '../../lib/api-client';
import { officeQueryKey, QueryFailure } from '../staff';
import panel from '../../components/ActionPanel.module.css';
import list from '../../components/ListScreen.module.css';

const settingsKey = [...officeQueryKey, 'site-settings'];

/** The form's fields for a message: its text in each language, blank for none. */
function messageFields(
  prefix: 'closing_message' | 'snackbar_message',
  text: TranslatedText | null,
) {
  return Object.fromEntries(languages.map((lang) => [`${prefix}_${lang}`, text?.[lang] ?? '']));
}

function valuesOf(settings: OfficeSiteSettings) {
  return {
    closing: settings.closing ? 'yes' : 'no',
    closing_message_ms: '',
    closing_message_en: '',
    closing_message_zh: '',
    snackbar_message_ms: '',
    snackbar_message_en: '',
    snackbar_message_zh: '',
    ...messageFields('closing_message', settings.closing_message),
    ...messageFields('snackbar_message', settings.snackbar_message),
    app_version: settings.app_version,
    reason: '',
  };
}

const languageNames: Record<Language, string> = {
  ms: 'Bahasa Malaysia',
  en: 'English',
  zh: '中文',
};

function SettingsForm({ settings }: { settings: OfficeSiteSettings }) {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (form: SiteSettingsForm) => callEndpoint(officeSettingsApi.change, { body: form }),
    onSuccess: (answer) => queryClient.setQueryData(settingsKey, answer),
  });
  const form = useDomainForm(siteSettingsFormSchema, valuesOf(settings));
  const { errorKey: closingError, ...closing } = form.field('closing');
  const onSubmit = form.handleSubmit({
    send: change.mutateAsync,
    onSuccess: (answer) => form.reset(valuesOf(answer)),
  });
  return (
    <form className={panel.panel} onSubmit={onSubmit} noValidate aria-labelledby="settings-form">
      <h2 id="settings-form">{t('settings.formHeading', { version: settings.version })}</h2>
      {change.isSuccess ? (
        <Notice tone="info" live>
          <p>{t('settings.saved')}</p>
        </Notice>
      ) : null}
      <FormProblem form={form} />
      <Field
        label={t('settings.closing')}
        error={closingError ? tPortal(`validation.${closingError}`) : undefined}
      >
        {(control) => (
          <Select {...control} {...closing}>
            <option value="no">{t('settings.open')}</option>
            <option value="yes">{t('settings.closed')}</option>
          </Select>
        )}
      </Field>
      <p>{t('settings.messageHint')}</p>
      {languages.map((lang) => (
        <TextField
          key={`closing_message_${lang}`}
          form={form}
          name={`closing_message_${lang}`}
          label={t('settings.closingMessage', { language: languageNames[lang] })}
          lang={lang}
        />
      ))}
      {languages.map((lang) => (
        <TextField
          key={`snackbar_message_${lang}`}
          form={form}
          name={`snackbar_message_${lang}`}
          label={t('settings.snackbarMessage', { language: languageNames[lang] })}
          lang={lang}
        />
      ))}
      <TextField form={form} name="app_version" label={t('settings.appVersion')} />
      <TextField
        form={form}
        name="reason"
        label={t('review.reason')}
        hint={t('review.reasonHint')}
      />
      <div>
        <Button type="submit">{t('settings.submit')}</Button>
      </div>
    </form>
  );
}

/**
 * The state admin's site settings (docs/site-settings.md): closing for maintenance and its notice,
 * the snackbar message and the phone app's version, each change a new version in force at once.
 */
export function SiteSettingsPage() {
  const { t } = useTranslation('office');
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => callEndpoint(officeSettingsApi.get, { signal }),
  });
  return (
    <>
      <h1 className={list.heading}>{t('settings.heading')}</h1>
      <p className={list.intro}>{t('settings.intro')}</p>
      <div className={list.body}>
        <QueryFailure query={settings} />
        {settings.data ? <SettingsForm settings={settings.data} /> : null}
      </div>
    </>
  );
}
