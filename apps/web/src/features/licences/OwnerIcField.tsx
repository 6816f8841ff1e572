import { useTranslation } from 'react-i18next';
import { PersonalDataHint } from '../../components/form/PersonalDataHint';
import { TextField } from '../../components/form/TextField';
import type { FieldsOf } from '../../components/form/use-domain-form';

/** The IC number of one of a licence's owners, which shows that the licence is the reader's. */
export function OwnerIcField({ form }: { form: FieldsOf<'ic_no'> }) {
  const { t } = useTranslation();
  return (
    <TextField
      form={form}
      name="ic_no"
      label={t('licences.print.ic')}
      hint={<PersonalDataHint hint={t('licences.print.icHint')} why="ownerIc" />}
      inputMode="numeric"
      autoComplete="off"
      maxLength={20}
    />
  );
}
