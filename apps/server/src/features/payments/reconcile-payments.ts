import type { ReviewReason } from '@portal/domain/contracts/office-payments';
import { isOpenPayment, type PaymentStatus } from '@portal/domain/payment-status';
import { asc, count, eq, inArray, isNotNull, lte, and } from 'drizzle-orm';
import type { PaymentTimings } from '../../config';
import { transactionWithRetry, type Database } from '../../db/database';
import { paymentEvents, payments } from '../../db/schema';
import type { EnquiryResult, GatewayClient } from '../../gateway/gateway-client';
import {
  applyGatewayVerdict,
  bankDecisionSeconds,
  lockedPayment,
  move,
  tellNotApproved,
  type Payment,
  type SettleOutcome,
} from './settle-payment';

export interface ReconcileTally {
  settled: number;
  failed: number;
  expired: number;
  refundsDue: number;
  /** Payments the payer's bank has not decided yet: held, and asked about again later. */
  pending: number;
  /** Requeries the gateway did not answer (or not in a way to trust): tried again later. */
  unanswered: number;
  /** Requeries the gateway refused as invalid: the merchant's settings are wrong. */
  refused: number;
}

/**
 * The reconciliation job (docs/payments.md). It takes the payments whose `requery_after` has come,
 * each server claiming its batch with FOR UPDATE SKIP LOCKED and pushing the next look back, and
 * for each:
 *
 * - a checkout never handed over to the gateway lets its bills go once its few minutes are up;
 * - a payment in progress is requeried: paid or failed is applied; "Record not found" means the
 *   card page may still be open, so the bills are released only once the page has timed out plus
 *   the margin, by this final requery; no trustworthy answer changes nothing and is asked about
 *   again later;
 * - a payment pending at the payer's bank is asked about until its bank's time is up (for a
 *   business account, its approver's hours): then it is let go, its payer told, and the gateway
 *   asked once more after as long again, in case the bank approved after all and its word was lost;
 * - a payment closed while its card page could still take a card is requeried once more after the
 *   page's timeout, so that a late approval is settled or owed back even if its callback is lost;
 *   if its bank is still deciding what the payer sent from that page, once more when the bank's time
 *   is up, as for a payment let go while pending.
 *
 * The gateway calls happen outside any transaction.
 */
export async function reconcilePayments(
  db: Database,
  gateway: GatewayClient,
  timings: PaymentTimings,
  now: Date = new Date(),
): Promise<ReconcileTally> {
  const lease = new Date(now.getTime() + timings.requeryAfterSeconds * 1000);
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(isNotNull(payments.requeryAfter), lte(payments.requeryAfter, now)))
      .orderBy(asc(payments.requeryAfter))
      .limit(20)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(payments)
      .set({ requeryAfter: lease })
      .where(
        inArray(
          payments.id,
          due.map((payment) => payment.id),
        ),
      )
      .returning();
  });

  const tally: ReconcileTally = {
    settled: 0,
    failed: 0,
    expired: 0,
    refundsDue: 0,
    pending: 0,
    unanswered: 0,
    refused: 0,
  };
  for (const payment of claimed) {
    if (payment.status === 'created') {
      if (await expireIfDue(db, timings, payment, now)) tally.expired++;
      continue;
    }
    const { answer, outcome, status } = await requeryPayment(db, gateway, timings, payment, now);
    // Asked again once the lease is up: the bank's decision, or an answer, may come by then.
    if (answer === 'no_answer' || answer === 'refused') {
      tally[answer === 'no_answer' ? 'unanswered' : answer]++;
      continue;
    }
    if (answer === 'pending' && status === 'pending') {
      tally.pending++;
      if (await expireIfDue(db, timings, payment, now)) tally.expired++;
      continue;
    }
    // Closed, but the payer went on at the card page and their bank has not decided yet.
    if (answer === 'pending' && (status === 'cancelled' || status === 'failed')) {
      if (await firstFoundDeciding(db, payment)) {
        tally.pending++;
        const lastLook = new Date(now.getTime() + bankDecisionSeconds(payment, timings) * 1000);
        await db
          .update(payments)
          .set({ requeryAfter: lastLook })
          .where(and(eq(payments.id, payment.id), eq(payments.requeryAfter, lease)));
        continue;
      }
    }
    if (outcome) {
      if (outcome === 'applied') tally[answer === 'paid' ? 'settled' : 'failed']++;
      if (outcome === 'refund_due') tally.refundsDue++;
    } else if (isOpenPayment(payment.status)) {
      if (await expireIfDue(db, timings, payment, now)) tally.expired++;
      continue;
    }
    // A closed payment had its final look, whatever the gateway said: nothing more to ask.
    await db
      .update(payments)
      .set({ requeryAfter: null })
      .where(and(eq(payments.id, payment.id), eq(payments.requeryAfter, lease)));
  }
  return tally;
}

/**
 * Asks the gateway about a payment now, and applies a paid or failed answer as any requery's; a
 * different amount, or a requery the gateway refused, flags an open payment for an officer.
 * Answers what the gateway said and, for a verdict, what was made of it.
 */
export async function requeryPayment(
  db: Database,
  gateway: GatewayClient,
  timings: PaymentTimings,
  payment: Payment,
  now: Date,
): Promise<{ answer: EnquiryResult['status']; outcome?: SettleOutcome; status: PaymentStatus }> {
  const result = await gateway.enquire(payment.reference, payment.amountSen);
  // Still deciding, as the portal knew: nothing to record every few minutes for hours.
  if (result.status === 'pending' && payment.status === 'pending') {
    return { answer: result.status, status: payment.status };
  }
  if (result.status === 'paid' || result.status === 'failed' || result.status === 'pending') {
    const fields = {
      RefNo: payment.reference,
      Status: result.status,
      TransId: result.verdict.transId,
    };
    const applied = await applyGatewayVerdict(db, 'requery', result.verdict, fields, now, timings);
    return {
      answer: result.status,
      outcome: applied.outcome,
      status: applied.status ?? payment.status,
    };
  }
  const flagFor = { wrong_amount: 'requery_incorrect_amount', refused: 'requery_refused' } as const;
  if (
    (result.status === 'wrong_amount' || result.status === 'refused') &&
    isOpenPayment(payment.status)
  ) {
    await flag(db, payment, flagFor[result.status], now);
  }
  return { answer: result.status, status: payment.status };
}

/**
 * Expires an open payment whose time is up: a checkout never handed over, one whose card page has
 * timed out (this run's requery was the final one), or one whose bank did not decide in its time;
 * that one's payer is told, and the gateway asked once more after as long again. Otherwise sets
 * its next look, no later than its release time.
 */
async function expireIfDue(
  db: Database,
  timings: PaymentTimings,
  claimed: Payment,
  now: Date,
): Promise<boolean> {
  return transactionWithRetry(db, async (tx) => {
    const payment = await lockedPayment(tx, claimed.id);
    if (!payment || !isOpenPayment(payment.status)) return false;
    const releaseAt = payment.releaseAt ?? now;
    if (releaseAt > now) {
      // A payer who came back and continued has moved the release time on.
      const next =
        payment.requeryAfter && payment.requeryAfter < releaseAt ? payment.requeryAfter : releaseAt;
      await tx.update(payments).set({ requeryAfter: next }).where(eq(payments.id, payment.id));
      return false;
    }
    const wasPending = payment.status === 'pending';
    await move(tx, payment, 'expired', {
      failureReason: 'expired',
      requeryAfter: wasPending
        ? new Date(now.getTime() + bankDecisionSeconds(payment, timings) * 1000)
        : null,
      updatedAt: now,
    });
    if (wasPending) await tellNotApproved(tx, payment, now);
    return true;
  });
}

/**
 * Whether this look is the first to find the bank deciding a payment the portal had closed: the
 * requery's 'pending' is kept among the payment's events (settle-payment.ts), this look's included.
 */
async function firstFoundDeciding(db: Database, payment: Payment): Promise<boolean> {
  const [found] = await db
    .select({ looks: count() })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.paymentId, payment.id),
        eq(paymentEvents.source, 'requery'),
        eq(paymentEvents.outcome, 'pending'),
      ),
    );
  return (found?.looks ?? 0) <= 1;
}

async function flag(db: Database, payment: Payment, reason: ReviewReason, now: Date) {
  await db
    .update(payments)
    .set({ reviewReason: reason, updatedAt: now })
    .where(eq(payments.id, payment.id));
}
