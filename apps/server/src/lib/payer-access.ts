import { eq } from 'drizzle-orm';
import type { PayerCredentials } from '@portal/domain/contracts/payments';
import type { Database } from '../db/database';
import { payments } from '../db/schema';
import { AppError } from './app-error';
import { hashToken, sameSecret } from './secrets';

export type Payment = typeof payments.$inferSelect;

export const noSuchPayment = () => new AppError('not_found', 'No payment matches');

export async function paymentByReference(db: Database, reference: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.reference, reference.trim().toUpperCase()));
  return payment;
}

/**
 * The payment, for its payer only: the browser that checked out (its token), or the logged-in user
 * whose payment it is. Anyone else gets the same 404 as for a reference that does not exist.
 */
export async function payersPayment(
  db: Database,
  credentials: PayerCredentials,
  userId: number | undefined,
): Promise<Payment> {
  const payment = await paymentByReference(db, credentials.reference);
  const byToken =
    credentials.receipt_token !== undefined &&
    sameSecret(payment?.receiptTokenHash, hashToken(credentials.receipt_token));
  const byOwner = userId !== undefined && payment?.userId === userId;
  if (!payment || !(byToken || byOwner)) throw noSuchPayment();
  return payment;
}
