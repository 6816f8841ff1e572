import { useSyncExternalStore } from 'react';

/**
 * The cart is mirrored to local storage and reloaded at start (docs/cart.md). The cart store
 * writes the mirror; the toolbar badge reads only this file, so the home route loads no Dexie.
 */
export const CART_STORAGE_KEY = 'cart.items';

/** Fired on window by whoever changes the mirror in this tab (`storage` only fires in other tabs). */
export const CART_CHANGED_EVENT = 'cart:changed';

/** How many items the mirror holds: missing, unreadable or not-an-array counts as 0. */
export function readCartCount(): number {
  try {
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    if (!raw) return 0;
    const items: unknown = JSON.parse(raw);
    return Array.isArray(items) ? items.length : 0;
  } catch {
    return 0;
  }
}

/** Tells every `useCartCount` in this tab that the mirror changed. */
export function notifyCartChanged(): void {
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

/** Calls `onChange` whenever the mirror changes, in this tab or another; answers the unsubscribe. */
export function subscribeToCartMirror(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // key is null when another tab cleared the whole storage.
    if (event.key === null || event.key === CART_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CART_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CART_CHANGED_EVENT, onChange);
  };
}

/** The number of items in the cart, kept up to date across tabs. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribeToCartMirror, readCartCount, () => 0);
}
