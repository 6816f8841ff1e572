import { isKnownReviewReason, type OfficePayment } from '@portal/domain/contracts/office-payments';
import { writtenDateTime, writtenPhone } from '@portal/domain/display-filters';
import { formatRinggit } from '@portal/domain/money';
import { officePaths } from '@portal/domain/web-paths';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { currentLanguage } from '../../i18n/i18n';
import { errorText } from '../../lib/api-client';
import { PaymentRefunds, RefundForm } from '../refunds';
import { Coded, QueryFailure, useStaffSession } from '../staff';
import { useOfficePayment, useRequery, useResolveReview } from './get-office-payments';
import { ReviewForm } from './ReviewForm';
import { RecordsTable } from '../../components/RecordsTable';
import panel from '../../components/ActionPanel.module.css';
import list from '../../components/ListScreen.module.css';
import styles from './OfficePayments.module.css';

const when = (instant: string | null) =>
  instant ? writtenDateTime(instant, currentLanguage()) : '–';

/** Asks the gateway now (finance and above), and says what it answered. */
function Requery({ reference }: { reference: string }) {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const requery = useRequery(reference);
  return (
    <div className={`${panel.panel} ${panel.tinted}`}>
      <p>{t('payment.requeryHint')}</p>
      <Button variant="secondary" onClick={() => requery.mutate()} disabled={requery.isPending}>
        {t('payment.requery')}
      </Button>
      {requery.data ? (
        <Notice tone={requery.data.answer === 'no_answer' ? 'error' : 'info'} live>
          <p>{t(`payment.requeryAnswer.${requery.data.answer}`)}</p>
        </Notice>
      ) : null}
      {requery.isError ? (
        <Notice tone="error" live>
          <p>{errorText(tPortal, requery.error)}</p>
        </Notice>
      ) : null}
    </div>
  );
}

function PaymentDetails({ payment }: { payment: OfficePayment }) {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  const role = useStaffSession().data?.staff?.role;
  const decides = role !== undefined && role !== 'officer';
  const review = useResolveReview(payment.reference);
  const facts: [string, ReactNode][] = [
    [t('payments.column.status'), tPortal(`paymentStatus.${payment.status}`)],
    [t('payment.amount'), formatRinggit(payment.amount)],
    [t('payment.created'), when(payment.created_at)],
    [t('payment.paid'), when(payment.paid_at)],
    [t('payment.name'), payment.payer_name],
    [t('payment.email'), payment.payer_email],
    [t('payment.phone'), writtenPhone(payment.payer_phone)],
    [t('payment.method'), tPortal(`paymentMethods.${payment.payment_method}`)],
    // A card is named by its number and bank; a bank or e-wallet by its own name, with no card row.
    payment.payment_method === 'card'
      ? [
          t('payment.card'),
          [payment.card_masked, payment.card_bank].filter(Boolean).join(' · ') || '–',
        ]
      : [t('payment.channel'), payment.payment_channel ?? '–'],
    [
      t('payment.transId'),
      payment.gateway_trans_id ?? (payment.paid_at ? t('payment.transIdNotNamed') : '–'),
    ],
    ...(payment.failure_reason
      ? [
          [
            t('payment.failure'),
            <Coded key="failure" group="office:payment.failures" code={payment.failure_reason} />,
          ] as [string, ReactNode],
        ]
      : []),
  ];
  const reviewReason = payment.review_reason;
  // What is left to refund shows once a payment is settled, whatever the reader may do.
  const refundable = payment.status === 'successful';
  return (
    <div className={list.body}>
      {reviewReason ? (
        <Notice tone="error">
          <p>
            {t('payment.review', {
              reason: isKnownReviewReason(reviewReason)
                ? t(`reviewReasons.${reviewReason}`, {
                    paid: payment.gateway_trans_id,
                    second: payment.review_trans_id,
                  })
                : reviewReason,
            })}
          </p>
        </Notice>
      ) : null}
      {review.data ? (
        <Notice tone={review.data.outcome === 'refund_due' ? 'error' : 'info'} live>
          <p>{t(`review.outcome.${review.data.outcome}`)}</p>
        </Notice>
      ) : null}
      <dl className={styles.summary} aria-label={t('payment.details')}>
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {decides && reviewReason ? <ReviewForm send={review.mutateAsync} /> : null}
      {decides ? <Requery reference={payment.reference} /> : null}
      <RecordsTable
        title={t('payment.lines')}
        empty={t('payment.linesNone')}
        headings={[
          t('payment.column.council'),
          t('payment.column.type'),
          t('payment.column.account'),
          t('payment.column.description'),
          t('payment.column.amount'),
          ...(refundable ? [t('payment.column.refundable')] : []),
        ]}
        amountColumns={[4, 5]}
        rows={payment.lines.map((line) => ({
          key: line.id,
          cells: [
            line.council.toUpperCase(),
            tPortal(`paymentTypes.${line.payment_type}`),
            line.account_no,
            line.description,
            formatRinggit(line.amount),
            ...(refundable ? [formatRinggit(line.refundable)] : []),
          ],
        }))}
      />
      {decides && refundable ? <RefundForm payment={payment} /> : null}
      <PaymentRefunds payment={payment} decides={decides} />
      <RecordsTable
        title={t('payment.events')}
        empty={t('payment.eventsNone')}
        headings={[
          t('payment.column.time'),
          t('payment.column.source'),
          t('payment.column.outcome'),
          t('payment.column.note'),
        ]}
        rows={payment.events.map((event, index) => ({
          key: index,
          cells: [
            when(event.received_at),
            <Coded key="source" group="office:payment.sources" code={event.source} />,
            <Coded key="outcome" group="office:payment.outcomes" code={event.outcome} />,
            // A known note in words; an officer's reason as they wrote it.
            event.note ? <Coded key="note" group="office:payment.notes" code={event.note} /> : '–',
          ],
        }))}
      />
      <RecordsTable
        title={t('payment.mails')}
        empty={t('payment.mailsNone')}
        headings={[
          t('payment.column.time'),
          t('payment.column.kind'),
          t('payment.column.recipient'),
          t('payment.column.status'),
        ]}
        rows={payment.mails.map((mail, index) => ({
          key: index,
          cells: [
            when(mail.sent_at ?? mail.created_at),
            <Coded key="kind" group="office:payment.mailKinds" code={mail.kind} />,
            mail.recipient,
            <Coded key="status" group="office:payment.mailStatuses" code={mail.status} />,
          ],
        }))}
      />
    </div>
  );
}

/** One payment as the gateway and the portal saw it (docs/back-office.md). */
export function OfficePaymentPage() {
  const { t } = useTranslation('office');
  const reference = useParams().reference ?? '';
  const payment = useOfficePayment(reference);
  return (
    <>
      <Link to={officePaths.payments} className={styles.back}>
        {t('payment.back')}
      </Link>
      <h1 className={list.heading}>{reference}</h1>
      <QueryFailure query={payment} />
      {payment.data ? <PaymentDetails payment={payment.data} /> : null}
    </>
  );
}
