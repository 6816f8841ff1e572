import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form/TextField';
import type { FieldsOf } from '../../components/form/use-domain-form';

/** The reference the gateway's merchant portal gave a refund made there (docs/refunds.md). */
export function GatewayRefundIdField({ form }: { form: FieldsOf<'gateway_refund_id'> }) {
  const { t } = useTranslation('office');
  return (
    <TextField
      form={form}
      name="gateway_refund_id"
      label={t('refund.gatewayRefundId')}
      hint={t('refund.gatewayRefundIdHint')}
      maxLength={64}
      autoComplete="off"
    />
  );
}
