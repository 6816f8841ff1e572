import { useCallback, useSyncExternalStore } from 'react';
import { CART_STORAGE_KEY, subscribeToCartMirror } from './cart-count';
import { cartItemsOf } from './cart-item';
import { isSameBill, type BillKey } from './cart-rules';

/**
 * Whether this bill is in the cart, kept up to date across tabs. Read from the local-storage
 * mirror, as the toolbar badge is, so that a search result can say so without IndexedDB.
 */
export function useInCart({ council, payment_type, account_no }: BillKey): boolean {
  const inCart = useCallback(
    () =>
      cartItemsOf(window.localStorage.getItem(CART_STORAGE_KEY)).some((item) =>
        isSameBill(item, { council, payment_type, account_no }),
      ),
    [council, payment_type, account_no],
  );
  return useSyncExternalStore(subscribeToCartMirror, inCart, () => false);
}
