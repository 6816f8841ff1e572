import type { OfficeRefund, RefundQueueQuery } from '@portal/domain/contracts/refunds';
import { refundQueuePageSize } from '@portal/domain/contracts/refunds';
import type { CouncilCode } from '@portal/domain/councils';
import { malaysiaDay } from '@portal/domain/display-filters';
import type { ReasonForm, RefundForm, RefundMadeForm } from '@portal/domain/forms';
import { parseRinggit, sumSen } from '@portal/domain/money';
import { refundStatusesHoldingMoney, type RefundLine } from '@portal/domain/refunds';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { transactionWithRetry, type Database } from '../../db/database';
import {
  bills,
  ledgerEntries,
  mailMessages,
  paymentItems,
  payments,
  refunds,
  staff,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { lockedBills, lockedPayment } from '../payments';
import type { Staff } from '../staff';
import { councilsPaid, paysCouncil, visibleToCouncil } from '../../lib/council-scope';
import { billAfterRefund } from './bill-after-refund';

export type Refund = typeof refunds.$inferSelect;
type Line = typeof paymentItems.$inferSelect;

const notRefundable = () => new AppError('not_refundable', 'This cannot be refunded now');

/** How much of each of a payment's lines officers' refunds hold. */
export async function heldByLine(db: Database, paymentId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ lines: refunds.lines })
    .from(refunds)
    .where(
      and(
        eq(refunds.paymentId, paymentId),
        eq(refunds.reason, 'officer'),
        inArray(refunds.status, [...refundStatusesHoldingMoney]),
      ),
    );
  const held = new Map<number, number>();
  for (const line of rows.flatMap((row) => row.lines)) {
    held.set(line.item_id, (held.get(line.item_id) ?? 0) + line.amount_sen);
  }
  return held;
}

/** Which lines a refund form gives how much back of, checked against what is left of each. */
function chosenLines(form: RefundForm, lines: Line[], held: Map<number, number>): RefundLine[] {
  const left = (line: Line) => line.amountSen - (held.get(line.id) ?? 0);
  if (form.line === 'all') {
    return lines
      .filter((line) => left(line) > 0)
      .map((line) => ({ item_id: line.id, amount_sen: left(line) }));
  }
  const line = lines.find((candidate) => candidate.id === Number(form.line));
  if (!line) throw new AppError('not_found', 'No such line of this payment of your council');
  // The schema let through only a blank amount or one parseRinggit reads.
  const amount = form.amount === '' ? left(line) : parseRinggit(form.amount)!;
  if (amount > left(line)) {
    throw new AppError('refund_exceeds_paid', 'More than is left of the line to refund', {
      amount: 'amount_invalid',
    });
  }
  return amount > 0 ? [{ item_id: line.id, amount_sen: amount }] : [];
}

/**
 * Records a finance officer's refund of a settled payment, made in the gateway's merchant portal
 * (docs/refunds.md), in one transaction with the payment locked: two officers recording at once are
 * taken one after the other, and the second sees what the first holds, so that refunds never exceed
 * what a line paid. The refund is `refunded` at once: the ledger reverses, the bills owe again, the
 * payer's e-mail is queued. `audit` writes the audit entry in the same transaction.
 */
export async function recordRefund(
  db: Database,
  member: Staff,
  paymentId: number,
  form: RefundForm,
  now: Date,
  audit: (tx: Database, refund: Refund) => Promise<void>,
): Promise<Refund> {
  return transactionWithRetry(db, async (tx) => {
    const payment = await lockedPayment(tx, paymentId);
    if (payment?.status !== 'successful') throw notRefundable();
    const lines = await tx
      .select()
      .from(paymentItems)
      .where(
        and(
          eq(paymentItems.paymentId, payment.id),
          member.councilCode ? eq(paymentItems.councilCode, member.councilCode) : undefined,
        ),
      )
      .orderBy(asc(paymentItems.id));
    const chosen = chosenLines(form, lines, await heldByLine(tx, payment.id));
    if (chosen.length === 0) {
      throw new AppError('refund_exceeds_paid', 'Nothing is left of the payment to refund');
    }
    const [made] = await tx
      .select({ n: count() })
      .from(refunds)
      .where(eq(refunds.paymentId, payment.id));
    const [refund] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.id,
        gatewayTransId: payment.gatewayTransId ?? '',
        amountSen: sumSen(chosen.map((line) => line.amount_sen)),
        reason: 'officer',
        status: 'refunded',
        lines: chosen,
        note: form.reason,
        staffId: member.id,
        refundRef: `${payment.reference}/R${(made?.n ?? 0) + 1}`,
        gatewayRefundId: form.gateway_refund_id,
        createdAt: now,
        refundedAt: now,
      })
      .returning();
    await reverse(tx, refund!, now);
    await tellPayer(tx, refund!, payment.payerEmail, now);
    await audit(tx, refund!);
    return refund!;
  });
}

/**
 * An officer's action on a refund owed back, with the refund locked so that two officers act on it
 * once: `refunded` records that it was made in the gateway's merchant portal, under the gateway's
 * reference (the payer is e-mailed; an officer's refund left over from the time the portal called
 * the gateway is also reversed in the ledger); `resolve` closes it as settled otherwise, with the
 * reason.
 */
export async function actOnOwedRefund(
  db: Database,
  member: Staff,
  id: number,
  action: { refunded: RefundMadeForm; now: Date } | { resolution: ReasonForm; now: Date },
  audit: (tx: Database, refund: Refund, reference: string) => Promise<void>,
): Promise<Refund> {
  return transactionWithRetry(db, async (tx) => {
    const [found] = await tx
      .select({
        refund: refunds,
        reference: payments.reference,
        payerEmail: payments.payerEmail,
        councils: councilsPaid(payments.id),
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(eq(refunds.id, id), visibleTo(member)))
      .for('update', { of: refunds });
    if (!found) throw new AppError('not_found', 'No such refund of your council');
    if (found.refund.status !== 'due') throw notRefundable();
    // Owed back whole, for every council the payment paid: one council's staff settle only theirs.
    if (member.councilCode && found.councils.some((code) => code !== member.councilCode)) {
      throw new AppError('refund_spans_councils', 'Owed back for several councils');
    }
    const changes: Partial<Refund> =
      'refunded' in action
        ? {
            status: 'refunded',
            refundRef: found.refund.refundRef ?? `${found.reference}/R${found.refund.id}`,
            gatewayRefundId: action.refunded.gateway_refund_id,
            refundedAt: action.now,
          }
        : { status: 'resolved', note: action.resolution.reason, resolvedAt: action.now };
    const [refund] = await tx
      .update(refunds)
      .set({ ...changes, staffId: member.id })
      .where(eq(refunds.id, id))
      .returning();
    if (refund!.status === 'refunded') {
      if (refund!.reason === 'officer') await reverse(tx, refund!, action.now);
      await tellPayer(tx, refund!, found.payerEmail, action.now);
    }
    await audit(tx, refund!, found.reference);
    return refund!;
  });
}

/** Queues the e-mail that tells the payer their money went back to their card. */
async function tellPayer(tx: Database, refund: Refund, payerEmail: string, now: Date) {
  await tx.insert(mailMessages).values({
    kind: 'refunded',
    paymentId: refund.paymentId,
    refundId: refund.id,
    recipient: payerEmail,
    createdAt: now,
    sendAfter: now,
  });
}

/** Posts a made refund's reversing ledger entries, and has each bill owe the money again. */
async function reverse(tx: Database, refund: Refund, now: Date): Promise<void> {
  const items = await tx
    .select()
    .from(paymentItems)
    .where(
      inArray(
        paymentItems.id,
        refund.lines.map((line) => line.item_id),
      ),
    );
  const locked = await lockedBills(
    tx,
    items.flatMap((item) => (item.billId === null ? [] : [item.billId])),
  );
  for (const line of refund.lines) {
    const item = items.find((candidate) => candidate.id === line.item_id)!;
    await tx.insert(ledgerEntries).values({
      paymentId: refund.paymentId,
      paymentItemId: item.id,
      billId: item.billId,
      refundId: refund.id,
      amountSen: -line.amount_sen,
      postedAt: now,
    });
    const bill = item.billId === null ? undefined : locked.get(item.billId);
    if (!bill) continue;
    await tx
      .update(bills)
      .set({ ...billAfterRefund(bill, item, line.amount_sen, malaysiaDay(now)), updatedAt: now })
      .where(eq(bills.id, bill.id));
  }
}

/** What a staff member may see: refunds of their council's payments, or all for `_admin`. */
const visibleTo = (member: Staff) => visibleToCouncil(refunds.paymentId, member.councilCode);

const refundColumns = {
  refund: refunds,
  reference: payments.reference,
  staffEmail: staff.email,
  councils: councilsPaid(refunds.paymentId),
};

function presented(row: {
  refund: Refund;
  reference: string;
  staffEmail: string | null;
  councils: CouncilCode[];
}): OfficeRefund {
  const { refund } = row;
  return {
    id: refund.id,
    reference: row.reference,
    councils: row.councils,
    amount: refund.amountSen,
    reason: refund.reason,
    status: refund.status,
    note: refund.note,
    staff: row.staffEmail,
    gateway_refund_id: refund.gatewayRefundId,
    created_at: refund.createdAt.toISOString(),
    refunded_at: refund.refundedAt?.toISOString() ?? null,
    resolved_at: refund.resolvedAt?.toISOString() ?? null,
    lines: refund.lines.map((line) => ({ line_id: line.item_id, amount: line.amount_sen })),
  };
}

function selectRefunds(db: Database) {
  return db
    .select(refundColumns)
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(staff, eq(staff.id, refunds.staffId));
}

/** One refund as the back office shows it. */
export async function officeRefund(db: Database, id: number): Promise<OfficeRefund> {
  const [row] = await selectRefunds(db).where(eq(refunds.id, id));
  return presented(row!);
}

/** A payment's refunds, oldest first. */
export async function refundsOfPayment(db: Database, paymentId: number): Promise<OfficeRefund[]> {
  const rows = await selectRefunds(db)
    .where(eq(refunds.paymentId, paymentId))
    .orderBy(asc(refunds.id));
  return rows.map(presented);
}

/** The refund queue: owed back unless a status is asked for, oldest first. */
export async function refundQueue(db: Database, member: Staff, query: RefundQueueQuery) {
  const where = and(
    visibleTo(member),
    query.council ? paysCouncil(refunds.paymentId, query.council) : undefined,
    eq(refunds.status, query.status ?? 'due'),
  );
  const [rows, [total]] = await Promise.all([
    selectRefunds(db)
      .where(where)
      .orderBy(asc(refunds.createdAt), asc(refunds.id))
      .limit(refundQueuePageSize)
      .offset((query.page - 1) * refundQueuePageSize),
    db.select({ total: count() }).from(refunds).where(where),
  ]);
  return {
    refunds: rows.map(presented),
    page: query.page,
    page_size: refundQueuePageSize,
    total: total?.total ?? 0,
  };
}
