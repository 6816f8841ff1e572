import type { SettlementReport } from '@portal/domain/contracts/settlement';
import type { CouncilCode } from '@portal/domain/councils';
import { channelNameOf } from '@portal/domain/payment-methods';
import { malaysiaDayRange } from '@portal/domain/display-filters';
import { sumSen } from '@portal/domain/money';
import { and, asc, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { ledgerEntries, paymentItems, payments } from '../../db/schema';

/** Ledger entries posted within a Malaysia day. */
function postedOn(day: string) {
  const { start, end } = malaysiaDayRange(day);
  return and(gte(ledgerEntries.postedAt, start), lt(ledgerEntries.postedAt, end));
}

const lineOfEntry = eq(paymentItems.id, ledgerEntries.paymentItemId);

/** A council's settlement for a Malaysia day, in the order the ledger posted it. */
export async function settlementOf(
  db: Database,
  council: CouncilCode,
  day: string,
): Promise<SettlementReport> {
  const rows = await db
    .select({
      reference: payments.reference,
      postedAt: ledgerEntries.postedAt,
      paymentType: paymentItems.paymentType,
      accountNo: paymentItems.accountNo,
      description: paymentItems.description,
      amountSen: ledgerEntries.amountSen,
      refundId: ledgerEntries.refundId,
      paymentMethod: payments.paymentMethod,
      gatewayPaymentId: payments.gatewayPaymentId,
    })
    .from(ledgerEntries)
    .innerJoin(payments, eq(payments.id, ledgerEntries.paymentId))
    .innerJoin(paymentItems, lineOfEntry)
    .where(and(eq(paymentItems.councilCode, council), postedOn(day)))
    .orderBy(asc(ledgerEntries.postedAt), asc(ledgerEntries.id));
  return {
    council,
    day,
    lines: rows.map((row) => ({
      reference: row.reference,
      entry: row.refundId === null ? ('payment' as const) : ('refund' as const),
      posted_at: row.postedAt.toISOString(),
      payment_type: row.paymentType,
      account_no: row.accountNo,
      description: row.description,
      amount: row.amountSen,
      payment_method: row.paymentMethod,
      payment_channel: channelNameOf(row.paymentMethod, row.gatewayPaymentId),
    })),
    count: rows.length,
    total: sumSen(rows.map((row) => row.amountSen)),
  };
}

/** Every council's count and total for a Malaysia day, councils with nothing left out. */
export async function settlementSummary(db: Database, day: string) {
  const rows = await db
    .select({
      council: paymentItems.councilCode,
      count: count(),
      // Summed by the database as an exact integer, read back as text: a bigint, not a float.
      total: sql<string>`sum(${ledgerEntries.amountSen})::text`,
    })
    .from(ledgerEntries)
    .innerJoin(paymentItems, lineOfEntry)
    .where(postedOn(day))
    .groupBy(paymentItems.councilCode)
    .orderBy(asc(paymentItems.councilCode));
  const councils = rows.map((row) => ({
    council: row.council as CouncilCode,
    count: row.count,
    total: Number(row.total),
  }));
  return {
    day,
    councils,
    count: councils.reduce((sum, council) => sum + council.count, 0),
    total: sumSen(councils.map((council) => council.total)),
  };
}
