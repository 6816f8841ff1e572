import { enquiryAnswers } from '@portal/gateway-protocol/ipay88';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { payments } from '../../db/schema';
import type { GatewayClient } from '../../gateway/gateway-client';
import { applyGatewayVerdict } from './settle-payment';

export interface ReconcileSettings {
  requeryAfterSeconds: number;
  expireAfterSeconds: number;
}

/**
 * The reconciliation job (issue 4): payments still in progress after the grace period are
 * requeried at the gateway and settled, failed or, once old enough, expired. Each server claims
 * its batch with FOR UPDATE SKIP LOCKED and pushes the next look back, so several servers share
 * the work without asking about one payment twice at once; the gateway call itself happens
 * outside any transaction.
 */
export async function reconcilePayments(
  db: Database,
  gateway: GatewayClient,
  settings: ReconcileSettings,
  now: Date = new Date(),
): Promise<{ settled: number; failed: number; expired: number }> {
  const graceStart = new Date(now.getTime() - settings.requeryAfterSeconds * 1000);
  const nextLook = new Date(now.getTime() + settings.requeryAfterSeconds * 1000);
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'in_progress'),
          lt(payments.createdAt, graceStart),
          or(isNull(payments.requeryAfter), lt(payments.requeryAfter, now)),
        ),
      )
      .limit(20)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(payments)
      .set({ requeryAfter: nextLook })
      .where(
        inArray(
          payments.id,
          due.map((payment) => payment.id),
        ),
      )
      .returning();
  });

  const tally = { settled: 0, failed: 0, expired: 0 };
  for (const payment of claimed) {
    const answer = await gateway.enquire(payment.reference, payment.amountSen);
    const fields = { RefNo: payment.reference, Enquiry: answer };
    if (answer === enquiryAnswers.success || answer === enquiryAnswers.failed) {
      const approved = answer === enquiryAnswers.success;
      const { outcome } = await applyGatewayVerdict(
        db,
        'requery',
        {
          trusted: true,
          reference: payment.reference,
          amountSen: payment.amountSen,
          approved,
          transId: '',
          authCode: '',
          errDesc: approved ? '' : 'Payment fail',
          cardMasked: '',
          bank: '',
        },
        fields,
        now,
      );
      if (outcome === 'applied') tally[approved ? 'settled' : 'failed']++;
    } else if (
      answer === enquiryAnswers.notFound &&
      payment.createdAt.getTime() < now.getTime() - settings.expireAfterSeconds * 1000
    ) {
      // The gateway never saw it paid and its time is up: the payer abandoned it.
      const expired = await db
        .update(payments)
        .set({ status: 'expired', failureReason: 'expired', updatedAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'in_progress')))
        .returning({ id: payments.id });
      tally.expired += expired.length;
    } else if (answer === enquiryAnswers.incorrectAmount) {
      await db
        .update(payments)
        .set({ reviewReason: 'requery_incorrect_amount', updatedAt: now })
        .where(eq(payments.id, payment.id));
    }
  }
  return tally;
}
