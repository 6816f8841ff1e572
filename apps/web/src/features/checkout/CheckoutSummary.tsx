import type { ApiErrorItem } from '@portal/domain/contracts/api-error';
import { formatRinggit } from '@portal/domain/money';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AlertIcon, ArrowLeftIcon } from '../../components/ui/icons';
import { type StoredCartItem, cartTotal, isSameBill } from '../cart';
import { councilName, useCouncils } from '../../shared/get-councils';
import { paths } from '@portal/domain/web-paths';
import summary from '../../components/CartSummary.module.css';
import styles from './CheckoutPage.module.css';

export interface CheckoutSummaryProps {
  items: readonly StoredCartItem[];
  /** The items the server's last refusal named (`cart_changed`, `payment_in_progress`, …). */
  flagged: readonly ApiErrorItem[];
}

/** What is about to be paid: each bill with its council, type, number and amount, and the total. */
export function CheckoutSummary({ items, flagged }: CheckoutSummaryProps) {
  const { t } = useTranslation();
  const councils = useCouncils();
  return (
    <section
      className={`${summary.summary} ${styles.summary}`}
      aria-labelledby="checkout-summary-title"
    >
      <h2 id="checkout-summary-title" className={summary.title}>
        {t('checkout.summaryHeading')}
      </h2>
      <p className={styles.muted}>{t('cart.count', { count: items.length })}</p>
      <ul className={styles.items}>
        {items.map((item) => {
          const isFlagged = flagged.some((named) => isSameBill(item, named));
          return (
            <li
              key={item.id}
              className={isFlagged ? `${styles.item} ${styles.flagged}` : styles.item}
            >
              {isFlagged ? (
                <p className={styles.flagNote}>
                  <AlertIcon size={18} />
                  {t('checkout.flagged')}
                </p>
              ) : null}
              <dl className={styles.itemFields}>
                <div className={styles.itemType}>
                  <dt className="sr-only">{t('cart.type')}</dt>
                  <dd>{t(`paymentTypes.${item.payment_type}`)}</dd>
                </div>
                <div className={styles.itemAccount}>
                  <dt className="sr-only">{t('cart.account')}</dt>
                  <dd>{item.account_no}</dd>
                </div>
                <div className={styles.itemCouncil}>
                  <dt className="sr-only">{t('cart.council')}</dt>
                  <dd>{councilName(councils.data, item.council)}</dd>
                </div>
                <div className={styles.itemAmount}>
                  <dt className="sr-only">{t('cart.amount')}</dt>
                  <dd>{formatRinggit(item.amount)}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
      <p className={summary.total}>
        <span>{t('cart.total')}</span>
        <strong data-testid="checkout-total">{formatRinggit(cartTotal(items))}</strong>
      </p>
      <Link to={paths.cart} className={styles.backLink}>
        <ArrowLeftIcon size={18} />
        {t('checkout.backToCart')}
      </Link>
    </section>
  );
}
