import type { OfficePayment } from '@portal/domain/contracts/office-payments';
import { refundFormSchema } from '@portal/domain/forms';
import { formatRinggit } from '@portal/domain/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { Button } from '../../components/ui/Button';
import { Field, Select } from '../../components/ui/Field';
import { Notice } from '../../components/ui/Notice';
import { GatewayRefundIdField } from './GatewayRefundIdField';
import { useRecordRefund } from './get-refunds';
import panel from '../../components/ActionPanel.module.css';
import { fieldErrorText } from '../../components/form/field-error-text';

/**
 * A finance officer's record of a refund of a settled payment (docs/refunds.md), made first in the
 * gateway's merchant portal: all that is left of it, or of one line, or part of one line, with a
 * reason and the portal's reference. The payment's page then shows the refund and what is left.
 */
export function RefundForm({ payment }: { payment: OfficePayment }) {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const id = useId();
  const record = useRecordRefund(payment.reference);
  const blank = { line: 'all', amount: '', reason: '', gateway_refund_id: '' };
  const form = useDomainForm(refundFormSchema, blank);
  const { errorKey: lineError, ...line } = form.field('line', t('refund.line'));
  const onSubmit = form.handleSubmit({
    send: record.mutateAsync,
    onSuccess: () => form.reset(blank),
  });
  const left = payment.lines.filter((candidate) => candidate.refundable > 0);
  const leftInAll = left.reduce((sum, candidate) => sum + candidate.refundable, 0);
  const made = record.data?.refund;
  const outcome = made ? (
    <Notice tone="info" live>
      <p>{t(`refund.outcome.${made.status}`, { amount: formatRinggit(made.amount) })}</p>
    </Notice>
  ) : null;
  // Refunded in full: what happened stays in view, with nothing left to refund.
  if (left.length === 0) {
    return (
      <section className={panel.panel} aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>{t('refund.heading')}</h2>
        {outcome}
        <p>{t('refund.nothingLeft')}</p>
      </section>
    );
  }
  return (
    <form className={panel.panel} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('refund.heading')}</h2>
      <p>{t('refund.intro')}</p>
      {outcome}
      <FormProblem form={form} />
      <Field
        label={t('refund.line')}
        error={lineError ? fieldErrorText(tPortal, lineError, t('refund.line')) : undefined}
      >
        {(control) => (
          <Select {...control} {...line}>
            <option value="all">{t('refund.allLeft', { amount: formatRinggit(leftInAll) })}</option>
            {left.map((candidate) => (
              <option key={candidate.id} value={String(candidate.id)}>
                {t('refund.lineLeft', {
                  account: candidate.account_no,
                  type: tPortal(`paymentTypes.${candidate.payment_type}`),
                  amount: formatRinggit(candidate.refundable),
                })}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <TextField
        form={form}
        name="amount"
        label={t('refund.amount')}
        hint={t('refund.amountHint')}
        inputMode="decimal"
        autoComplete="off"
      />
      <TextField
        form={form}
        name="reason"
        label={t('refund.reason')}
        hint={t('review.reasonHint')}
        maxLength={500}
      />
      <GatewayRefundIdField form={form} />
      <div>
        <Button type="submit">{t('refund.submit')}</Button>
      </div>
    </form>
  );
}
