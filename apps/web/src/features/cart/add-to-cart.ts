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
 * is under way (`adding`), another click is ignored, so a double tap adds nothing twice.
 */
export function useAddToCart(): { add: (item: CartItem) => Promise<boolean>; adding: boolean } {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const busy = useRef(false);
  // Offered a bill to add: fetch the store now, so that the tap does not wait for it.
  useEffect(() => void loadCartStore(), []);
  const add = useCallback(
    async (item: CartItem) => {
      if (busy.current) return false;
      busy.current = true;
      setAdding(true);
      try {
        const limit = await fetchCartLimit(queryClient);
        const { cartStore } = await loadCartStore();
        await cartStore().add(item, limit);
        snackbar.show({ message: t('cart.added', { account: item.account_no }), tone: 'success' });
        return true;
      } catch (error) {
        const code = isCartError(error) ? error.code : 'internal_error';
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
