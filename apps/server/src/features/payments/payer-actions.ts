import { isOpenPayment, statusesMovingTo, type PaymentStatus } from '@portal/domain/payment-status';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PaymentTimings } from '../../config';
import { transactionWithRetry, type Database } from '../../db/database';
import { preparedStatement } from '../../db/prepared-statement';
import { paymentEvents, payments } from '../../db/schema';
import type { GatewayClient } from '../../gateway/gateway-client';
import { AppError } from '../../lib/app-error';
import type { PayerCredentials } from '@portal/domain/contracts/payments';
import { payersPayment, type Payment } from '../../lib/payer-access';
import { hashToken } from '../../lib/secrets';
import { requeryPayment } from './reconcile-payments';
import { finalCheckAt, lockedPayment, move } from './settle-payment';

/** How many times one payment may be sent to the gateway: the first time and four "continue"s. */
const maxHandovers = 5;

export interface HandoverAnswer {
  status: PaymentStatus;
  /** The signed form the browser posts to the gateway; null when the payment is no longer open. */
  gateway: { action: string; fields: Record<string, string> } | null;
  /** When its bills go back to others if it is not paid by then. */
  release_at: string | null;
}

const gatewayUnavailable = () =>
  new AppError(
    'gateway_unavailable',
    'The card gateway does not answer; try again shortly',
    undefined,
    undefined,
    {
      'retry-after': '30',
    },
  );

/**
 * Asks the gateway about a payment its payer is acting on, and applies a paid or failed answer
 * first: an approval always wins over what the payer asked. Answers the status to go on from; a
 * payment its bank is still deciding, or without a clear answer, is left as it is.
 */
async function gatewaysWord(
  db: Database,
  gateway: GatewayClient,
  timings: PaymentTimings,
  payment: Payment,
  now: Date,
): Promise<PaymentStatus> {
  const { answer, status } = await requeryPayment(db, gateway, timings, payment, now);
  // Another card page, or the bills let go, while the bank may still approve: never.
  if (answer === 'pending' || status === 'pending') throw pendingAtBank();
  if (answer === 'no_answer' || answer === 'refused' || answer === 'wrong_amount') {
    throw gatewayUnavailable();
  }
  return status;
}

const pendingAtBank = () =>
  new AppError('payment_pending_at_bank', "The payer's bank has not decided yet");

/** Whether the gateway may have this payment: its payer was sent there, or its bank is deciding. */
const reachedGateway = (status: PaymentStatus) => status === 'in_progress' || status === 'pending';

/**
 * Sends the payer to the gateway (docs/payments.md): the first time after checkout, and again when
 * the payer comes back and continues. Before a "continue" the gateway is asked what became of the
 * payment, so that a payment already paid is shown as paid rather than sent again. Each handover
 * opens a new card page, so the bills are held until that page has timed out, plus the margin.
 */
export async function handOver(
  db: Database,
  gateway: GatewayClient,
  timings: PaymentTimings,
  credentials: PayerCredentials,
  userId: number | undefined,
  now: Date,
): Promise<HandoverAnswer> {
  const releaseAt = new Date(
    now.getTime() + (timings.gatewayPageTimeoutSeconds + timings.releaseMarginSeconds) * 1000,
  );
  const hold = {
    now,
    releaseAt,
    requeryAfter: new Date(
      Math.min(now.getTime() + timings.requeryAfterSeconds * 1000, releaseAt.getTime()),
    ),
  };

  // Right after checkout, from the browser that checked out: one statement does it all.
  let handedOver =
    credentials.receipt_token === undefined
      ? undefined
      : (
          await handOverJustCreated(db, {
            ...hold,
            reference: credentials.reference.trim().toUpperCase(),
            receiptTokenHash: hashToken(credentials.receipt_token),
          })
        )[0];
  if (!handedOver) {
    const payment = await payersPayment(db, credentials, userId);
    if (!isOpenPayment(payment.status)) return closedAnswer(payment.status);
    if (payment.handovers >= maxHandovers) {
      throw new AppError('rate_limited', 'Cancel this payment and start again');
    }
    if (reachedGateway(payment.status)) {
      const status = await gatewaysWord(db, gateway, timings, payment, now);
      if (!isOpenPayment(status)) return closedAnswer(status);
    }
    // Conditional: it moves the payment only while the lifecycle still lets it go to the card
    // page (or it is there already, for a new page), whatever else (a callback, the job)
    // happened meanwhile.
    [handedOver] = await handOverAgain(db, { ...hold, id: payment.id });
    if (!handedOver) {
      const [current] = await db
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.id, payment.id));
      return closedAnswer(current?.status ?? payment.status);
    }
    await db.insert(paymentEvents).values({
      paymentId: handedOver.id,
      reference: handedOver.reference,
      source: 'payer',
      outcome: 'applied',
      note: handedOver.handovers > 1 ? 'continued' : 'handed_over',
      receivedAt: now,
    });
  }
  const form = gateway.paymentForm({
    paymentId: handedOver.gatewayPaymentId,
    reference: handedOver.reference,
    amountSen: handedOver.amountSen,
    description: handedOver.description,
    payerName: handedOver.payerName,
    payerEmail: handedOver.payerEmail,
    payerPhone: handedOver.payerPhone,
  });
  return {
    status: 'in_progress',
    gateway: { action: form.action, fields: { ...form.fields } },
    release_at: releaseAt.toISOString(),
  };
}

/**
 * The statement that sends a payment to the card page, where `condition` holds: it is held until
 * that page has timed out, plus the margin, and the job asks the gateway about it before then.
 */
function handOverWhere(db: Database, condition: SQL | undefined) {
  // An update's values take placeholders as SQL.
  const [now, releaseAt, requeryAfter] = ['now', 'releaseAt', 'requeryAfter'].map(
    (name) => sql`${sql.placeholder(name)}`,
  );
  return db
    .update(payments)
    .set({
      status: 'in_progress',
      handedOverAt: now,
      handovers: sql`${payments.handovers} + 1`,
      releaseAt,
      requeryAfter,
      updatedAt: now,
    })
    .where(condition)
    .returning();
}

const handOverJustCreated = preparedStatement('handover_created', (db) =>
  handOverWhere(
    db,
    and(
      eq(payments.reference, sql.placeholder('reference')),
      eq(payments.receiptTokenHash, sql.placeholder('receiptTokenHash')),
      eq(payments.status, 'created'),
    ),
  ),
);

const handOverAgain = preparedStatement('handover_again', (db) =>
  handOverWhere(
    db,
    and(
      eq(payments.id, sql.placeholder('id')),
      inArray(payments.status, [...statusesMovingTo('in_progress'), 'in_progress']),
    ),
  ),
);

/** A payment no longer open: no form, its status to show instead. */
function closedAnswer(status: PaymentStatus): HandoverAnswer {
  return { status, gateway: null, release_at: null };
}

/**
 * Cancels a payment its payer gave up on, so its bills can be paid again at once (docs/payments.md).
 * A payment that reached the gateway is requeried first: if the card was approved meanwhile, the
 * payment is settled instead, and if the gateway does not answer, nothing changes. A card page
 * left open may still take the card later; the job asks the gateway once more after its timeout.
 */
export async function cancelPayment(
  db: Database,
  gateway: GatewayClient,
  timings: PaymentTimings,
  credentials: PayerCredentials,
  userId: number | undefined,
  now: Date,
): Promise<{ status: PaymentStatus }> {
  const payment = await payersPayment(db, credentials, userId);
  if (!isOpenPayment(payment.status)) return { status: payment.status };
  if (reachedGateway(payment.status)) {
    const status = await gatewaysWord(db, gateway, timings, payment, now);
    if (!isOpenPayment(status)) return { status };
  }
  return transactionWithRetry(db, async (tx) => {
    const current = await lockedPayment(tx, payment.id);
    if (!current || !isOpenPayment(current.status))
      return { status: current?.status ?? payment.status };
    if (current.status === 'pending') throw pendingAtBank();
    await move(tx, current, 'cancelled', {
      failureReason: 'cancelled_by_payer',
      requeryAfter: finalCheckAt(current, now),
      updatedAt: now,
    });
    await tx.insert(paymentEvents).values({
      paymentId: current.id,
      reference: current.reference,
      source: 'payer',
      outcome: 'applied',
      note: 'cancelled',
      receivedAt: now,
    });
    return { status: 'cancelled' as const };
  });
}
