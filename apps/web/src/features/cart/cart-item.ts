import type { AssessmentSelection } from '@portal/domain/assessments';
import { isSen, type Sen } from '@portal/domain/money';
import { paymentTypes, type PaymentType } from '@portal/domain/payment-types';
import type { FoundBill, LocalChargeQuote } from '@portal/domain/contracts/search';
import type { LicenceDetail, RenewalOptionView } from '@portal/domain/contracts/licences';
import type { RenewalPeriod } from '@portal/domain/licences';

/**
 * One bill in the cart (docs/cart.md: the searched bill plus amount, council, added_cart_at and,
 * for an assessment, the selection). What the cart page shows is kept beside the bill so that the
 * page never digs into a type's details; checkout sends the bill back and the server re-reads it,
 * so nothing here is trusted for the amount charged.
 */
export interface CartItem {
  /** Dexie's `++id` key; given by the local-storage fallback when IndexedDB is unavailable. */
  id?: number;
  council: string;
  payment_type: PaymentType;
  account_no: string;
  owner_name: string;
  description: string;
  /** The amount chosen to pay, in sen. */
  amount: Sen;
  /** What the bill says is owed, in sen. */
  amount_due: Sen;
  /** Assessment only (docs/cart.md). */
  selection?: AssessmentSelection;
  /** Assessment only: `YYYY/Q`, the last quarter the chosen amount pays. */
  paid_until?: string;
  /** Local government charge only: the licence it belongs to (docs/cart.md). */
  license_no?: string;
  /** A licence's renewal only: the period bought and the date it makes the licence valid to. */
  renewal?: { period: RenewalPeriod; valid_until: string };
  /** ISO timestamp. */
  added_cart_at: string;
  bill: FoundBill | LocalChargeQuote | LicenceDetail;
}

/** A cart item with its key, as the store hands it out. */
export type StoredCartItem = CartItem & { id: number };

export interface AssessmentChoiceForCart {
  selection: AssessmentSelection;
  amount: Sen;
  paidUntil: string;
}

/** The cart item for a bill found by the search; an assessment carries the chosen selection. */
export function cartItemFromBill(
  bill: FoundBill,
  choice?: AssessmentChoiceForCart,
  now: Date = new Date(),
): CartItem {
  return {
    council: bill.council,
    payment_type: bill.payment_type,
    account_no: bill.account_no,
    owner_name: bill.owner_name,
    description: bill.description,
    amount: choice?.amount ?? bill.amount_due,
    amount_due: bill.amount_due,
    ...(choice ? { selection: choice.selection, paid_until: choice.paidUntil } : {}),
    added_cart_at: now.toISOString(),
    bill,
  };
}

/** The cart item for a licence's renewal, at the price the licence screen showed. */
export function cartItemFromRenewal(
  licence: LicenceDetail,
  option: RenewalOptionView,
  now: Date = new Date(),
): CartItem {
  return {
    council: licence.council,
    payment_type: 'license',
    account_no: licence.licence_no,
    owner_name: licence.owners[0]?.name ?? '',
    description: licence.business_name,
    amount: option.amount,
    amount_due: option.amount,
    renewal: { period: option.period, valid_until: option.valid_until },
    added_cart_at: now.toISOString(),
    bill: licence,
  };
}

/** The cart item for a quoted local government charge, linked to its licence. */
export function cartItemFromQuote(quote: LocalChargeQuote, now: Date = new Date()): CartItem {
  return {
    council: quote.council,
    payment_type: 'local_government_charge',
    account_no: quote.account_no,
    owner_name: quote.customer_name,
    description: quote.description,
    amount: quote.amount_due,
    amount_due: quote.amount_due,
    license_no: quote.license_no,
    added_cart_at: now.toISOString(),
    bill: quote,
  };
}

/**
 * Whether something read back from storage is a cart item we can show and total. Storage outlives
 * releases and can be edited by hand, so what comes back is checked rather than trusted.
 */
export function isStoredCartItem(value: unknown): value is StoredCartItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === 'number' &&
    typeof item.council === 'string' &&
    typeof item.payment_type === 'string' &&
    (paymentTypes as readonly string[]).includes(item.payment_type) &&
    typeof item.account_no === 'string' &&
    typeof item.owner_name === 'string' &&
    isSen(item.amount) &&
    typeof item.bill === 'object' &&
    item.bill !== null
  );
}

/** The items a local-storage mirror holds: unreadable is none, and nonsense items are dropped. */
export function cartItemsOf(mirror: string | null): StoredCartItem[] {
  if (!mirror) return [];
  try {
    const items: unknown = JSON.parse(mirror);
    return Array.isArray(items) ? items.filter(isStoredCartItem) : [];
  } catch {
    return [];
  }
}

/** When a found bill was due (YYYY-MM-DD); a renewal or a charge has no due date of its own. */
export function dueDateOf(item: CartItem): string | null {
  if (item.renewal || !('due_date' in item.bill)) return null;
  return typeof item.bill.due_date === 'string' ? item.bill.due_date : null;
}
