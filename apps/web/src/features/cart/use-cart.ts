import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { fetchCartLimit } from '../../shared/get-settings';
import type { CartItem, StoredCartItem } from './cart-item';
import type { BillKey } from './cart-rules';
import { CartError, cartStore } from './cart-store';

const noItems: readonly StoredCartItem[] = [];

/** The cart's items, oldest first, kept up to date across tabs. */
export function useCartItems(): readonly StoredCartItem[] {
  const store = cartStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, () => noItems);
}

/**
 * Puts a bill in the cart and says how it went in the snackbar: added, already there, or the cart
 * full at the limit the server's settings give. `add` answers whether it was added; while one add
 * is under way (`adding`), another click is ignored, so a double tap adds nothing twice.
 */
export function useAddToCart(): { add: (item: CartItem) => Promise<boolean>; adding: boolean } {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const busy = useRef(false);
  const add = useCallback(
    async (item: CartItem) => {
      if (busy.current) return false;
      busy.current = true;
      setAdding(true);
      try {
        const limit = await fetchCartLimit(queryClient);
        await cartStore().add(item, limit);
        snackbar.show({ message: t('cart.added', { account: item.account_no }), tone: 'success' });
        return true;
      } catch (error) {
        const code = error instanceof CartError ? error.code : 'internal_error';
        snackbar.show({ message: t(`errors.${code}`), tone: 'error' });
        return false;
      } finally {
        busy.current = false;
        setAdding(false);
      }
    },
    [queryClient, snackbar, t],
  );
  return { add, adding };
}

/** Removes an item (and a licence's linked items); answers what went. */
export function removeFromCart(id: number): Promise<StoredCartItem[]> {
  return cartStore().remove(id);
}

/** Removes the bills just paid (same council, payment type and account number); answers what went. */
export function removePaidFromCart(bills: readonly BillKey[]): Promise<StoredCartItem[]> {
  return cartStore().removeBills(bills);
}
