import { officeSettingsApi, type OfficeSiteSettings } from '@portal/domain/contracts/settings';
import { siteSettingsFormSchema } from '@portal/domain/forms';
import { languages } from '@portal/domain/languages';
import type { TranslatedText } from '@portal/domain/site-settings';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActionForm } from '../../components/form/ActionForm';
import { SelectField } from '../../components/form/SelectField';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { languageNames } from '../../i18n/languages';
import { callEndpoint } from '../../lib/api-client';
import { QueryFailure, ReasonField } from '../staff';
import list from '../../components/ListScreen.module.css';
import { AnnouncementForm } from './AnnouncementForm';
import { HelplineForm } from './HelplineForm';
import { siteSettingsKey, useSiteSettingsChange } from './site-settings-change';

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
    reopens_at: settings.reopens_at ?? '',
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

/** Closing for maintenance and its notice, the snackbar message and the phone app's version. */
function NoticesForm({ settings }: { settings: OfficeSiteSettings }) {
  const { t } = useTranslation('office');
  const change = useSiteSettingsChange(officeSettingsApi.change);
  const form = useDomainForm(siteSettingsFormSchema, valuesOf(settings));
  const onSubmit = form.handleSubmit({
    send: change.mutateAsync,
    onSuccess: (answer) => form.reset(valuesOf(answer)),
  });
  return (
    <ActionForm
      heading={t('settings.noticesHeading')}
      done={change.isSuccess ? t('settings.saved') : undefined}
      submit={t('settings.submit')}
      form={form}
      onSubmit={onSubmit}
    >
      <SelectField form={form} name="closing" label={t('settings.closing')}>
        <option value="no">{t('settings.open')}</option>
        <option value="yes">{t('settings.closed')}</option>
      </SelectField>
      <TextField
        form={form}
        name="reopens_at"
        type="datetime-local"
        label={t('settings.reopensAt')}
        hint={t('settings.reopensAtHint')}
      />
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
      <ReasonField form={form} />
    </ActionForm>
  );
}

/** The portal's own helpline, through the contact form a council's profile uses too. */
function PortalHelplineForm({ settings }: { settings: OfficeSiteSettings }) {
  const { t } = useTranslation('office');
  const change = useSiteSettingsChange(officeSettingsApi.helpline);
  return (
    <HelplineForm
      contact={settings.helpline}
      heading={t('settings.helplineHeading')}
      intro={t('settings.helplineIntro')}
      send={async (form) => (await change.mutateAsync(form)).helpline}
      done={change.isSuccess ? t('settings.saved') : undefined}
    />
  );
}

/**
 * The state admin's site settings (docs/site-settings.md): closing for maintenance and its notice,
 * the snackbar message and the phone app's version, the announcement, and the portal's helpline;
 * each change a new version in force at once.
 */
export function SiteSettingsPage() {
  const { t } = useTranslation('office');
  const settings = useQuery({
    queryKey: siteSettingsKey,
    queryFn: ({ signal }) => callEndpoint(officeSettingsApi.get, { signal }),
  });
  return (
    <>
      <h1 className={list.heading}>{t('settings.heading')}</h1>
      <p className={list.intro}>{t('settings.intro')}</p>
      <div className={list.body}>
        <QueryFailure query={settings} />
        {settings.data ? (
          <>
            <p className={list.count}>
              {t('settings.formHeading', { version: settings.data.version })}
            </p>
            <NoticesForm settings={settings.data} />
            <AnnouncementForm settings={settings.data} />
            <PortalHelplineForm settings={settings.data} />
          </>
        ) : null}
      </div>
    </>
  );
}
