import { useCallback, useMemo, useSyncExternalStore } from 'react';
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

const readMirror = () => window.localStorage.getItem(CART_STORAGE_KEY);

/** Which of these bills are in the cart, in their order; read as `useInCart` reads it. */
export function useBillsInCart(bills: readonly BillKey[]): boolean[] {
  const mirror = useSyncExternalStore(subscribeToCartMirror, readMirror, () => null);
  return useMemo(() => {
    const items = cartItemsOf(mirror);
    return bills.map((bill) => items.some((item) => isSameBill(item, bill)));
  }, [mirror, bills]);
}
