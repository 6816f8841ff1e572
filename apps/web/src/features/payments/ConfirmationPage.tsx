import { currentLanguage } from '../../i18n/i18n';
import { writtenDateTime } from '@portal/domain/display-filters';
import { formatRinggit, sumSen } from '@portal/domain/money';
import { awaitsApprover } from '@portal/domain/payment-methods';
import { isOpenPayment } from '@portal/domain/payment-status';
import type { Receipt } from '@portal/domain/contracts/receipts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ScreenHeading } from '../../components/PageHeading';
import { buttonClassName } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import {
  AlertIcon,
  ArrowLeftIcon,
  CheckCircleIcon,
  HourglassIcon,
  ReceiptIcon,
} from '../../components/ui/icons';
import { errorCodeOf } from '../../lib/api-client';
import { paymentMethodText } from '../../shared/payment-method-text';
import { paths, receiptPath } from '@portal/domain/web-paths';
import {
  ErrorRetryNotice,
  needsGuestLookup,
  OutcomeCard,
  OutcomeFacts,
  ReceiptLines,
  ReceiptLookup,
  useReceipt,
  useReceiptCredentials,
  type ReceiptCredentials,
  type ReceiptLinkState,
} from '../receipts';
import { removePaidItemsOnce } from './paid-items';
import { failureReasonText } from './failure-reason';
import layout from '../../components/PageLayout.module.css';
import styles from './ConfirmationPage.module.css';

type Outcome =
  'in_progress' | 'pending' | 'successful' | 'failed' | 'cancelled' | 'expired' | 'refund_due';

function outcomeOf(receipt: Receipt): Outcome {
  return receipt.status === 'created' ? 'in_progress' : receipt.status;
}

function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}

/**
 * A payment the payer's bank has not decided yet (docs/payments.md): who it waits for, how long its
 * bills are held, and what comes next. Nothing to press: it can be neither cancelled nor paid again.
 */
function PendingText({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const time = receipt.release_at ? writtenDateTime(receipt.release_at, currentLanguage()) : '—';
  return (
    <>
      <p>
        {awaitsApprover(receipt.method)
          ? t('payments.confirmation.pendingApproverText', {
              bank: receipt.channel ?? t(`paymentMethods.${receipt.method}`),
              time,
            })
          : t('payments.confirmation.pendingBankText', { time })}
      </p>
      <p>{t('payments.confirmation.pendingNextText', { email: receipt.payer.email })}</p>
    </>
  );
}

/** The payment's state in the words of the portal's alerts (docs/payments.md), with what to do next. */
function PaymentOutcome({
  receipt,
  credentials,
}: {
  receipt: Receipt;
  credentials: ReceiptCredentials;
}) {
  const { t } = useTranslation();
  const outcome = outcomeOf(receipt);
  const tone =
    outcome === 'successful'
      ? 'success'
      : outcome === 'in_progress' || outcome === 'pending' || outcome === 'refund_due'
        ? 'pending'
        : 'failure';
  /** Closed without paying: the bills are in the cart to try again. */
  const unpaid =
    !isOpenPayment(receipt.status) && outcome !== 'successful' && outcome !== 'refund_due';
  const linkState: ReceiptLinkState | undefined =
    'email' in credentials ? { email: credentials.email } : undefined;

  // A polite live region: the change from 'being processed' to the outcome is read out.
  return (
    <OutcomeCard
      live
      tone={tone}
      icon={
        <>
          {outcome === 'in_progress' ? <Spinner /> : null}
          {outcome === 'pending' ? <HourglassIcon size={32} /> : null}
          {outcome === 'successful' ? <CheckCircleIcon size={32} /> : null}
          {outcome !== 'in_progress' && outcome !== 'pending' && outcome !== 'successful' ? (
            <AlertIcon size={32} />
          ) : null}
        </>
      }
      title={t(`payments.confirmation.${outcome}`)}
      lead={
        <>
          {outcome === 'in_progress' ? <p>{t('payments.confirmation.in_progressText')}</p> : null}
          {outcome === 'pending' ? <PendingText receipt={receipt} /> : null}
          {outcome === 'successful' ? (
            <p>{t('payments.confirmation.successfulText', { email: receipt.payer.email })}</p>
          ) : null}
          {outcome === 'refund_due' ? (
            <p>
              {t('payments.confirmation.refund_dueText', {
                amount: formatRinggit(
                  sumSen(
                    receipt.refunds
                      .filter((refund) => refund.kind === 'owed_back')
                      .map((refund) => refund.amount),
                  ) || receipt.amount,
                ),
              })}
            </p>
          ) : null}
          {/* An expired payment's heading already says why. */}
          {receipt.failure_reason && (outcome === 'failed' || outcome === 'cancelled') ? (
            <p>
              {t('payments.confirmation.reason', {
                reason: failureReasonText(t, receipt.failure_reason),
              })}
            </p>
          ) : null}
          {unpaid ? <p>{t('payments.confirmation.tryAgainText')}</p> : null}
        </>
      }
    >
      <OutcomeFacts>
        <div>
          <dt>{t('receipts.field.reference')}</dt>
          <dd className={styles.reference}>{receipt.reference}</dd>
        </div>
        <div>
          <dt>{t('receipts.field.total')}</dt>
          <dd data-testid="confirmation-total">{formatRinggit(receipt.amount)}</dd>
        </div>
        <div>
          <dt>{t('receipts.field.status')}</dt>
          <dd>{t(`paymentStatus.${receipt.status}`)}</dd>
        </div>
        <div>
          <dt>{t('receipts.field.paymentMethod')}</dt>
          <dd>{paymentMethodText(t, receipt.method, receipt.channel)}</dd>
        </div>
        {receipt.paid_at ? (
          <div>
            <dt>{t('receipts.field.paidAt')}</dt>
            <dd>{writtenDateTime(receipt.paid_at, currentLanguage())}</dd>
          </div>
        ) : null}
      </OutcomeFacts>

      {/* What was paid, line by line: the payer need not open the receipt to see it. */}
      {outcome === 'successful' ? (
        <ReceiptLines
          items={receipt.items}
          total={receipt.amount}
          caption={t('receipts.receipt.servicesHeading')}
        />
      ) : null}

      {outcome === 'successful' ? (
        <div className={styles.actions}>
          <Link to={receiptPath(receipt.reference)} state={linkState} className={buttonClassName()}>
            <ReceiptIcon />
            {t('payments.confirmation.viewReceipt')}
          </Link>
        </div>
      ) : null}
      {unpaid ? (
        <div className={styles.actions}>
          <Link to={paths.cart} className={buttonClassName()}>
            <ArrowLeftIcon />
            {t('payments.confirmation.tryAgain')}
          </Link>
        </div>
      ) : null}
    </OutcomeCard>
  );
}

/**
 * `/confirmation?reference=…` (docs/screens.md), where the gateway sends the payer back through the
 * server. The payment may not be settled yet (the gateway's callback can come later): it is asked
 * again every 2 s until final. Once successful, its bills leave the cart.
 */
export function ConfirmationPage() {
  const { t } = useTranslation();
  const { reference, credentials, waiting, found } = useReceiptCredentials();
  const receipt = useReceipt(credentials);
  const data = receipt.data;

  useEffect(() => {
    if (data?.status === 'successful') void removePaidItemsOnce(data);
  }, [data]);

  const errorCode = receipt.isError ? errorCodeOf(receipt.error) : undefined;
  const lookup = <ReceiptLookup reference={reference} onFound={found} />;

  let body;
  if (!credentials && !waiting) body = lookup;
  else if (credentials && !data && needsGuestLookup(credentials, errorCode)) body = lookup;
  else if (data && credentials) {
    body = (
      <>
        <PaymentOutcome receipt={data} credentials={credentials} />
        {errorCode ? <ErrorRetryNotice query={receipt} errorCode={errorCode} /> : null}
      </>
    );
  } else if (errorCode) {
    body = <ErrorRetryNotice query={receipt} errorCode={errorCode} />;
  } else {
    // Also while the session is asked for: a logged-in payer needs no form.
    body = (
      <p className={styles.checking} role="status">
        <Spinner />
        {t('payments.confirmation.checking')}
      </p>
    );
  }

  return (
    <Container className={layout.page}>
      <ScreenHeading page="confirmation" />
      <div className={`${layout.body} ${styles.body}`}>{body}</div>
    </Container>
  );
}
