import { describe, expect, test } from 'vitest';
import { assessmentBill, chargeQuote, compoundBill, licenceBill } from '../../test/portal-fixtures';
import { cartItemFromBill, cartItemFromQuote, type StoredCartItem } from './cart-item';
import { cartTotal, idsToRemove, isSameBill, nextId, problemAdding } from './cart-rules';

const stored = (item: ReturnType<typeof cartItemFromBill>, id: number): StoredCartItem => ({
  ...item,
  id,
});

const licence = stored(cartItemFromBill(licenceBill), 1);
const compound = stored(cartItemFromBill(compoundBill), 2);
const charge = stored(cartItemFromQuote(chargeQuote), 3);

describe('the cart’s rules', () => {
  test('a bill is the same bill at the same council, of the same type, with the same number', () => {
    expect(isSameBill(licence, { ...licence })).toBe(true);
    expect(isSameBill(licence, { ...licence, account_no: 'lo2026001001' })).toBe(true);
    expect(isSameBill(licence, { ...licence, council: 'mpt' })).toBe(false);
    expect(isSameBill(licence, { ...licence, payment_type: 'compound' })).toBe(false);
    expect(isSameBill(licence, { ...licence, account_no: 'LO-2026-001002' })).toBe(false);
  });

  test('adding a bill already in the cart is refused as already_in_cart', () => {
    expect(problemAdding([licence, compound], cartItemFromBill(licenceBill), 10)).toBe(
      'already_in_cart',
    );
  });

  test('adding beyond the limit is refused as cart_full; a bill already there says so first', () => {
    const two = [licence, compound];
    expect(problemAdding(two, cartItemFromBill(assessmentBill), 2)).toBe('cart_full');
    expect(problemAdding(two, cartItemFromBill(compoundBill), 2)).toBe('already_in_cart');
    expect(problemAdding(two, cartItemFromBill(assessmentBill), 3)).toBeUndefined();
  });

  test('removing a licence takes the charges linked to it at the same council along', () => {
    const elsewhere: StoredCartItem = { ...charge, id: 4, council: 'mpt' };
    const items = [licence, compound, charge, elsewhere];
    expect(idsToRemove(items, licence.id)).toEqual([1, 3]);
  });

  test('removing anything else takes only that item', () => {
    const items = [licence, compound, charge];
    expect(idsToRemove(items, charge.id)).toEqual([3]);
    expect(idsToRemove(items, compound.id)).toEqual([2]);
    expect(idsToRemove(items, 99)).toEqual([]);
  });

  test('the total adds the chosen amounts in sen', () => {
    expect(cartTotal([])).toBe(0);
    expect(cartTotal([licence, compound, charge])).toBe(90_000 + 10_000 + 6_000);
  });

  test('without IndexedDB, ids keep counting up from the highest', () => {
    expect(nextId([])).toBe(1);
    expect(nextId([compound, licence])).toBe(3);
  });
});

describe('cart items', () => {
  test('an assessment carries the chosen selection, amount and paid-until', () => {
    const item = cartItemFromBill(
      assessmentBill,
      { selection: 'arrears', amount: 50_000, paidUntil: '2025/4' },
      new Date('2026-01-02T03:04:05Z'),
    );
    expect(item).toMatchObject({
      council: 'mps',
      payment_type: 'assessment',
      account_no: 'A01000137',
      owner_name: 'Mohd********',
      amount: 50_000,
      amount_due: 158_000,
      selection: 'arrears',
      paid_until: '2025/4',
      added_cart_at: '2026-01-02T03:04:05.000Z',
    });
    expect(item.bill).toBe(assessmentBill);
  });

  test('a local government charge is linked to its licence', () => {
    expect(cartItemFromQuote(chargeQuote)).toMatchObject({
      payment_type: 'local_government_charge',
      account_no: 'LO-2026-001001',
      license_no: 'LO-2026-001001',
      owner_name: 'Kedai Kopi Sandakan',
      amount: 6_000,
    });
  });
});
