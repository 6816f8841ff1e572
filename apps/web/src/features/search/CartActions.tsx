import { paths } from '@portal/domain/web-paths';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, buttonClassName } from '../../components/ui/Button';
import { CartIcon, CheckCircleIcon } from '../../components/ui/icons';
import { useInCart, type BillKey } from '../cart';
import styles from '../../components/SearchLayout.module.css';

export interface CartActionsProps {
  bill: BillKey;
  /** Puts the bill in the cart; answers whether it went in. */
  onAdd: () => Promise<boolean>;
  adding: boolean;
  /** False when there is nothing to add (nothing owed). */
  canAdd?: boolean;
}

/**
 * A result's way to the cart: "Add to cart", or once the bill is there (added now or before),
 * "In your cart" in its place, and the way to the cart, where focus goes once it is added.
 */
export function CartActions({ bill, onAdd, adding, canAdd = true }: CartActionsProps) {
  const { t } = useTranslation();
  const inCart = useInCart(bill);
  const toCart = useRef<HTMLAnchorElement>(null);
  const add = async () => {
    if (await onAdd()) toCart.current?.focus();
  };
  return (
    <div className={styles.actions}>
      {inCart ? (
        <p className={styles.inCart} role="status">
          <CheckCircleIcon />
          {t('search.inCart')}
        </p>
      ) : canAdd ? (
        <Button onClick={() => void add()} aria-busy={adding || undefined}>
          <CartIcon />
          {adding ? t('search.adding') : t('search.addToCart')}
        </Button>
      ) : null}
      <Link
        ref={toCart}
        to={paths.cart}
        className={buttonClassName({ variant: inCart ? 'primary' : 'secondary' })}
      >
        {t('search.viewCart')}
      </Link>
    </div>
  );
}
