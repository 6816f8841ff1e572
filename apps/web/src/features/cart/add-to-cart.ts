import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { fetchCartLimit } from '../../shared/get-settings';
import type { CartItem } from './cart-item';
import type { CartError } from './cart-store';

/**
 * The cart's store, with IndexedDB's library (a third of the search screen's script), fetched
 * once something offers to add a bill rather than with the screen: the search form draws first.
 */
function loadCartStore() {
  return import('./cart-store');
}

function isCartError(error: unknown): error is CartError {
  return error instanceof Error && error.name === 'CartError';
}

/**
 * Puts a bill in the cart and says how it went in the snackbar: added, already there, or the cart
 * full at the limit the server's settings give. `add` answers whether it was added; while one add
 * is under way (`adding`), another click is ignored, so a double tap adds nothing twice. `addAll`
 * puts several in, in order, skipping those already there and stopping when the cart is full,
 * and says in one message how many went in; it answers that number, or undefined when the cart
 * refused them (said in the snackbar).
 */
export function useAddToCart(): {
  add: (item: CartItem) => Promise<boolean>;
  addAll: (items: readonly CartItem[]) => Promise<number | undefined>;
  adding: boolean;
} {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const busy = useRef(false);
  // Offered a bill to add: fetch the store now, so that the tap does not wait for it.
  useEffect(() => void loadCartStore(), []);

  /** Runs one add at a time against the store and the cart limit; a failure is said as its code. */
  const run = useCallback(
    async <Result>(
      work: (put: (item: CartItem) => Promise<unknown>, limit: number) => Promise<Result>,
      refused: Result,
    ): Promise<Result> => {
      if (busy.current) return refused;
      busy.current = true;
      setAdding(true);
      try {
        const limit = await fetchCartLimit(queryClient);
        const { cartStore } = await loadCartStore();
        return await work((item) => cartStore().add(item, limit), limit);
      } catch (error) {
        const code = isCartError(error) ? error.code : 'internal_error';
        snackbar.show({ message: t(`errors.${code}`), tone: 'error' });
        return refused;
      } finally {
        busy.current = false;
        setAdding(false);
      }
    },
    [queryClient, snackbar, t],
  );

  const add = useCallback(
    (item: CartItem) =>
      run(async (put) => {
        await put(item);
        snackbar.show({ message: t('cart.added', { account: item.account_no }), tone: 'success' });
        return true;
      }, false),
    [run, snackbar, t],
  );

  const addAll = useCallback(
    (items: readonly CartItem[]) =>
      run(async (put, limit) => {
        let added = 0;
        for (const item of items) {
          try {
            await put(item);
            added++;
          } catch (error) {
            if (isCartError(error) && error.code === 'already_in_cart') continue;
            if (isCartError(error) && error.code === 'cart_full' && added > 0) {
              snackbar.show({
                message: t('cart.addedUntilFull', { count: added, limit }),
                tone: 'info',
              });
              return added;
            }
            throw error;
          }
        }
        snackbar.show({ message: t('cart.addedMany', { count: added }), tone: 'success' });
        return added;
      }, undefined),
    [run, snackbar, t],
  );

  return { add, addAll, adding };
}
