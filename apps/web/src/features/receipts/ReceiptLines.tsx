import { currentLanguage } from '../../i18n/i18n';
import { writtenQuarter } from '@portal/domain/display-filters';
import { formatRinggit } from '@portal/domain/money';
import type { ReceiptItem } from '@portal/domain/contracts/receipts';
import { useTranslation } from 'react-i18next';
import styles from './ReceiptLines.module.css';

/** What every list of a payment's bills shows of each; a receipt also has a description and quarter. */
export type ReceiptLine = Pick<
  ReceiptItem,
  'council' | 'council_name' | 'payment_type' | 'account_no' | 'amount'
> &
  Partial<Pick<ReceiptItem, 'description' | 'paid_until' | 'tax' | 'discount' | 'discount_name'>>;

export interface ReceiptLinesProps {
  items: ReceiptLine[];
  total: number;
  /** The table's name, read out and shown above it. */
  caption: string;
  /** Names the total's cell for tests and readers that look for it. */
  totalTestId?: string;
}

/**
 * A payment's bills, one line each (council, payment type, account number, for an assessment the
 * quarter it is paid until, any discount and tax, and the amount), then the total: a table on wide screens and paper, one
 * card per line on phones. The receipt, the confirmation and the receipt check show the same
 * (docs/receipts.md). The paid-until column is there only when a line has one.
 */
export function ReceiptLines({ items, total, caption, totalTestId }: ReceiptLinesProps) {
  const { t } = useTranslation();
  const withQuarter = items.some((item) => item.paid_until);
  return (
    <table className={styles.lines}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('receipts.field.council')}</th>
          <th scope="col">{t('receipts.field.type')}</th>
          <th scope="col">{t('receipts.field.account')}</th>
          {withQuarter ? <th scope="col">{t('receipts.field.paidUntil')}</th> : null}
          <th scope="col" className={styles.amountCell}>
            {t('receipts.field.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          <tr key={`${item.council}/${item.payment_type}/${item.account_no}/${index}`}>
            <td data-label={t('receipts.field.council')}>{item.council_name}</td>
            <td data-label={t('receipts.field.type')}>
              {/* One box, so that on phones the description stays beside its label. */}
              <span>
                {t(`paymentTypes.${item.payment_type}`)}
                {item.description ? (
                  <span className={styles.description}>{item.description}</span>
                ) : null}
                {item.discount ? (
                  <span className={styles.description}>
                    {t('receipts.lineField', {
                      label:
                        item.discount_name?.[currentLanguage()] ?? t('receipts.field.discount'),
                      value: formatRinggit(item.discount),
                    })}
                  </span>
                ) : null}
                {item.tax ? (
                  <span className={styles.description}>
                    {t('receipts.lineField', {
                      label: t('receipts.field.taxIncluded'),
                      value: formatRinggit(item.tax),
                    })}
                  </span>
                ) : null}
              </span>
            </td>
            <td data-label={t('receipts.field.account')} className={styles.token}>
              {item.account_no}
            </td>
            {withQuarter ? (
              <td data-label={t('receipts.field.paidUntil')}>
                {item.paid_until ? writtenQuarter(item.paid_until, currentLanguage()) : '—'}
              </td>
            ) : null}
            <td data-label={t('receipts.field.amount')} className={styles.amountCell}>
              {formatRinggit(item.amount)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={withQuarter ? 4 : 3}>
            {t('receipts.field.total')}
          </th>
          <td className={styles.amountCell} data-testid={totalTestId}>
            {formatRinggit(total)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
