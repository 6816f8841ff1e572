import type { ListedBill } from '@portal/domain/contracts/search';
import { cartItemFromBill, type CartItem } from '../cart';

/**
 * The cart item one tap on a listed bill adds: the bill at what it owes, and an assessment at its
 * full payment with the special discount, the one selection that needs no amount typed
 * (docs/cart.md). Undefined when a tap cannot add it: a payment under way holds it, or an
 * assessment came without its full selection.
 */
export function cartItemFromListed(bill: ListedBill, now: Date = new Date()): CartItem | undefined {
  if (bill.held_until) return undefined;
  if (bill.payment_type !== 'assessment') return cartItemFromBill(bill, undefined, now);
  const full = bill.assessment_options?.find((option) => option.selection === 'full');
  if (!full) return undefined;
  return cartItemFromBill(
    bill,
    { selection: 'full', amount: full.maximum, paidUntil: full.paid_until },
    now,
  );
}
