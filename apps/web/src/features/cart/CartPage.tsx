import { isPastDue, writtenDate, writtenQuarter } from '@portal/domain/display-filters';
import { formatRinggit, ringgitInText } from '@portal/domain/money';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { Button, buttonClassName } from '../../components/ui/Button';
import { EmptyState } from '../../components/EmptyState';
import { ScreenHeading } from '../../components/PageHeading';
import { Notice } from '../../components/ui/Notice';
import { Container } from '../../components/ui/Container';
import { ArrowRightIcon, CartIcon, SearchIcon } from '../../components/ui/icons';
import { dueDateOf, type StoredCartItem } from './cart-item';
import { cartTotal } from './cart-rules';
import { removeFromCart, useCartItems } from './use-cart';
import { councilName, useCouncils } from '../../shared/get-councils';
import { currentLanguage } from '../../i18n/i18n';
import { useCartLimit, useMaxPayment } from '../../shared/get-settings';
import { paths, searchPath } from '@portal/domain/web-paths';
import summary from '../../components/CartSummary.module.css';
import layout from '../../components/PageLayout.module.css';
import styles from './CartPage.module.css';

function CartLine({
  item,
  council,
  onRemove,
}: {
  item: StoredCartItem;
  council: string;
  onRemove: (item: StoredCartItem) => void;
}) {
  const { t } = useTranslation();
  const dueDate = dueDateOf(item);
  return (
    <li className={styles.item}>
      <dl className={`${styles.fields} ${styles.columns} ${styles.lineFields}`}>
        <div className={styles.council}>
          <dt>{t('cart.council')}</dt>
          <dd>{council}</dd>
        </div>
        <div className={styles.type}>
          <dt>{t('cart.type')}</dt>
          <dd>
            {t(`paymentTypes.${item.payment_type}`)}
            {item.selection ? (
              <span className={styles.note}>
                {t('cart.selection', {
                  selection: t(`search.assessment.${item.selection}`),
                  quarter: item.paid_until
                    ? writtenQuarter(item.paid_until, currentLanguage())
                    : '',
                })}
              </span>
            ) : null}
            {item.renewal ? (
              <span className={styles.note}>
                {t('cart.renewal', {
                  date: writtenDate(item.renewal.valid_until, currentLanguage()),
                })}
              </span>
            ) : null}
            {item.license_no ? (
              <span className={styles.note}>
                {t('cart.linkedTo', { license: item.license_no })}
              </span>
            ) : null}
            {dueDate && isPastDue(dueDate) ? (
              <span className={`${styles.note} ${styles.overdue}`}>
                {t('search.overdue', { date: writtenDate(dueDate, currentLanguage()) })}
              </span>
            ) : null}
          </dd>
        </div>
        <div className={styles.account}>
          <dt>{t('cart.account')}</dt>
          <dd>{item.account_no}</dd>
        </div>
        <div className={styles.owner}>
          <dt>{t('cart.owner')}</dt>
          <dd>{item.owner_name}</dd>
        </div>
        <div className={styles.amount}>
          <dt>{t('cart.amount')}</dt>
          <dd data-testid="cart-item-amount">{formatRinggit(item.amount)}</dd>
        </div>
      </dl>
      <Button
        variant="quiet"
        className={styles.remove}
        aria-label={t('cart.removeLabel', {
          type: t(`paymentTypes.${item.payment_type}`),
          account: item.account_no,
        })}
        onClick={() => onRemove(item)}
      >
        {t('cart.remove')}
      </Button>
    </li>
  );
}

/**
 * `/cart` (docs/screens.md): the bills collected so far with their total, remove, and checkout. The
 * items come from the local-storage mirror at once and from IndexedDB as soon as it answers.
 */
export function CartPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const snackbar = useSnackbar();
  const items = useCartItems();
  const councils = useCouncils();
  const limit = useCartLimit();
  const maxPayment = useMaxPayment();
  const summaryRef = useRef<HTMLHeadingElement>(null);
  const total = cartTotal(items);
  // The gateway refuses a larger payment: say so here, not after the payer has filled in the form.
  const overMaximum =
    maxPayment !== undefined && total > maxPayment
      ? t('cart.overMaximum', { max: ringgitInText(maxPayment) })
      : undefined;

  const onRemove = async (item: StoredCartItem) => {
    try {
      const removed = await removeFromCart(item.id);
      snackbar.show({
        message: t(removed.length > 1 ? 'cart.removedLinked' : 'cart.removed', {
          account: item.account_no,
        }),
        tone: 'success',
      });
    } catch {
      snackbar.show({ message: t('errors.internal_error'), tone: 'error' });
    }
    // The button is gone: the reader continues at the new total.
    summaryRef.current?.focus();
  };

  const onCheckout = () => {
    if (items.length === 0) {
      snackbar.show({ message: t('errors.no_account_selected'), tone: 'error' });
      return;
    }
    if (overMaximum) {
      snackbar.show({ message: overMaximum, tone: 'error' });
      return;
    }
    navigate(paths.checkout);
  };

  return (
    <Container className={layout.page}>
      <ScreenHeading page="cart" />

      <div className={`${layout.body} ${styles.layout}`}>
        {items.length === 0 ? (
          <EmptyState icon={<CartIcon size={28} />} title={t('cart.empty')}>
            <p>{t('cart.emptyText')}</p>
            <Link to={paths.search} className={buttonClassName()}>
              <SearchIcon />
              {t('cart.searchLink')}
            </Link>
          </EmptyState>
        ) : (
          <section className={styles.list} aria-label={t('cart.listLabel')}>
            {/* The column heads of the wide layout; each line names its own fields for screen readers. */}
            <div className={styles.heads} aria-hidden="true">
              <div className={styles.columns}>
                <span>{t('cart.bill')}</span>
                <span>{t('cart.owner')}</span>
                <span className={styles.headAmount}>{t('cart.amount')}</span>
              </div>
            </div>
            <ul className={styles.items}>
              {items.map((item) => (
                <CartLine
                  key={item.id}
                  item={item}
                  council={councilName(councils.data, item.council)}
                  onRemove={(chosen) => void onRemove(chosen)}
                />
              ))}
            </ul>
          </section>
        )}

        <section className={summary.summary} aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title" ref={summaryRef} tabIndex={-1} className={summary.title}>
            {t('cart.summary')}
          </h2>
          <p className={styles.count}>{t('cart.count', { count: items.length })}</p>
          <p className={summary.total}>
            <span>{t('cart.total')}</span>
            <strong data-testid="cart-total">{formatRinggit(total)}</strong>
          </p>
          <p className={styles.limit}>{t('cart.limit', { limit })}</p>
          {overMaximum ? (
            <Notice tone="error" live>
              <p>{overMaximum}</p>
            </Notice>
          ) : null}
          <Button block onClick={onCheckout}>
            {t('cart.checkout')}
            <ArrowRightIcon />
          </Button>
          {items.length > 0 ? (
            <Link
              to={searchPath(items[items.length - 1]!.council)}
              className={buttonClassName({ variant: 'secondary', block: true })}
            >
              {t('cart.addAnother')}
            </Link>
          ) : null}
        </section>
      </div>
    </Container>
  );
}
