import { useTranslation } from 'react-i18next';
import { PersonalDataHint } from '../../components/form/PersonalDataHint';
import { TextField } from '../../components/form/TextField';
import type { FieldsOf } from '../../components/form/use-domain-form';

/** The account's phone number, as registration and the profile both ask for it. */
export function PhoneField({ form }: { form: FieldsOf<'phone'> }) {
  const { t } = useTranslation();
  return (
    <TextField
      form={form}
      name="phone"
      label={t('accounts.field.phone')}
      hint={<PersonalDataHint hint={t('accounts.field.phone_hint')} why="accountPhone" />}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
    />
  );
}

/**
 * The password being chosen and its confirmation: registration's first one, or the new one when
 * it is changed on the profile or reset from the e-mailed link. Only the words differ; the length
 * hint and `new-password` (password managers offer to make and save one) are the same.
 */
export function PasswordFields({
  form,
  wording,
}: {
  form: FieldsOf<'password' | 'confirm_password'>;
  wording: 'first' | 'new';
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        form={form}
        name="password"
        label={
          wording === 'first' ? t('accounts.field.password') : t('accounts.field.new_password')
        }
        hint={t('accounts.field.password_hint')}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        form={form}
        name="confirm_password"
        label={
          wording === 'first'
            ? t('accounts.field.confirm_password')
            : t('accounts.field.confirm_new_password')
        }
        hint={wording === 'first' ? t('accounts.field.confirm_hint') : undefined}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
