import { currentLanguage } from '../../i18n/i18n';
import { writtenDate } from '@portal/domain/display-filters';
import { formatRinggit } from '@portal/domain/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalChargeQuote } from '@portal/domain/contracts/search';
import { cartItemFromQuote, useAddToCart } from '../cart';
import { CartActions } from './CartActions';
import styles from '../../components/SearchLayout.module.css';
import { useFocusWhenShown } from '../../lib/focus-new-content';

export interface LocalChargeQuoteCardProps {
  quote: LocalChargeQuote;
  councilName: string;
}

/** The quoted charge: people x days x rate = amount, and the button that puts it in the cart. */
export function LocalChargeQuoteCard({ quote, councilName }: LocalChargeQuoteCardProps) {
  const { t } = useTranslation();
  const id = useId();
  const headingRef = useFocusWhenShown<HTMLHeadingElement>();
  const { add: addToCart, adding } = useAddToCart();

  const onAdd = () => addToCart(cartItemFromQuote(quote));

  const rows: [string, string][] = [
    [t('search.field.council'), councilName],
    [t('search.charge.licence'), quote.license_no],
    [t('search.charge.customer'), quote.customer_name],
    [
      t('search.charge.period'),
      t('search.charge.periodValue', {
        start: writtenDate(quote.start_date, currentLanguage()) || quote.start_date,
        end: writtenDate(quote.end_date, currentLanguage()) || quote.end_date,
      }),
    ],
    [t('search.charge.people'), String(quote.people)],
    [t('search.charge.days'), String(quote.days)],
    [t('search.charge.rate'), formatRinggit(quote.rate_sen)],
  ];

  return (
    <article className={styles.card} aria-labelledby={`${id}-title`}>
      <header className={styles.cardHeader}>
        <div>
          <p className={styles.eyebrow}>{t('paymentTypes.local_government_charge')}</p>
          <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={styles.account}>
            {quote.account_no}
          </h3>
        </div>
      </header>
      <dl className={styles.details}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {quote.description ? (
          <div className={styles.row}>
            <dt>{t('search.field.description')}</dt>
            <dd>{quote.description}</dd>
          </div>
        ) : null}
      </dl>
      <p className={styles.formula}>
        <span>{t('search.charge.calculation')}</span>
        <span data-testid="charge-formula">
          {quote.people} × {quote.days} × {formatRinggit(quote.rate_sen)} ={' '}
          {formatRinggit(quote.amount_due)}
        </span>
      </p>
      <p className={styles.amountDue}>
        <span>{t('search.charge.amount')}</span>
        <strong data-testid="amount-due">{formatRinggit(quote.amount_due)}</strong>
      </p>
      <CartActions bill={quote} onAdd={onAdd} adding={adding} />
    </article>
  );
}
