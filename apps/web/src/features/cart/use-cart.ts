import { useSyncExternalStore } from 'react';
import type { StoredCartItem } from './cart-item';
import type { BillKey } from './cart-rules';
import { cartStore } from './cart-store';

const noItems: readonly StoredCartItem[] = [];

/** The cart's items, oldest first, kept up to date across tabs. */
export function useCartItems(): readonly StoredCartItem[] {
  const store = cartStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, () => noItems);
}

/** Removes an item (and a licence's linked items); answers what went. */
export function removeFromCart(id: number): Promise<StoredCartItem[]> {
  return cartStore().remove(id);
}

/** Removes the bills just paid (same council, payment type and account number); answers what went. */
export function removePaidFromCart(bills: readonly BillKey[]): Promise<StoredCartItem[]> {
  return cartStore().removeBills(bills);
}
