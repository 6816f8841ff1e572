import { currentLanguage } from '../../i18n/i18n';
import { cardBrandNames } from '@portal/domain/cards';
import { writtenDateTime, writtenPhone } from '@portal/domain/display-filters';
import { formatRinggit } from '@portal/domain/money';
import type { Receipt } from '@portal/domain/contracts/receipts';
import { refundWording } from '@portal/domain/refunds';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { Button } from '../../components/ui/Button';
import { Emblem } from '../../components/ui/Emblem';
import { AlertIcon } from '../../components/ui/icons';
import { errorText } from '../../lib/api-client';
import { useCouncils } from '../../shared/get-councils';
import { useDownloadReceiptPdf } from './download-receipt-pdf';
import type { ReceiptCredentials } from './find-receipt';
import { ReceiptLines } from './ReceiptLines';
import styles from './ReceiptPage.module.css';

/** Each council once, in the order the lines name them. */
function councilNames(receipt: Receipt): string[] {
  return [...new Set(receipt.items.map((item) => item.council_name))];
}

/**
 * The councils' logos and portal titles, as they set them in the back office, on screen and on
 * paper; the portal's emblem for a council without a logo, or while the list is not here.
 */
function Letterhead({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const councils = useCouncils().data;
  const codes = [...new Set(receipt.items.map((item) => item.council))];
  const listed = codes.flatMap((code) => councils?.find((council) => council.code === code) ?? []);
  const logos = listed.filter((council) => council.logo !== null);
  return (
    <>
      {logos.length > 0 ? (
        <div className={styles.logos}>
          {logos.map((council) => (
            <img
              key={council.code}
              className={styles.logo}
              src={council.logo!}
              alt={t('receipts.receipt.logo', { council: council.name })}
            />
          ))}
        </div>
      ) : (
        <Emblem size={48} />
      )}
      <div>
        <p className={styles.product}>{t('app.title')}</p>
        <h2 id="receipt-title" className={styles.sheetTitle}>
          {t('receipts.receipt.title')}
        </h2>
        <p className={styles.councils}>{councilNames(receipt).join(' · ')}</p>
        {listed.length > 0 ? (
          <p className={styles.councilTitles}>
            {listed.map((council) => council.product_title).join(' · ')}
          </p>
        ) : null}
      </div>
    </>
  );
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}

/**
 * How the payment was paid, as the gateway reported it: a card by its type, masked number and
 * bank; a bank or e-wallet by its own name, never with card wording. Both with the approval code.
 */
function PaymentMethod({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const byCard = receipt.method === 'card';
  // The gateway's requery confirms a payment without naming its card or transaction.
  const notNamed = receipt.status === 'successful' && !receipt.card.trans_id;
  return (
    <section aria-labelledby="receipt-method-title">
      <h3 id="receipt-method-title" className={styles.partyTitle}>
        {t('receipts.field.paymentMethod')}
      </h3>
      <p className={styles.method}>{t(`paymentMethods.${receipt.method}`)}</p>
      <dl className={styles.partyFacts}>
        {byCard ? (
          <>
            <Fact
              label={t('receipts.field.cardType')}
              value={
                receipt.card.brand ? cardBrandNames[receipt.card.brand] : t('receipts.cardUnknown')
              }
            />
            <Fact label={t('receipts.field.cardNumber')} value={receipt.card.masked_number} />
            <Fact label={t('receipts.field.bank')} value={receipt.card.bank} />
          </>
        ) : (
          <Fact label={t('receipts.field.channel')} value={receipt.channel} />
        )}
        <Fact label={t('receipts.field.approvalCode')} value={receipt.card.auth_code} />
      </dl>
      {notNamed ? (
        <p className={styles.muted}>
          {byCard ? t('receipts.cardNotNamed') : t('receipts.channelNotNamed')}
        </p>
      ) : null}
    </section>
  );
}

export interface ReceiptViewProps {
  receipt: Receipt;
  credentials: ReceiptCredentials;
}

/**
 * The receipt (docs/receipts.md): councils, reference, date paid in Malaysia time,
 * payer, how it was paid, the service lines and the total, with its check link, Print and Download PDF. A
 * payment that is not successful is stamped not paid, on screen and on paper.
 */
export function ReceiptView({ receipt, credentials }: ReceiptViewProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const download = useDownloadReceiptPdf();
  const paid = receipt.status === 'successful';
  const status = t(`paymentStatus.${receipt.status}`);

  const onDownload = () => {
    if (download.isPending) return;
    download.mutate(credentials, {
      onError: (error) => snackbar.show({ message: errorText(t, error), tone: 'error' }),
    });
  };

  return (
    <div className={styles.receipt}>
      <article
        className={paid ? styles.sheet : `${styles.sheet} ${styles.unpaid}`}
        data-stamp={paid ? undefined : t('receipts.receipt.notPaidStamp')}
        aria-labelledby="receipt-title"
      >
        <div className={styles.sheetHead}>
          <Letterhead receipt={receipt} />
        </div>

        {paid ? null : (
          <div className={styles.notPaid}>
            <AlertIcon size={24} />
            <p>
              <strong>{t('receipts.receipt.notPaidStamp')}</strong>{' '}
              {t('receipts.receipt.notPaid', { status })}
            </p>
          </div>
        )}

        <dl className={styles.facts}>
          <Fact label={t('receipts.field.reference')} value={receipt.reference} />
          <Fact
            label={t('receipts.field.paidAt')}
            value={
              receipt.paid_at ? writtenDateTime(receipt.paid_at, currentLanguage()) : undefined
            }
          />
          <Fact label={t('receipts.field.status')} value={status} />
          <Fact label={t('receipts.field.total')} value={formatRinggit(receipt.amount)} />
        </dl>

        <div className={styles.parties}>
          <section aria-labelledby="receipt-payer-title">
            <h3 id="receipt-payer-title" className={styles.partyTitle}>
              {t('receipts.field.payer')}
            </h3>
            <dl className={styles.partyFacts}>
              <Fact label={t('receipts.field.name')} value={receipt.payer.full_name} />
              <Fact label={t('receipts.field.email')} value={receipt.payer.email} />
              <Fact label={t('receipts.field.phone')} value={writtenPhone(receipt.payer.phone)} />
            </dl>
          </section>
          <PaymentMethod receipt={receipt} />
        </div>

        <ReceiptLines
          items={receipt.items}
          total={receipt.amount}
          caption={t('receipts.receipt.servicesHeading')}
          totalTestId="receipt-total"
        />

        {receipt.refunds.length > 0 ? (
          <section aria-labelledby="receipt-refunds-title" className={styles.refunds}>
            <h3 id="receipt-refunds-title" className={styles.partyTitle}>
              {t('receipts.refunds.heading')}
            </h3>
            <ul>
              {receipt.refunds.map((refund) => {
                const { key, values } = refundWording(refund, currentLanguage());
                return <li key={refund.id}>{t(key, values)}</li>;
              })}
            </ul>
          </section>
        ) : null}

        <p className={styles.checkLink}>
          <a href={receipt.check_url}>{t('receipts.receipt.check')}</a>
        </p>
      </article>

      <div className={styles.actions}>
        <Button onClick={() => window.print()}>{t('receipts.receipt.print')}</Button>
        <Button
          variant="secondary"
          onClick={onDownload}
          disabled={download.isPending}
          aria-busy={download.isPending || undefined}
        >
          {download.isPending ? t('receipts.receipt.downloading') : t('receipts.receipt.download')}
        </Button>
      </div>
    </div>
  );
}
