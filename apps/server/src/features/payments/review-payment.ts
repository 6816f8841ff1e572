import type { ReviewOutcome } from '@portal/domain/contracts/office-payments';
import { eq } from 'drizzle-orm';
import type { PaymentTimings } from '../../config';
import { transactionWithRetry, type Database } from '../../db/database';
import { paymentEvents, payments } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { applyGatewayVerdict, lockedPayment } from './settle-payment';

/** An officer's decision: the payment was paid, as the gateway's report shows, or the flag is wrong. */
export type ReviewDecision = { accept: true; transId: string } | { accept: false };

/**
 * Resolves a payment flagged for review (docs/back-office.md), in one transaction with the payment
 * locked, so that two officers deciding at once resolve it once. Accepting it is the gateway's
 * approval, by the officer's reading of its report: the same rules as any approval settle it, or
 * owe its money back when its bills were paid meanwhile. Rejecting it only dismisses the flag; the
 * payment goes on as it was. `record` writes the audit entry in the same transaction.
 */
export async function resolveReview(
  db: Database,
  timings: PaymentTimings,
  paymentId: number,
  decision: ReviewDecision,
  reason: string,
  now: Date,
  record: (tx: Database, outcome: ReviewOutcome) => Promise<void>,
): Promise<ReviewOutcome> {
  return transactionWithRetry(db, async (tx) => {
    const payment = await lockedPayment(tx, paymentId);
    if (!payment?.reviewReason) {
      throw new AppError('no_review_pending', 'The review was resolved already');
    }
    let outcome: ReviewOutcome = 'rejected';
    if (decision.accept) {
      const verdict = {
        trusted: true as const,
        reference: payment.reference,
        amountSen: payment.amountSen,
        approved: true,
        pending: false,
        paymentId: '',
        transId: decision.transId,
        authCode: '',
        errDesc: '',
        cardMasked: '',
        bank: '',
      };
      const fields = { RefNo: payment.reference, TransId: decision.transId, Reason: reason };
      const applied = await applyGatewayVerdict(tx, 'office', verdict, fields, now, timings);
      // The verdict carries the payment's own amount and reference: nothing else can come of it.
      if (
        applied.outcome === 'flagged' ||
        applied.outcome === 'unknown' ||
        applied.outcome === 'to_confirm' ||
        applied.outcome === 'pending'
      ) {
        throw new Error(`an officer's approval of ${payment.reference} was ${applied.outcome}`);
      }
      outcome = applied.outcome;
    } else {
      await tx.insert(paymentEvents).values({
        paymentId: payment.id,
        reference: payment.reference,
        source: 'office',
        outcome: 'rejected',
        note: reason,
        receivedAt: now,
      });
    }
    await tx
      .update(payments)
      .set({ reviewReason: null, reviewTransId: null, updatedAt: now })
      .where(eq(payments.id, payment.id));
    await record(tx, outcome);
    return outcome;
  });
}
