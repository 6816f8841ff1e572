import type { BillList as BillListAnswer, ListedBill } from '@portal/domain/contracts/search';
import { compoundTypes } from '@portal/domain/compounds';
import { isPastDue, writtenDate, writtenDateTime } from '@portal/domain/display-filters';
import { formatRinggit } from '@portal/domain/money';
import { billListLimit } from '@portal/domain/contracts/search';
import { billPath, paths } from '@portal/domain/web-paths';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Notice } from '../../components/ui/Notice';
import { Button, buttonClassName } from '../../components/ui/Button';
import { CartIcon, CheckCircleIcon } from '../../components/ui/icons';
import { currentLanguage } from '../../i18n/i18n';
import { useFocusWhenShown } from '../../lib/focus-new-content';
import { useAddToCart, useBillsInCart, type CartItem } from '../cart';
import { cartItemFromListed } from './listed-cart-item';
import own from './BillList.module.css';
import styles from '../../components/SearchLayout.module.css';

export interface BillListProps {
  by: 'plate' | 'owner';
  list: BillListAnswer;
  councilName: string;
}

/**
 * A vehicle's or an owner's unpaid bills (docs/search.md), each added to the cart with one tap,
 * or all at once. Focus comes to its heading when it appears.
 */
export function BillList({ by, list, councilName }: BillListProps) {
  const { t } = useTranslation();
  const id = useId();
  const headingRef = useFocusWhenShown<HTMLHeadingElement>();
  const { add, addAll, adding } = useAddToCart();
  const inCart = useBillsInCart(list.bills);
  const items = useMemo(() => list.bills.map((bill) => cartItemFromListed(bill)), [list.bills]);
  const toAdd = items.filter(
    (item, index): item is CartItem => item !== undefined && !inCart[index],
  );

  if (list.bills.length === 0) {
    return (
      <Notice tone="error" live>
        <p ref={headingRef} tabIndex={-1}>
          {t('search.list.none')}
        </p>
        <p>{t(`search.list.noneAdvice.${by}`, { council: councilName })}</p>
      </Notice>
    );
  }

  return (
    <section className={`${styles.card} ${own.list}`} aria-labelledby={`${id}-title`}>
      <header className={own.header}>
        <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={own.title}>
          {t('search.list.found', { count: list.bills.length })}
        </h3>
        <p className={own.council}>{councilName}</p>
      </header>

      {list.more ? (
        <Notice>
          <p>{t('search.list.more', { count: billListLimit })}</p>
        </Notice>
      ) : null}

      <div className={styles.actions}>
        {toAdd.length > 0 ? (
          <Button onClick={() => void addAll(toAdd)} aria-busy={adding || undefined}>
            <CartIcon />
            {t('search.list.addAll', { count: toAdd.length })}
          </Button>
        ) : (
          <p className={styles.inCart} role="status">
            <CheckCircleIcon />
            {t('search.list.allInCart')}
          </p>
        )}
        <Link to={paths.cart} className={buttonClassName({ variant: 'secondary' })}>
          {t('search.viewCart')}
        </Link>
      </div>

      <ul className={own.rows} aria-label={t('search.list.label')}>
        {list.bills.map((bill, index) => (
          <BillRow
            key={`${bill.payment_type}/${bill.account_no}`}
            bill={bill}
            item={items[index]}
            inCart={inCart[index] ?? false}
            adding={adding}
            onAdd={(item) => void add(item)}
          />
        ))}
      </ul>
    </section>
  );
}

function BillRow({
  bill,
  item,
  inCart,
  adding,
  onAdd,
}: {
  bill: ListedBill;
  item: CartItem | undefined;
  inCart: boolean;
  adding: boolean;
  onAdd: (item: CartItem) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const language = currentLanguage();
  const dueDate = bill.due_date ? writtenDate(bill.due_date, language) || bill.due_date : '';
  const compoundType = (compoundTypes as readonly string[]).includes(bill.sub_type ?? '')
    ? t(`compoundTypes.${bill.sub_type as (typeof compoundTypes)[number]}`)
    : undefined;
  return (
    <li className={own.row} aria-labelledby={`${id}-number`}>
      <div className={own.rowHead}>
        <p className={styles.eyebrow}>
          {t(`paymentTypes.${bill.payment_type}`)}
          {bill.payment_type === 'compound' && compoundType ? ` · ${compoundType}` : ''}
        </p>
        <h4 id={`${id}-number`} className={own.number}>
          <Link to={billPath(bill)}>{bill.account_no}</Link>
        </h4>
        <p className={own.description}>{bill.description}</p>
      </div>
      <dl className={own.facts}>
        <div>
          <dt>{t('search.field.owner')}</dt>
          <dd>{bill.owner_name}</dd>
        </div>
        {bill.owner_ic ? (
          <div>
            <dt>{t('search.field.ownerIc')}</dt>
            <dd>{bill.owner_ic}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('search.field.dueDate')}</dt>
          <dd>
            {dueDate || '-'}
            {isPastDue(bill.due_date) ? (
              <span className={own.overdue}>{t('search.list.overdue')}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('search.field.amountDue')}</dt>
          <dd className={own.amount} data-testid="listed-amount">
            {formatRinggit(bill.amount_due)}
          </dd>
        </div>
      </dl>
      <div className={own.rowActions}>
        {bill.held_until ? (
          <p className={own.held}>
            {t('checkout.heldUntil', { time: writtenDateTime(bill.held_until, language) })}
          </p>
        ) : inCart ? (
          <p className={styles.inCart}>
            <CheckCircleIcon />
            {t('search.inCart')}
          </p>
        ) : item ? (
          <Button
            variant="secondary"
            onClick={() => onAdd(item)}
            aria-describedby={`${id}-number`}
            aria-busy={adding || undefined}
          >
            <CartIcon />
            {t('search.addToCart')}
          </Button>
        ) : null}
        {bill.payment_type === 'assessment' && !bill.held_until ? (
          <p className={own.selection}>
            {t('search.list.fullPayment')}{' '}
            <Link to={billPath(bill)}>{t('search.list.otherAmount')}</Link>
          </p>
        ) : null}
      </div>
    </li>
  );
}
