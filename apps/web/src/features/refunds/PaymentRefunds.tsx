import type { OfficePayment } from '@portal/domain/contracts/office-payments';
import type { OfficeRefund } from '@portal/domain/contracts/refunds';
import { writtenDateTime } from '@portal/domain/display-filters';
import { reasonFormSchema } from '@portal/domain/forms';
import { formatRinggit } from '@portal/domain/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProblem } from '../../components/form/FormProblem';
import { TextField } from '../../components/form/TextField';
import { useDomainForm } from '../../components/form/use-domain-form';
import { RecordsTable } from '../../components/RecordsTable';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { currentLanguage } from '../../i18n/i18n';
import { errorText } from '../../lib/api-client';
import { useResolveOwedRefund, useSendOwedRefund } from './get-refunds';
import panel from '../../components/ActionPanel.module.css';

/** A refund's state in words, with why the gateway refused it when it did. */
export function RefundStatus({ refund }: { refund: OfficeRefund }) {
  const { t } = useTranslation('office');
  const status = t(`refund.status.${refund.status}`);
  return refund.failure_reason ? (
    <span>
      {status}
      <br />
      {t(`refund.failure.${refund.failure_reason}`)}
    </span>
  ) : (
    status
  );
}

/**
 * Money owed back (docs/refunds.md): a finance officer sends it to the gateway, or records that it
 * was settled another way, with the reason.
 */
function OwedRefund({ reference, refund }: { reference: string; refund: OfficeRefund }) {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const id = useId();
  const send = useSendOwedRefund(reference);
  const resolve = useResolveOwedRefund(reference, refund.id);
  const form = useDomainForm(reasonFormSchema, { reason: '' });
  const onSubmit = form.handleSubmit({ send: resolve.mutateAsync, onSuccess: () => {} });
  const amount = formatRinggit(refund.amount);
  return (
    <section className={`${panel.panel} ${panel.warning}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('refund.owedHeading', { amount })}</h2>
      <p>{t(`refund.reasons.${refund.reason}`)}</p>
      <div>
        <Button onClick={() => send.mutate(refund.id)} disabled={send.isPending}>
          {t('refund.send', { amount })}
        </Button>
      </div>
      {send.isError ? (
        <Notice tone="error" live>
          <p>{errorText(tPortal, send.error)}</p>
        </Notice>
      ) : null}
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
  /** Finance and above: may send or resolve what is owed. */
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
