import { weekdayName } from '@portal/domain/contacts';
import { officeSettingsApi, type OfficeSiteSettings } from '@portal/domain/contracts/settings';
import { helplineFormSchema, hoursField, weekdays, weekOfOpeningHours } from '@portal/domain/forms';
import { useTranslation } from 'react-i18next';
import { ActionForm } from '../../components/form/ActionForm';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { currentLanguage } from '../../i18n/i18n';
import { ReasonField } from '../staff';
import { useSiteSettingsChange } from './site-settings-change';
import styles from './HelplineForm.module.css';

function valuesOf({ helpline }: OfficeSiteSettings) {
  return {
    phone: helpline?.phone ?? '',
    email: helpline?.email ?? '',
    address: helpline?.address ?? '',
    ...weekOfOpeningHours(helpline?.opening_hours ?? []),
    reason: '',
  };
}

/** The four times of a day, as the form names them and the officer reads them. */
const dayTimes = [
  [1, 'opens', 'opens'],
  [1, 'closes', 'closes'],
  [2, 'opens', 'opensAgain'],
  [2, 'closes', 'closesAgain'],
] as const;

/**
 * The portal's own helpline (docs/helpline.md): its number, e-mail and address, and its week, one
 * day to a row with at most two periods.
 */
export function HelplineForm({ settings }: { settings: OfficeSiteSettings }) {
  const { t } = useTranslation('office');
  const change = useSiteSettingsChange(officeSettingsApi.helpline);
  const form = useDomainForm(helplineFormSchema, valuesOf(settings));
  const onSubmit = form.handleSubmit({
    send: change.mutateAsync,
    onSuccess: (answer) => form.reset(valuesOf(answer)),
  });
  return (
    <ActionForm
      heading={t('settings.helplineHeading')}
      done={change.isSuccess ? t('settings.saved') : undefined}
      submit={t('settings.submit')}
      form={form}
      onSubmit={onSubmit}
    >
      <p>{t('settings.helplineIntro')}</p>
      <TextField
        form={form}
        name="phone"
        type="tel"
        label={t('settings.phone')}
        hint={t('settings.phoneHint')}
        autoComplete="off"
      />
      <TextField
        form={form}
        name="email"
        type="email"
        label={t('settings.email')}
        autoComplete="off"
      />
      <TextField form={form} name="address" label={t('settings.address')} autoComplete="off" />
      <fieldset className={styles.week}>
        <legend>{t('settings.hours')}</legend>
        <p className={styles.hint}>{t('settings.hoursHint')}</p>
        {weekdays.map((day) => (
          <fieldset key={day} className={styles.day}>
            <legend>{weekdayName(day, currentLanguage())}</legend>
            {dayTimes.map(([period, end, label]) => (
              <TextField
                key={`${period}-${end}`}
                form={form}
                name={hoursField(day, period, end)}
                type="time"
                label={t(`settings.${label}`)}
              />
            ))}
          </fieldset>
        ))}
      </fieldset>
      <ReasonField form={form} />
    </ActionForm>
  );
}
