import type { ReviewReason } from '@portal/domain/contracts/office-payments';
import {
  amountDueOf,
  assessmentBalanceOf,
  balanceAfterPayment,
  type AssessmentSelection,
} from '@portal/domain/assessments';
import { cardBrandOfNumber } from '@portal/domain/card-numbers';
import { malaysiaDay } from '@portal/domain/display-filters';
import { awaitsApprover, channelOf } from '@portal/domain/payment-methods';
import { isAssessment } from '@portal/domain/payment-types';
import {
  canMovePayment,
  isOpenPayment,
  openStatuses,
  type PaymentStatus,
} from '@portal/domain/payment-status';
import { responseStatuses } from '@portal/gateway-protocol/ipay88';
import {
  and,
  asc,
  eq,
  getTableColumns,
  inArray,
  ne,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import type { PaymentTimings } from '../../config';
import { transactionWithRetry, type Database } from '../../db/database';
import { preparedStatement } from '../../db/prepared-statement';
import {
  bills,
  councils,
  ledgerEntries,
  mailMessages,
  paymentEvents,
  paymentItems,
  payments,
  refunds,
  userLicences,
} from '../../db/schema';
import type { TrustedVerdict } from '../../gateway/gateway-client';
import { availabilityColumns, qualified } from '../../lib/bill-queries';
import { priceBill } from '../../lib/bill-rules';
import { renewalLineOf, renewalStillApplies, renewedLicence } from '../../lib/licence-rules';

/** Where word of a payment came from: the gateway's messages, or an officer reading its report. */
export type GatewaySource = 'return' | 'callback' | 'requery' | 'office';
export type SettleOutcome =
  'applied' | 'duplicate' | 'flagged' | 'unknown' | 'refund_due' | 'to_confirm' | 'pending';

/** iPay88's ErrDesc when the payer pressed cancel on the card page. */
const customerCancelled = 'Customer Cancel Transaction';

/**
 * Messages that changed nothing kept per payment: enough to see what came, never a table that a
 * replay can fill (each distinct signed message is kept once per source anyway).
 */
export const keptMessagesPerPayment = 50;

export type Payment = typeof payments.$inferSelect;
type Line = typeof paymentItems.$inferSelect;

/**
 * Applies what the gateway says of a payment (docs/payments.md), from its browser return, its
 * server-to-server callback or our requery, which may come in any order, more than once, or long
 * after the portal closed the payment. The caller has checked the signature. In one transaction,
 * with the payment row locked:
 *
 * - an approval settles an open payment: the bills are paid, the ledger posted, the receipt queued;
 * - an approval of a payment the portal had closed (failed, cancelled, expired) settles it as well
 *   when every bill still owes what it paid and no other payment holds it; otherwise the money is
 *   owed back to the payer (`refund_due`, a refund row, an e-mail), once per payment, but only on
 *   the gateway's own word: a requery, or an officer reading its report. A return or callback, which
 *   a payer's browser can replay, only has the job ask the gateway at once;
 * - an approval under another transaction of a payment already approved, which the gateway does
 *   not make, is flagged for an officer with both transactions, and owes nothing until the officer
 *   has checked the gateway's report;
 * - a decline closes an open payment, and frees its bills; one that was pending at the bank tells
 *   its payer by e-mail;
 * - pending (a bank that has not decided yet) makes an open payment `pending`: it holds its bills
 *   for as long as the payer's bank may still approve (for a business account, its approver's
 *   hours), and cannot be cancelled; the gateway tells the decision later;
 * - anything else is only recorded, each distinct signed message once; a signed message that does
 *   not match flags it for an officer.
 *
 * So for every approved gateway transaction there is exactly one receipt or one refund, no bill
 * is paid twice, and no message a payer holds makes money owed back.
 */
export async function applyGatewayVerdict(
  db: Database,
  source: GatewaySource,
  verdict: TrustedVerdict,
  fields: Record<string, string>,
  now: Date,
  timings: PaymentTimings,
): Promise<{ outcome: SettleOutcome; reference?: string; status?: PaymentStatus }> {
  return transactionWithRetry(db, async (tx) => {
    const [found] = await lockPaymentWithLines(tx, { reference: verdict.reference });
    const { payment, lines = [] } = found ?? {};
    /** What came, as the payment's events keep it. */
    const eventOf = (outcome: SettleOutcome, note?: string) => ({
      paymentId: payment?.id ?? null,
      reference: verdict.reference.slice(0, 64),
      source,
      outcome,
      note: note ?? null,
      fields,
      contentKey: fields.Signature ? `${source}:${fields.Signature}` : null,
      receivedAt: now,
    });
    const answer = (outcome: SettleOutcome, status?: PaymentStatus) => ({
      outcome,
      reference: payment?.reference,
      status: status ?? payment?.status,
    });
    /** Records what came and what was made of it; answers the payment's status after it. */
    const record = async (outcome: SettleOutcome, status?: PaymentStatus, note?: string) => {
      const event = eventOf(outcome, note);
      // A move of the payment happens once: its message is always kept. Any other is kept once.
      if (outcome === 'applied' || outcome === 'refund_due' || outcome === 'flagged') {
        await tx.insert(paymentEvents).values(event);
      } else {
        await keepOnce(tx, event);
      }
      return answer(outcome, status);
    };
    /** Settles the payment; its message is kept by the same statement that writes the settlement. */
    const settled = async (note?: string) => {
      await settle(tx, payment!, lines, verdict, now, eventOf('applied', note));
      return answer('applied', 'successful');
    };
    /** Flags the payment for an officer, once for each reason. */
    const flag = async (reason: ReviewReason, changes: Partial<Payment> = {}) => {
      if (payment!.reviewReason === reason) return record('duplicate', undefined, reason);
      await tx
        .update(payments)
        .set({ reviewReason: reason, ...changes, updatedAt: now })
        .where(eq(payments.id, payment!.id));
      return record('flagged', undefined, reason);
    };

    if (!payment) return record('unknown');
    if (verdict.amountSen !== payment.amountSen) return flag('amount_mismatch');
    if (verdict.pending) {
      if (!isOpenPayment(payment.status) || payment.status === 'pending') return record('pending');
      await move(tx, payment, 'pending', {
        ...pendingHold(payment, timings, now),
        gatewayTransId: verdict.transId || payment.gatewayTransId,
        ...paidBy(verdict),
        updatedAt: now,
      });
      return record('applied', 'pending');
    }

    if (verdict.approved) {
      if (!verdict.transId) verdict = await withSignedDetails(tx, payment, verdict);
      if (isOpenPayment(payment.status)) return settled();
      if (payment.status === 'successful' || payment.status === 'refund_due') {
        if (await isKnownTransaction(tx, payment, verdict, now)) return record('duplicate');
        if (source !== 'office') {
          return flag('second_approval', { reviewTransId: verdict.transId.slice(0, 64) });
        }
        // The officer found this second charge in the gateway's report: it goes back.
        await oweBack(tx, payment, verdict, 'second_approval', now);
        return record('refund_due', undefined, 'second_approval');
      }
      // Approved after the portal had closed it: the payer was charged, so the money is placed.
      if (await billsStillPayable(tx, payment, lines)) return settled('late_approval');
      if (source === 'return' || source === 'callback') {
        if (payment.requeryAfter === null || payment.requeryAfter > now) {
          await tx.update(payments).set({ requeryAfter: now }).where(eq(payments.id, payment.id));
        }
        return record('to_confirm', undefined, 'bills_paid_meanwhile');
      }
      await move(tx, payment, 'refund_due', {
        ...cardOf(verdict),
        failureReason: null,
        requeryAfter: null,
        updatedAt: now,
      });
      await oweBack(tx, payment, verdict, 'bills_paid_meanwhile', now);
      return record('refund_due', 'refund_due', 'bills_paid_meanwhile');
    }

    if (!isOpenPayment(payment.status)) return record('duplicate');
    // A bank that was deciding and said no cannot be the payer cancelling on the gateway's page.
    const closed =
      verdict.errDesc === customerCancelled && payment.status !== 'pending'
        ? 'cancelled'
        : 'failed';
    await move(tx, payment, closed, {
      failureReason: verdict.errDesc || null,
      gatewayTransId: verdict.transId || payment.gatewayTransId,
      requeryAfter: finalCheckAt(payment, now),
      updatedAt: now,
    });
    if (payment.status === 'pending') await tellNotApproved(tx, payment, now);
    return record('applied', closed);
  });
}

/**
 * How long the payer's bank may take to decide a payment by its way to pay: a business account's
 * approver has `corporateApprovalSeconds`, any other bank its page's time.
 */
export function bankDecisionSeconds(payment: Payment, timings: PaymentTimings): number {
  return awaitsApprover(payment.paymentMethod)
    ? timings.corporateApprovalSeconds
    : timings.gatewayPageTimeoutSeconds;
}

/**
 * How long a payment pending at its bank holds its bills (docs/payment-methods.md): a business
 * account's approver has `corporateApprovalSeconds`, any other bank decides within its page's
 * time; the margin follows either. Never earlier than the hold it already had.
 */
export function pendingHold(
  payment: Payment,
  timings: PaymentTimings,
  now: Date,
): { releaseAt: Date; requeryAfter: Date } {
  const waitSeconds = bankDecisionSeconds(payment, timings);
  const releaseAt = new Date(
    Math.max(
      payment.releaseAt?.getTime() ?? 0,
      now.getTime() + (waitSeconds + timings.releaseMarginSeconds) * 1000,
    ),
  );
  const nextLook = now.getTime() + timings.requeryAfterSeconds * 1000;
  return { releaseAt, requeryAfter: new Date(Math.min(nextLook, releaseAt.getTime())) };
}

/**
 * Tells the payer of a payment that waited at its bank that it was not approved, rejected or out of
 * time, so that its bills can be paid again: the other half of "e-mailed either way".
 */
export async function tellNotApproved(tx: Database, payment: Payment, now: Date): Promise<void> {
  await tx.insert(mailMessages).values({
    kind: 'not_approved',
    paymentId: payment.id,
    recipient: payment.payerEmail,
    createdAt: now,
    sendAfter: now,
  });
}

/**
 * The way to pay the gateway's signed word names, where it names one the portal knows: a payer may
 * pick another bank on the gateway's own page. A requery names none.
 */
function paidBy(verdict: TrustedVerdict) {
  const channel = channelOf(verdict.paymentId);
  return channel ? { paymentMethod: channel.method, gatewayPaymentId: channel.paymentId } : {};
}

/**
 * A requery's approval, which names no transaction or card, with those of the first signed
 * approval of the payment the portal kept (a return or callback it only waited to confirm), if any.
 */
async function withSignedDetails(
  tx: Database,
  payment: Payment,
  approval: TrustedVerdict,
): Promise<TrustedVerdict> {
  const [told] = await tx
    .select({ fields: paymentEvents.fields })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.paymentId, payment.id),
        inArray(paymentEvents.source, ['return', 'callback']),
        inArray(paymentEvents.outcome, ['applied', 'duplicate', 'to_confirm']),
        sql`${paymentEvents.fields}->>'Status' = ${responseStatuses.approved}`,
      ),
    )
    .orderBy(asc(paymentEvents.id))
    .limit(1);
  if (!told) return approval;
  const { TransId = '', AuthCode = '', CCNo = '', S_bankname = '', PaymentId = '' } = told.fields;
  return {
    ...approval,
    transId: TransId,
    authCode: AuthCode,
    cardMasked: CCNo,
    bank: S_bankname,
    paymentId: PaymentId,
  };
}

/**
 * Keeps a gateway message that changed nothing, unless the same signed message came from the same
 * source before, or its payment has `keptMessagesPerPayment` already: one statement.
 */
async function keepOnce(tx: Database, event: typeof paymentEvents.$inferInsert): Promise<void> {
  await tx.execute(sql`
    insert into ${paymentEvents}
      (payment_id, reference, source, outcome, note, fields, content_key, received_at)
    select ${event.paymentId}::integer, ${event.reference}, ${event.source}, ${event.outcome},
      ${event.note}, ${JSON.stringify(event.fields)}::jsonb, ${event.contentKey}::text,
      ${event.receivedAt!.toISOString()}::timestamptz
    where (select count(*) from ${paymentEvents} where reference = ${event.reference})
        < ${keptMessagesPerPayment}
      and not exists (
        select 1 from ${paymentEvents}
        where reference = ${event.reference} and content_key = ${event.contentKey}::text
      )`);
}

/**
 * When the job must ask the gateway once more about a payment closed while its card page could
 * still take a card (a decline, whose page the payer can go back to, or a cancel): at the page's
 * timeout. Null when that time has passed.
 */
export function finalCheckAt(payment: Payment, now: Date): Date | null {
  return payment.handedOverAt && payment.releaseAt && payment.releaseAt > now
    ? payment.releaseAt
    : null;
}

/** A payment, row-locked for the rest of the transaction: nothing else moves it meanwhile. */
export async function lockedPayment(tx: Database, id: number): Promise<Payment | undefined> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return payment;
}

/**
 * Moves a payment to its next state, refusing a move the lifecycle does not allow: the statement,
 * to await, or to run as part of a bigger one.
 */
export function move(
  tx: Database,
  payment: Payment,
  to: PaymentStatus,
  changes: Partial<typeof payments.$inferInsert>,
) {
  assertMovable(payment, to);
  return tx
    .update(payments)
    .set({ ...changes, status: to })
    .where(eq(payments.id, payment.id));
}

/** Refuses a move the payment lifecycle does not allow. */
function assertMovable(payment: Payment, to: PaymentStatus): void {
  if (!canMovePayment(payment.status, to)) {
    throw new Error(`A payment cannot move from ${payment.status} to ${to}`);
  }
}

/**
 * What the gateway says of what paid: the way to pay, and for a card its brand, masked number and
 * bank; the transaction.
 */
function cardOf(approval: TrustedVerdict) {
  return {
    ...paidBy(approval),
    gatewayTransId: approval.transId || null,
    gatewayAuthCode: approval.authCode || null,
    cardMasked: approval.cardMasked || null,
    // iPay88 names no network: its masked card number's issuer digits do.
    cardBrand: cardBrandOfNumber(approval.cardMasked),
    cardBank: approval.bank || null,
  };
}

/**
 * Whether an approval of a paid (or owed-back) payment tells of the charge the portal knows. A
 * requery names no transaction, so a payment it settled has none: the first signed approval to
 * name one names that charge, and fills in the card. Only a second, different one is another.
 */
async function isKnownTransaction(
  tx: Database,
  payment: Payment,
  approval: TrustedVerdict,
  now: Date,
): Promise<boolean> {
  const { transId } = approval;
  // Without a transaction id the gateway cannot be telling of another charge.
  if (!transId || transId === payment.gatewayTransId) return true;
  const owed = await tx
    .select({ id: refunds.id, gatewayTransId: refunds.gatewayTransId })
    .from(refunds)
    .where(eq(refunds.paymentId, payment.id));
  if (owed.some((refund) => refund.gatewayTransId === transId)) return true;
  if (payment.gatewayTransId !== null) return false;
  await tx
    .update(payments)
    .set({ ...cardOf(approval), updatedAt: now })
    .where(eq(payments.id, payment.id));
  const unnamed = owed.find((refund) => refund.gatewayTransId === '');
  if (unnamed) {
    await tx.update(refunds).set({ gatewayTransId: transId }).where(eq(refunds.id, unnamed.id));
  }
  return true;
}

/** Records money to give back, and tells the payer by e-mail. */
async function oweBack(
  tx: Database,
  payment: Payment,
  approval: TrustedVerdict,
  reason: 'second_approval' | 'bills_paid_meanwhile',
  now: Date,
): Promise<void> {
  await tx.insert(refunds).values({
    paymentId: payment.id,
    gatewayTransId: approval.transId,
    amountSen: payment.amountSen,
    reason,
    createdAt: now,
  });
  await tx.insert(mailMessages).values({
    kind: 'refund_due',
    paymentId: payment.id,
    recipient: payment.payerEmail,
    createdAt: now,
    sendAfter: now,
  });
}

/**
 * A payment's lines, oldest first, as a column of the statement that reads the payment (a JSON
 * array, each line as `paymentItems` reads it: it holds no timestamp that JSON would turn to text).
 */
function linesOf(paymentId: Column): SQL<Line[]> {
  const fields = Object.entries(getTableColumns(paymentItems)).map(
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${qualified(column)}`,
  );
  return sql<Line[]>`(
    select coalesce(json_agg(json_build_object(${sql.join(fields, sql`, `)})
      order by ${qualified(paymentItems.id)}), '[]'::json)
    from ${paymentItems} where ${qualified(paymentItems.paymentId)} = ${qualified(paymentId)})`;
}

/** The payment of a reference, row-locked, with its lines: they never change once written. */
const lockPaymentWithLines = preparedStatement('payment_lock_with_lines', (tx) =>
  tx
    .select({ payment: payments, lines: linesOf(payments.id) })
    .from(payments)
    .where(eq(payments.reference, sql.placeholder('reference')))
    .for('update'),
);

/** The bills of a payment's lines, locked in id order (one order for every transaction). */
function lockedBillsOf(tx: Database, lines: Line[]) {
  return lockedBills(
    tx,
    lines.flatMap((line) => (line.billId === null ? [] : [line.billId])),
  );
}

/** Bills, locked in id order (one order for every transaction, so that none deadlock), by id. */
export async function lockedBills(tx: Database, billIds: number[]) {
  const locked = billIds.length === 0 ? [] : await lockBills(tx, { billIds });
  return new Map(locked.map((bill) => [bill.id, bill]));
}

const lockBills = preparedStatement('bills_lock', (tx) =>
  tx
    .select()
    .from(bills)
    .where(sql`${bills.id} = any(${sql.placeholder('billIds')})`)
    .orderBy(asc(bills.id))
    .for('update'),
);

/**
 * Whether a closed payment's lines can all still be taken off their bills: no other payment holds
 * them, and each still owes what the line paid, as checkout would price it today.
 */
async function billsStillPayable(tx: Database, payment: Payment, lines: Line[]): Promise<boolean> {
  const locked = await lockedBillsOf(tx, lines);
  const billIds = [...locked.keys()];
  if (billIds.length > 0) {
    const [held] = await tx
      .select({ id: paymentItems.id })
      .from(paymentItems)
      .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
      .where(
        and(
          inArray(paymentItems.billId, billIds),
          ne(payments.id, payment.id),
          inArray(payments.status, openStatuses),
        ),
      )
      .limit(1);
    if (held) return false;
  }
  const rates = await assessmentRatesOf(tx, [...new Set(lines.map((line) => line.councilCode))]);
  return lines.every((line) => {
    if (line.billId === null) return true;
    const bill = locked.get(line.billId);
    if (bill === undefined) return false;
    const renewal = renewalLineOf(line);
    if (renewal) return renewalStillApplies(bill, renewal);
    const selection = line.details.selection as AssessmentSelection | undefined;
    const price = priceBill(
      bill,
      { amountSen: line.amountSen, selection },
      rates.get(bill.councilCode)!,
    );
    // The discount promised at checkout is granted only while today's rule still grants it.
    return price !== undefined && price.discountSen >= line.discountSen;
  });
}

/** The assessment rates of these councils, by code. */
async function assessmentRatesOf(tx: Database, codes: string[]) {
  const rows = await tx
    .select({ code: councils.code, ...availabilityColumns.assessmentRates })
    .from(councils)
    .where(inArray(councils.code, codes));
  return new Map(rows.map(({ code, ...rates }) => [code, rates]));
}

/**
 * Marks the payment paid, takes each line off its bill in the ledger, queues the receipt and keeps
 * the gateway's message (`event`): once its bills are locked, one statement writes it all.
 */
async function settle(
  tx: Database,
  payment: Payment,
  lines: Line[],
  approval: TrustedVerdict,
  now: Date,
  event: typeof paymentEvents.$inferInsert,
) {
  const locked = await lockedBillsOf(tx, lines);
  const paidBills = lines.flatMap((line) => {
    const bill = line.billId === null ? undefined : locked.get(line.billId);
    return bill ? [{ line, bill }] : [];
  });
  // A registered payer who renews a licence keeps it in their digital licences.
  const renewed =
    payment.userId === null ? [] : paidBills.filter(({ line }) => renewalLineOf(line));
  assertMovable(payment, 'successful');
  const { paymentMethod = null, gatewayPaymentId = null, ...card } = cardOf(approval);
  await writeSettlement(tx, {
    paymentId: payment.id,
    now,
    paymentMethod,
    gatewayPaymentId,
    ...card,
    bills: JSON.stringify(
      paidBills.map(({ line, bill }) => ({ id: bill.id, ...billAfterPayment(bill, line, now) })),
    ),
    userId: payment.userId,
    renewedBillIds: renewed.map(({ bill }) => bill.id),
    recipient: payment.payerEmail,
    reference: event.reference,
    source: event.source,
    outcome: event.outcome,
    note: event.note ?? null,
    fields: JSON.stringify(event.fields ?? {}),
    contentKey: event.contentKey ?? null,
    receivedAt: event.receivedAt ?? now,
  });
}

/** What `billAfterPayment` changes of a bill. */
const billChangesOnPayment = ['amountDueSen', 'status', 'details'] as const;

/**
 * `settle`'s one statement, the same whatever the payment holds: the payment paid (its way to pay
 * kept unless the gateway named one), a ledger entry for every line, a local government charge's
 * too, which has no bill; each paid bill as `billAfterPayment` left it (`bills`, JSON), the
 * renewed licences kept for their payer, the receipt queued and the gateway's message kept.
 */
const writeSettlement = preparedStatement('payment_settle', (tx) => {
  const value = (name: string) => sql`${sql.placeholder(name)}`;
  const paymentId = sql.placeholder('paymentId');
  const paid = tx
    .update(payments)
    .set({
      status: 'successful',
      paymentMethod: sql`coalesce(${value('paymentMethod')}, ${payments.paymentMethod})`,
      gatewayPaymentId: sql`coalesce(${value('gatewayPaymentId')}, ${payments.gatewayPaymentId})`,
      gatewayTransId: value('gatewayTransId'),
      gatewayAuthCode: value('gatewayAuthCode'),
      cardMasked: value('cardMasked'),
      cardBrand: value('cardBrand'),
      cardBank: value('cardBank'),
      paidAt: value('now'),
      failureReason: null,
      requeryAfter: null,
      updatedAt: value('now'),
    })
    .where(eq(payments.id, paymentId));
  const paidColumns = ['id', ...billChangesOnPayment] as const;
  const billsPaid = tx
    .update(bills)
    .set({
      ...Object.fromEntries(
        billChangesOnPayment.map((key) => [key, sql`paid.${sql.identifier(key)}`]),
      ),
      portalPaidAt: value('now'),
      portalPaymentId: value('paymentId'),
      updatedAt: value('now'),
    })
    .from(
      sql`jsonb_to_recordset(${value('bills')}::jsonb) as paid(${sql.join(
        paidColumns.map((key) => sql`${sql.identifier(key)} ${sql.raw(bills[key].getSQLType())}`),
        sql`, `,
      )})`,
    )
    .where(sql`${bills.id} = paid.id`);
  const receipt = tx.insert(mailMessages).values({
    kind: 'receipt',
    paymentId,
    recipient: sql.placeholder('recipient'),
    createdAt: sql.placeholder('now'),
    sendAfter: sql.placeholder('now'),
  });
  const message = tx.insert(paymentEvents).values({
    paymentId,
    reference: sql.placeholder('reference'),
    source: sql.placeholder('source'),
    outcome: sql.placeholder('outcome'),
    note: sql.placeholder('note'),
    fields: sql`${value('fields')}::jsonb`,
    contentKey: sql.placeholder('contentKey'),
    receivedAt: sql.placeholder('receivedAt'),
  });
  return sql`with paid_payment as (${paid.getSQL()}),
    ledger as (
      insert into ${ledgerEntries} (payment_id, payment_item_id, bill_id, amount_sen, posted_at)
      select payment_id, id, bill_id, amount_sen, ${value('now')}
      from ${paymentItems} where payment_id = ${paymentId} order by id),
    paid_bills as (${billsPaid.getSQL()}),
    renewed as (
      insert into ${userLicences} (user_id, bill_id, added_at)
      select ${value('userId')}::integer, renewed_bill, ${value('now')}
      from unnest(${value('renewedBillIds')}::integer[]) as renewed_bill
      on conflict do nothing),
    receipt as (${receipt.getSQL()})
    ${message.getSQL()}`;
});

/**
 * A bill once a payment line is taken off it. An assessment (or land cess) is credited the amount
 * and the line's discount by the selection rule (docs/assessment.md). A licence's renewal makes it
 * active for the period bought (docs/licences.md). Other bills are paid in full. Never below zero:
 * the council's ledger keeps the exact postings.
 */
export function billAfterPayment(
  bill: typeof bills.$inferSelect,
  line: Line,
  now: Date,
): Pick<typeof bills.$inferSelect, (typeof billChangesOnPayment)[number]> {
  const renewal = renewalLineOf(line);
  if (bill.paymentType === 'license' && renewal) {
    return { amountDueSen: bill.amountDueSen, ...renewedLicence(bill, renewal, malaysiaDay(now)) };
  }
  if (!isAssessment(bill.paymentType)) {
    const amountDueSen = Math.max(0, bill.amountDueSen - line.amountSen);
    const status = bill.paymentType === 'license' || amountDueSen > 0 ? bill.status : 'paid';
    return { amountDueSen, status, details: bill.details };
  }
  const selection = (line.details.selection as AssessmentSelection | undefined) ?? 'full';
  const left = balanceAfterPayment(assessmentBalanceOf(bill.details), {
    selection,
    amountSen: line.amountSen,
    discountSen: line.discountSen,
  });
  return {
    amountDueSen: amountDueOf(left),
    status: amountDueOf(left) === 0 ? 'paid' : bill.status,
    details: {
      ...bill.details,
      arrears_sen: left.arrearsSen,
      current_sen: left.currentSen,
      special_discount_sen: left.specialDiscountSen,
      paid_until: line.details.paid_until ?? bill.details.paid_until,
    },
  };
}
