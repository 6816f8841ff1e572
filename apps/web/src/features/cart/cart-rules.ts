import { sumSen, type Sen } from '@portal/domain/money';
import { accountKey } from '@portal/domain/payment-types';
import type { CartItem, StoredCartItem } from './cart-item';

/** Why a bill cannot go into the cart; the catalogues hold the words under `errors.<code>`. */
export type CartProblem = 'already_in_cart' | 'cart_full';

/** What names a bill: a cart item, a receipt's service line, an item an API error points at. */
export interface BillKey {
  council: string;
  payment_type: string;
  account_no: string;
}

/** The same bill: same council, payment type and account number. */
export function isSameBill(a: BillKey, b: BillKey): boolean {
  return (
    a.council === b.council &&
    a.payment_type === b.payment_type &&
    accountKey(a.payment_type, a.account_no) === accountKey(b.payment_type, b.account_no)
  );
}

/**
 * What stops a bill joining the cart, if anything (docs/cart.md: 'already exist in cart',
 * 'Opps, your cart is full'). A bill already there is named first: adding it again would not make
 * the cart any fuller.
 */
export function problemAdding(
  items: readonly CartItem[],
  candidate: CartItem,
  limit: number,
): CartProblem | undefined {
  if (items.some((item) => isSameBill(item, candidate))) return 'already_in_cart';
  if (items.length >= limit) return 'cart_full';
  return undefined;
}

/**
 * The ids that go when one item is removed: the item, and when it is a licence, the items linked to
 * it, those whose `license_no` is its account number at the same council (docs/cart.md).
 */
export function idsToRemove(items: readonly StoredCartItem[], id: number): number[] {
  const removed = items.find((item) => item.id === id);
  if (!removed) return [];
  if (removed.payment_type !== 'license') return [id];
  const licence = accountKey('license', removed.account_no);
  const linked = items.filter(
    (item) =>
      item.id !== id &&
      item.council === removed.council &&
      item.license_no !== undefined &&
      accountKey('license', item.license_no) === licence,
  );
  return [id, ...linked.map((item) => item.id)];
}

/** What the cart adds up to, in sen. */
export function cartTotal(items: readonly Pick<CartItem, 'amount'>[]): Sen {
  return sumSen(items.map((item) => item.amount));
}

/** The next id when the local-storage fallback stands in for Dexie's `++id`. */
export function nextId(items: readonly StoredCartItem[]): number {
  return items.reduce((max, item) => Math.max(max, item.id), 0) + 1;
}
