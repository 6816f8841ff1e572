import {
  officePaymentsPageSize,
  type OfficePayment,
  type OfficePaymentsQuery,
  type OfficePaymentSummary,
} from '@portal/domain/contracts/office-payments';
import { maskedCardNumber } from '@portal/domain/cards';
import { channelNameOf } from '@portal/domain/payment-methods';
import type { CouncilCode } from '@portal/domain/councils';
import { malaysiaDayRange } from '@portal/domain/display-filters';
import { and, asc, count, desc, eq, gte, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { mailMessages, paymentEvents, paymentItems, payments } from '../../db/schema';
import { heldByLine, refundsOfPayment } from '../refunds';
import type { Staff } from '../staff';
import { councilsPaid, paysCouncil, visibleToCouncil } from '../../lib/council-scope';

type PaymentRow = typeof payments.$inferSelect;

/** What a staff member may see: their council's payments, or every one for `_admin`. */
const visibleTo = (member: Staff) => visibleToCouncil(payments.id, member.councilCode);

/** A reference, a payer's e-mail, or an account or licence number, as an officer types it. */
function matching(q: string): SQL | undefined {
  if (q.includes('@')) return eq(payments.payerEmail, q.toLowerCase());
  return or(
    eq(payments.reference, q.toUpperCase()),
    sql`exists (select 1 from ${paymentItems} where ${paymentItems.paymentId} = ${payments.id} and upper(${paymentItems.accountNo}) = ${q.toUpperCase()})`,
  );
}

const councilsOfPayment = councilsPaid(payments.id);

function summary(row: PaymentRow, councils: CouncilCode[]): OfficePaymentSummary {
  return {
    reference: row.reference,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    status: row.status,
    review_reason: row.reviewReason,
    amount: row.amountSen,
    payment_method: row.paymentMethod,
    payment_channel: channelNameOf(row.paymentMethod, row.gatewayPaymentId),
    payer_name: row.payerName,
    payer_email: row.payerEmail,
    councils,
  };
}

export async function findPayments(db: Database, member: Staff, query: OfficePaymentsQuery) {
  const where = and(
    visibleTo(member),
    query.council ? paysCouncil(payments.id, query.council) : undefined,
    query.q ? matching(query.q) : undefined,
    query.status ? eq(payments.status, query.status) : undefined,
    query.review ? isNotNull(payments.reviewReason) : undefined,
    query.from ? gte(payments.createdAt, malaysiaDayRange(query.from).start) : undefined,
    query.to ? lt(payments.createdAt, malaysiaDayRange(query.to).end) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ payment: payments, councils: councilsOfPayment })
      .from(payments)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(officePaymentsPageSize)
      .offset((query.page - 1) * officePaymentsPageSize),
    db.select({ total: count() }).from(payments).where(where),
  ]);
  return {
    payments: rows.map((row) => summary(row.payment, row.councils)),
    page: query.page,
    page_size: officePaymentsPageSize,
    total: total?.total ?? 0,
  };
}

/** One payment as a staff member may see it, or undefined when it is not there or not theirs. */
export async function officePayment(
  db: Database,
  member: Staff,
  reference: string,
): Promise<OfficePayment | undefined> {
  const [found] = await db
    .select({ payment: payments, councils: councilsOfPayment })
    .from(payments)
    .where(and(eq(payments.reference, reference.toUpperCase()), visibleTo(member)));
  if (!found) return undefined;
  const { payment } = found;
  const [lines, events, mails, refunds, held] = await Promise.all([
    db
      .select()
      .from(paymentItems)
      .where(
        and(
          eq(paymentItems.paymentId, payment.id),
          member.councilCode ? eq(paymentItems.councilCode, member.councilCode) : undefined,
        ),
      )
      .orderBy(asc(paymentItems.id)),
    db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, payment.id))
      .orderBy(asc(paymentEvents.id)),
    db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.paymentId, payment.id))
      .orderBy(asc(mailMessages.id)),
    refundsOfPayment(db, payment.id),
    heldByLine(db, payment.id),
  ]);
  // The merchant portal finds a payment by its reference: a requery-settled one, which names no
  // transaction yet, is refunded as any other.
  const refundable = payment.status === 'successful';
  return {
    ...summary(payment, found.councils),
    payer_phone: payment.payerPhone,
    failure_reason: payment.failureReason,
    gateway_trans_id: payment.gatewayTransId,
    review_trans_id: payment.reviewTransId,
    // As the payer's receipt shows it: iPay88 may give the first six and last four run together.
    card_masked: maskedCardNumber(payment.cardMasked),
    card_bank: payment.cardBank,
    lines: lines.map((line) => ({
      id: line.id,
      council: line.councilCode as CouncilCode,
      payment_type: line.paymentType,
      account_no: line.accountNo,
      description: line.description,
      amount: line.amountSen,
      refundable: refundable ? line.amountSen - (held.get(line.id) ?? 0) : 0,
    })),
    events: events.map((event) => ({
      received_at: event.receivedAt.toISOString(),
      source: event.source,
      outcome: event.outcome,
      note: event.note,
    })),
    mails: mails.map((mail) => ({
      kind: mail.kind,
      recipient: mail.recipient,
      status: mail.status,
      created_at: mail.createdAt.toISOString(),
      sent_at: mail.sentAt?.toISOString() ?? null,
    })),
    // A staff member of one council sees the refunds that give back its lines.
    refunds: refunds.filter(
      (refund) =>
        refund.reason !== 'officer' ||
        refund.lines.some((line) => lines.some((own) => own.id === line.line_id)),
    ),
  };
}

/**
 * The payment row behind a reference a staff member may see, for an action on it, and the council
 * the action is on record for: theirs, or for the state admin the payment's first.
 */
export async function visiblePaymentRow(
  db: Database,
  member: Staff,
  reference: string,
): Promise<{ row: PaymentRow; councilCode: string | null } | undefined> {
  const [found] = await db
    .select({ payment: payments, councils: councilsOfPayment })
    .from(payments)
    .where(and(eq(payments.reference, reference.toUpperCase()), visibleTo(member)));
  return (
    found && { row: found.payment, councilCode: member.councilCode ?? found.councils[0] ?? null }
  );
}
