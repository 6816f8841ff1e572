import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form/TextField';
import type { FieldsOf } from '../../components/form/use-domain-form';

/** The reason a staff action gives, kept in the audit log with the staff member's name. */
export function ReasonField({ form }: { form: FieldsOf<'reason'> }) {
  const { t } = useTranslation('office');
  return (
    <TextField
      form={form}
      name="reason"
      label={t('review.reason')}
      hint={t('review.reasonHint')}
      maxLength={500}
    />
  );
}
