import { assessmentBalanceOf, assessmentOptions } from '@portal/domain/assessments';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  bills,
  ledgerEntries,
  mailMessages,
  paymentEvents,
  paymentItems,
  payments,
} from '../../db/schema';
import type { GatewayVerdict } from '../../gateway/gateway-client';

export type GatewaySource = 'return' | 'callback' | 'requery';
export type SettleOutcome = 'applied' | 'duplicate' | 'flagged' | 'unknown';

/** iPay88's ErrDesc when the payer pressed cancel on the card page. */
const customerCancelled = 'Customer Cancel Transaction';

type Payment = typeof payments.$inferSelect;

/**
 * Applies what the gateway says of a payment (DESIGN.md section 4), from its browser return, its
 * server-to-server callback or our requery, which may come in any order, more than once, or be
 * forged. In one transaction, with the payment row locked: a trusted approval of a payment in
 * progress settles it, posts to the ledger and queues the receipt; a trusted decline fails it;
 * anything else changes nothing but the record of what came, and a message that cannot be trusted
 * or does not match flags the payment for an officer. A payment is never paid twice nor with a
 * wrong amount.
 */
export async function applyGatewayVerdict(
  db: Database,
  source: GatewaySource,
  verdict: GatewayVerdict,
  fields: Record<string, string>,
  now: Date = new Date(),
): Promise<{ outcome: SettleOutcome; payment: Payment | undefined }> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.reference, verdict.reference))
      .for('update');
    const record = async (outcome: SettleOutcome, note?: string) => {
      await tx.insert(paymentEvents).values({
        paymentId: payment?.id ?? null,
        reference: verdict.reference.slice(0, 64),
        source,
        outcome,
        note,
        fields,
        receivedAt: now,
      });
      return { outcome, payment };
    };
    const flag = async (reason: string) => {
      await tx
        .update(payments)
        .set({ reviewReason: reason, updatedAt: now })
        .where(eq(payments.id, payment!.id));
      return record('flagged', reason);
    };

    if (!payment) return record('unknown');
    if (!verdict.trusted) return flag(verdict.reason);
    if (verdict.amountSen !== payment.amountSen) return flag('amount_mismatch');

    if (verdict.approved) {
      if (payment.status === 'in_progress') {
        await settle(tx as unknown as Database, payment, verdict, now);
        return record('applied');
      }
      if (payment.status === 'successful') {
        const sameTransaction = !verdict.transId || verdict.transId === payment.gatewayTransId;
        return sameTransaction ? record('duplicate') : flag('second_approval');
      }
      // Approved after we gave up on it: the payer's money was taken, so an officer must act.
      return flag('approved_after_' + payment.status);
    }
    if (payment.status !== 'in_progress') return record('duplicate');
    await tx
      .update(payments)
      .set({
        status: verdict.errDesc === customerCancelled ? 'cancelled' : 'failed',
        failureReason: verdict.errDesc || null,
        gatewayTransId: verdict.transId || null,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    return record('applied');
  });
}

type Approval = Extract<GatewayVerdict, { trusted: true }>;

/** Marks the payment paid, takes each line off its bill in the ledger, and queues the receipt. */
async function settle(tx: Database, payment: Payment, approval: Approval, now: Date) {
  await tx
    .update(payments)
    .set({
      status: 'successful',
      paidAt: now,
      gatewayTransId: approval.transId || null,
      gatewayAuthCode: approval.authCode || null,
      cardMasked: approval.cardMasked || null,
      cardBank: approval.bank || null,
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id));

  const lines = await tx.select().from(paymentItems).where(eq(paymentItems.paymentId, payment.id));
  for (const line of lines) {
    if (line.billId === null) continue;
    const [bill] = await tx.select().from(bills).where(eq(bills.id, line.billId)).for('update');
    if (!bill) continue;
    await tx
      .update(bills)
      .set({ ...billAfterPayment(bill, line), updatedAt: now })
      .where(eq(bills.id, bill.id));
    await tx
      .insert(ledgerEntries)
      .values({ paymentId: payment.id, billId: bill.id, amountSen: line.amountSen, postedAt: now });
  }
  await tx.insert(mailMessages).values({
    kind: 'receipt',
    paymentId: payment.id,
    recipient: payment.payerEmail,
    createdAt: now,
    sendAfter: now,
  });
}

/**
 * A bill once a payment line is taken off it. An assessment pays its arrears first, then this
 * year's tax; the full selection clears it, special discount included (spec section 4). Other
 * bills are paid in full. Never below zero: the council's ledger keeps the exact postings.
 */
export function billAfterPayment(
  bill: typeof bills.$inferSelect,
  line: typeof paymentItems.$inferSelect,
): Pick<typeof bills.$inferSelect, 'amountDueSen' | 'status' | 'details'> {
  if (bill.paymentType !== 'assessment') {
    const amountDueSen = Math.max(0, bill.amountDueSen - line.amountSen);
    const status = bill.paymentType === 'license' || amountDueSen > 0 ? bill.status : 'paid';
    return { amountDueSen, status, details: bill.details };
  }
  const balance = assessmentBalanceOf(bill.details);
  let { arrearsSen, currentSen, specialDiscountSen } = balance;
  if (line.details.selection === 'full') {
    arrearsSen = currentSen = specialDiscountSen = 0;
  } else {
    const toArrears = Math.min(arrearsSen, line.amountSen);
    arrearsSen -= toArrears;
    currentSen -= Math.min(currentSen, line.amountSen - toArrears);
  }
  const left = { ...balance, arrearsSen, currentSen, specialDiscountSen };
  const full = assessmentOptions(left).find((option) => option.selection === 'full');
  const amountDueSen = full?.minimumSen ?? 0;
  return {
    amountDueSen,
    status: amountDueSen === 0 ? 'paid' : bill.status,
    details: {
      ...bill.details,
      arrears_sen: arrearsSen,
      current_sen: currentSen,
      special_discount_sen: specialDiscountSen,
      paid_until: line.details.paid_until ?? bill.details.paid_until,
    },
  };
}
