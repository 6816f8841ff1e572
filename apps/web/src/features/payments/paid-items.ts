import type { Receipt } from '@portal/domain/contracts/receipts';
import { removePaidFromCart } from '../cart';

/**
 * The payments whose bills were already taken out of this browser's cart. Kept so that opening an
 * old confirmation again (a bookmark, the back button) does not remove a bill put in the cart since,
 * e.g. next year's assessment under the same account number.
 */
export const CLEARED_PAYMENTS_KEY = 'receipts.cartCleared';
const KEEP = 20;

function readCleared(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(CLEARED_PAYMENTS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function writeCleared(references: string[]): void {
  try {
    window.localStorage.setItem(CLEARED_PAYMENTS_KEY, JSON.stringify(references.slice(-KEEP)));
  } catch {
    // Blocked storage: at worst a later visit to this confirmation removes the same bills again.
  }
}

/**
 * Once a payment is successful, takes its bills out of the cart: the same council, payment type and
 * account number as a service line of the receipt. Done once per payment: the mark is written
 * before the removal starts, so a second call while it runs does nothing. Answers whether it ran.
 */
export async function removePaidItemsOnce(receipt: Receipt): Promise<boolean> {
  if (receipt.status !== 'successful') return false;
  const cleared = readCleared();
  if (cleared.includes(receipt.reference)) return false;
  writeCleared([...cleared, receipt.reference]);
  try {
    await removePaidFromCart(receipt.items);
  } catch {
    // The cart could not be written: leave the bills for the payer to remove, and allow a retry.
    writeCleared(readCleared().filter((reference) => reference !== receipt.reference));
    return false;
  }
  return true;
}
