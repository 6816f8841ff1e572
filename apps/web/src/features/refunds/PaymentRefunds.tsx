import type { OfficePayment } from '@portal/domain/contracts/office-payments';
import type { OfficeRefund } from '@portal/domain/contracts/refunds';
import { writtenDateTime } from '@portal/domain/display-filters';
import { reasonFormSchema, refundMadeSchema } from '@portal/domain/forms';
import { formatRinggit } from '@portal/domain/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { RecordsTable } from '../../components/RecordsTable';
import { Button } from '../../components/ui/Button';
import { currentLanguage } from '../../i18n/i18n';
import { GatewayRefundIdField } from './GatewayRefundIdField';
import { useRecordOwedRefund, useResolveOwedRefund } from './get-refunds';
import panel from '../../components/ActionPanel.module.css';

/** A refund's state in words. */
export function RefundStatus({ refund }: { refund: OfficeRefund }) {
  const { t } = useTranslation('office');
  return t(`refund.status.${refund.status}`);
}

/**
 * Money owed back (docs/refunds.md): a finance officer makes the refund in the gateway's merchant
 * portal and records it here with the portal's reference, or records that it was settled another
 * way, with the reason.
 */
function OwedRefund({ reference, refund }: { reference: string; refund: OfficeRefund }) {
  const { t } = useTranslation('office');
  const id = useId();
  const made = useRecordOwedRefund(reference, refund.id);
  const madeForm = useDomainForm(refundMadeSchema, { gateway_refund_id: '' });
  const onMade = madeForm.handleSubmit({ send: made.mutateAsync, onSuccess: () => {} });
  const resolve = useResolveOwedRefund(reference, refund.id);
  const form = useDomainForm(reasonFormSchema, { reason: '' });
  const onSubmit = form.handleSubmit({ send: resolve.mutateAsync, onSuccess: () => {} });
  const amount = formatRinggit(refund.amount);
  return (
    <section className={`${panel.panel} ${panel.warning}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('refund.owedHeading', { amount })}</h2>
      <p>{t(`refund.reasons.${refund.reason}`)}</p>
      <form onSubmit={onMade} noValidate className={panel.panel}>
        <p>{t('refund.owedIntro', { amount })}</p>
        <FormProblem form={madeForm} />
        <GatewayRefundIdField form={madeForm} />
        <div>
          <Button type="submit">{t('refund.send', { amount })}</Button>
        </div>
      </form>
      <form onSubmit={onSubmit} noValidate className={panel.panel}>
        <h3>{t('refund.resolveHeading')}</h3>
        <FormProblem form={form} />
        <TextField
          form={form}
          name="reason"
          label={t('refund.resolveReason')}
          hint={t('review.reasonHint')}
          maxLength={500}
        />
        <div>
          <Button type="submit" variant="secondary">
            {t('refund.resolve')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** A payment's refunds, and what a finance officer may do about those owed back. */
export function PaymentRefunds({
  payment,
  decides,
}: {
  payment: OfficePayment;
  /** Finance and above: may record or resolve what is owed. */
  decides: boolean;
}) {
  const { t } = useTranslation('office');
  const when = (instant: string | null) =>
    instant ? writtenDateTime(instant, currentLanguage()) : '–';
  return (
    <>
      {decides
        ? payment.refunds
            .filter((refund) => refund.status === 'due')
            .map((refund) => (
              <OwedRefund key={refund.id} reference={payment.reference} refund={refund} />
            ))
        : null}
      <RecordsTable
        title={t('refund.listHeading')}
        empty={t('refund.none')}
        headings={[
          t('refund.column.created'),
          t('refund.column.amount'),
          t('refund.column.status'),
          t('refund.column.why'),
          t('refund.column.staff'),
          t('refund.column.refunded'),
        ]}
        amountColumns={[1]}
        rows={payment.refunds.map((refund) => ({
          key: refund.id,
          cells: [
            when(refund.created_at),
            formatRinggit(refund.amount),
            <RefundStatus key="status" refund={refund} />,
            refund.note ?? t(`refund.reasons.${refund.reason}`),
            refund.staff ?? '–',
            when(refund.refunded_at ?? refund.resolved_at),
          ],
        }))}
      />
    </>
  );
}
