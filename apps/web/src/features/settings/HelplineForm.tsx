import type { ContactDetails } from '@portal/domain/contacts';
import { weekdayName } from '@portal/domain/contact-text';
import type { CouncilCode } from '@portal/domain/councils';
import {
  councilContactFormSchema,
  helplineFormSchema,
  hoursField,
  weekdays,
  weekOfOpeningHours,
  type HelplineForm as HelplineFormValues,
} from '@portal/domain/forms';
import { useTranslation } from 'react-i18next';
import type { DomainSchema } from '../../components/form/use-domain-form';
import { ActionForm } from '../../components/form/ActionForm';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { currentLanguage } from '../../i18n/i18n';
import { ReasonField } from '../staff';
import styles from './HelplineForm.module.css';

/** What the form sends: the helpline's fields, and the council when they are a council's. */
export type ContactFormValues = HelplineFormValues & { council?: CouncilCode };

function valuesOf(contact: ContactDetails | null, council: CouncilCode | undefined) {
  return {
    ...(council ? { council } : {}),
    phone: contact?.phone ?? '',
    email: contact?.email ?? '',
    address: contact?.address ?? '',
    ...weekOfOpeningHours(contact?.opening_hours ?? []),
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
 * Contact details (docs/helpline.md): a number, e-mail and address, and a week, one day to a row
 * with at most two periods. The one form for the portal's own helpline (site settings) and for a
 * council's contacts (its profile), which `council` names; `send` answers the contacts as saved.
 */
export function HelplineForm({
  contact,
  council,
  heading,
  intro,
  submit,
  send,
  done,
}: {
  contact: ContactDetails | null;
  council?: CouncilCode;
  heading: string;
  intro: string;
  /** The button's words; the site settings' own when not given. */
  submit?: string;
  send: (form: ContactFormValues) => Promise<ContactDetails | null>;
  /** What the last send did, once one went through. */
  done: string | undefined;
}) {
  const { t } = useTranslation('office');
  const schema: DomainSchema<ContactFormValues> = council
    ? councilContactFormSchema
    : helplineFormSchema;
  const form = useDomainForm(schema, valuesOf(contact, council), {
    hidden: council ? ['council'] : [],
  });
  const onSubmit = form.handleSubmit({
    send,
    onSuccess: (saved) => form.reset(valuesOf(saved, council)),
  });
  return (
    <ActionForm
      heading={heading}
      done={done}
      submit={submit ?? t('settings.submit')}
      form={form}
      onSubmit={onSubmit}
    >
      <p>{intro}</p>
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
