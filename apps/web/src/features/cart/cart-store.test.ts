import { describe, expect, test, vi } from 'vitest';
import { assessmentBill, chargeQuote, licenceBill } from '../../test/portal-fixtures';
import { CART_CHANGED_EVENT, CART_STORAGE_KEY, readCartCount } from './cart-count';
import { cartItemFromBill, cartItemFromQuote } from './cart-item';
import { CartError, createCartStore, type CartDatabase } from './cart-store';

// The test browser has no IndexedDB, as in some private modes: the local-storage mirror alone holds
// the cart. (Dexie's own behaviour is covered by the browser journeys in e2e/.)
function noIndexedDb(): CartDatabase {
  throw new Error('IndexedDB is not available');
}

function mirror(): unknown[] {
  return JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]') as unknown[];
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('the cart without IndexedDB', () => {
  test('adding a bill writes the mirror and tells the badge', async () => {
    const store = createCartStore(noIndexedDb);
    const changed = vi.fn();
    window.addEventListener(CART_CHANGED_EVENT, changed);

    const added = await store.add(cartItemFromBill(licenceBill), 10);
    expect(added.id).toBe(1);
    expect(mirror()).toEqual([expect.objectContaining({ id: 1, account_no: 'LO-2026-001001' })]);
    expect(readCartCount()).toBe(1);
    expect(changed).toHaveBeenCalled();
    expect(store.getSnapshot()).toEqual([added]);
    window.removeEventListener(CART_CHANGED_EVENT, changed);
  });

  test('the cart is read back from the mirror at start, dropping what is not an item', async () => {
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ ...cartItemFromBill(licenceBill), id: 4 }, { id: 5 }, 'junk']),
    );
    const store = createCartStore(noIndexedDb);
    await store.ready();
    expect(store.getSnapshot().map((item) => item.id)).toEqual([4]);
    expect((await store.add(cartItemFromBill(assessmentBill), 10)).id).toBe(5);
  });

  test('the same bill twice is already_in_cart, and a full cart is cart_full', async () => {
    const store = createCartStore(noIndexedDb);
    await store.add(cartItemFromBill(licenceBill), 2);

    const twice = await rejection(store.add(cartItemFromBill(licenceBill), 2));
    expect(twice).toBeInstanceOf(CartError);
    expect((twice as CartError).code).toBe('already_in_cart');

    await store.add(cartItemFromBill(assessmentBill), 2);
    const third = await rejection(store.add(cartItemFromQuote(chargeQuote), 2));
    expect((third as CartError).code).toBe('cart_full');
    expect(mirror()).toHaveLength(2);
  });

  test('removing a licence removes the charge linked to it', async () => {
    const store = createCartStore(noIndexedDb);
    const licence = await store.add(cartItemFromBill(licenceBill), 10);
    await store.add(cartItemFromBill(assessmentBill), 10);
    await store.add(cartItemFromQuote(chargeQuote), 10);

    const removed = await store.remove(licence.id);
    expect(removed.map((item) => item.payment_type)).toEqual([
      'license',
      'local_government_charge',
    ]);
    expect(store.getSnapshot().map((item) => item.payment_type)).toEqual(['assessment']);
    expect(readCartCount()).toBe(1);
  });

  test('another tab’s change reaches this one through the storage event', async () => {
    const store = createCartStore(noIndexedDb);
    const onChange = vi.fn();
    const unsubscribe = store.subscribe(onChange);
    await store.ready();

    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ ...cartItemFromBill(licenceBill), id: 1 }]),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    expect(onChange).toHaveBeenCalled();
    expect(store.getSnapshot()).toHaveLength(1);
    unsubscribe();
  });

  test('the snapshot stays the same array until the cart changes', async () => {
    const store = createCartStore(noIndexedDb);
    await store.add(cartItemFromBill(licenceBill), 10);
    const first = store.getSnapshot();
    expect(store.getSnapshot()).toBe(first);
    await store.add(cartItemFromBill(assessmentBill), 10);
    expect(store.getSnapshot()).not.toBe(first);
  });

  test('removing paid bills takes exactly those, whatever hyphens their numbers carry', async () => {
    const store = createCartStore(noIndexedDb);
    await store.add(cartItemFromBill(licenceBill), 10);
    await store.add(cartItemFromBill(assessmentBill), 10);
    await store.add(cartItemFromQuote(chargeQuote), 10);

    const removed = await store.removeBills([
      { council: 'mps', payment_type: 'license', account_no: 'LO2026001001' },
      { council: 'mps', payment_type: 'compound', account_no: 'A01000137' },
    ]);
    expect(removed.map((item) => item.payment_type)).toEqual(['license']);
    expect(store.getSnapshot().map((item) => item.payment_type)).toEqual([
      'assessment',
      'local_government_charge',
    ]);
    expect(readCartCount()).toBe(2);
    expect(await store.removeBills([])).toEqual([]);
  });
});
