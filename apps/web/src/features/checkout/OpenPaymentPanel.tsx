import { writtenDateTime } from '@portal/domain/display-filters';
import { formatRinggit } from '@portal/domain/money';
import { isOpenPayment } from '@portal/domain/payment-status';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Button, buttonClassName } from '../../components/ui/Button';
import { AlertIcon, HourglassIcon, LockIcon } from '../../components/ui/icons';
import { Notice } from '../../components/ui/Notice';
import { currentLanguage } from '../../i18n/i18n';
import { errorText } from '../../lib/api-client';
import { paymentMethodText } from '../../shared/payment-method-text';
import { confirmationPath } from '@portal/domain/web-paths';
import { openPaymentQueryKey, type OpenPayment } from './open-payment';
import { cancelPayment, handOver, postToGateway, useCardPageLanguageNote } from '../payments';
import styles from './CheckoutPage.module.css';

/**
 * A payment its payer's bank has not decided yet (docs/payments.md): it can be neither continued
 * nor cancelled, since the bank may still approve it, so it only says until when it waits and leads
 * to its confirmation page, which shows the decision when it comes.
 */
function PendingPaymentPanel({ payment }: { payment: OpenPayment }) {
  const { t } = useTranslation();
  const { receipt } = payment;
  return (
    <section
      className={`${styles.panel} ${styles.openPayment}`}
      aria-labelledby="open-payment-title"
    >
      <h2 id="open-payment-title" className={styles.openTitle}>
        <HourglassIcon />
        {t('payments.openPending.heading')}
      </h2>
      <p>
        {t('payments.openPending.text', {
          reference: receipt.reference,
          amount: formatRinggit(receipt.amount),
          method: paymentMethodText(t, receipt.method, receipt.channel),
          time: receipt.release_at ? writtenDateTime(receipt.release_at, currentLanguage()) : '—',
        })}
      </p>
      <div className={styles.openActions}>
        <Link to={confirmationPath(receipt.reference)} className={buttonClassName()}>
          {t('payments.openPending.status')}
        </Link>
      </div>
    </section>
  );
}

/**
 * A payment its payer left open, offered to be finished or given up (docs/payments.md): continue
 * goes back to the gateway under the same reference; cancel frees the bills for another try. The
 * server asks the gateway first either way, so a payment paid meanwhile is shown as paid.
 */
export function OpenPaymentPanel({
  payment,
  onCancelled,
}: {
  payment: OpenPayment;
  onCancelled: () => void;
}) {
  return payment.receipt.status === 'pending' ? (
    <PendingPaymentPanel payment={payment} />
  ) : (
    <LeftOpenPaymentPanel payment={payment} onCancelled={onCancelled} />
  );
}

function LeftOpenPaymentPanel({
  payment,
  onCancelled,
}: {
  payment: OpenPayment;
  onCancelled: () => void;
}) {
  const { t } = useTranslation();
  const cardPageNote = useCardPageLanguageNote();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'continue' | 'cancel' | 'leaving'>();
  const [failure, setFailure] = useState<string>();
  const { receipt, credentials } = payment;

  const act = async (action: 'continue' | 'cancel') => {
    setBusy(action);
    setFailure(undefined);
    try {
      if (action === 'continue') {
        const answer = await handOver(credentials);
        if (answer.gateway) {
          postToGateway(answer.gateway);
          setBusy('leaving');
          return;
        }
        navigate(confirmationPath(receipt.reference));
        return;
      }
      const { status } = await cancelPayment(credentials);
      if (!isOpenPayment(status) && status !== 'cancelled') {
        navigate(confirmationPath(receipt.reference));
        return;
      }
      onCancelled();
      await queryClient.invalidateQueries({ queryKey: openPaymentQueryKey });
    } catch (error) {
      setFailure(errorText(t, error));
    }
    setBusy(undefined);
  };

  return (
    <section
      className={`${styles.panel} ${styles.openPayment}`}
      aria-labelledby="open-payment-title"
    >
      <h2 id="open-payment-title" className={styles.openTitle}>
        <AlertIcon />
        {t('checkout.open.heading')}
      </h2>
      <p>
        {t('checkout.open.text', {
          reference: receipt.reference,
          amount: formatRinggit(receipt.amount),
          time: receipt.release_at ? writtenDateTime(receipt.release_at, currentLanguage()) : '',
        })}
      </p>
      <p>{cardPageNote}</p>
      {failure ? (
        <Notice tone="error" live>
          <p>{failure}</p>
        </Notice>
      ) : null}
      <div className={styles.openActions}>
        <Button
          onClick={() => void act('continue')}
          disabled={busy !== undefined}
          aria-busy={busy === 'continue' || busy === 'leaving' || undefined}
        >
          <LockIcon />
          {t('checkout.open.continue')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void act('cancel')}
          disabled={busy !== undefined}
          aria-busy={busy === 'cancel' || undefined}
        >
          {busy === 'cancel' ? t('checkout.open.cancelling') : t('checkout.open.cancel')}
        </Button>
      </div>
      <p className={styles.leaving} role="status">
        {busy === 'leaving' ? t('checkout.redirecting') : ''}
      </p>
    </section>
  );
}
