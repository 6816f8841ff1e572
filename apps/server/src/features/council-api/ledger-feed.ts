import type { FeedEntry } from '@portal/domain/contracts/council-api';
import { proportionOf } from '@portal/domain/money';
import type { CouncilCode } from '@portal/domain/councils';
import { channelNameOf } from '@portal/domain/payment-methods';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  ledgerEntries,
  ledgerFeedSequence,
  paymentItems,
  payments,
  refunds,
} from '../../db/schema';

/** The advisory lock every server takes to place entries, one server at a time. */
const placingLock = 0x1ed6e4;

/**
 * Gives committed ledger entries their place in the feed (docs/council-api.md). Entries are
 * numbered as they commit, not as they were begun: an entry begun first may commit after a later
 * one, and numbering by id would let a poller pass it by. One server places at a time (an
 * advisory lock held to commit), each placing numbers above every earlier one, and a placing is
 * seen whole or not at all; so a poller that asks for what is after the last place it took never
 * misses an entry and never gets one twice.
 */
export async function placeLedgerEntries(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${placingLock})`);
    // A statement of its own after the lock: it sees what the previous placing committed.
    await tx.execute(sql`
      with placed as (
        select id, nextval(${ledgerFeedSequence.seqName}::regclass) as position
        from (
          select id from ${ledgerEntries} where feed_position is null order by id limit 10000
        ) waiting
      )
      update ${ledgerEntries} set feed_position = placed.position
      from placed where ${ledgerEntries}.id = placed.id`);
  });
}

/**
 * A page of the council's placed entries after `after`: its entries, where to go on from, and if
 * more wait. A caller places the entries committed since first (`placeLedgerEntries`).
 */
export async function ledgerFeed(
  db: Database,
  council: CouncilCode,
  after: number,
  limit: number,
): Promise<{ entries: FeedEntry[]; next: string; more: boolean }> {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      position: ledgerEntries.feedPosition,
      refundId: ledgerEntries.refundId,
      postedAt: ledgerEntries.postedAt,
      amountSen: ledgerEntries.amountSen,
      line: {
        amountSen: paymentItems.amountSen,
        taxSen: paymentItems.taxSen,
        discountSen: paymentItems.discountSen,
      },
      paymentReference: payments.reference,
      refundReference: refunds.refundRef,
      paymentType: paymentItems.paymentType,
      accountNo: paymentItems.accountNo,
      description: paymentItems.description,
      paymentMethod: payments.paymentMethod,
      gatewayPaymentId: payments.gatewayPaymentId,
    })
    .from(ledgerEntries)
    .innerJoin(paymentItems, eq(paymentItems.id, ledgerEntries.paymentItemId))
    .innerJoin(payments, eq(payments.id, ledgerEntries.paymentId))
    .leftJoin(refunds, eq(refunds.id, ledgerEntries.refundId))
    .where(and(eq(paymentItems.councilCode, council), gt(ledgerEntries.feedPosition, after)))
    .orderBy(asc(ledgerEntries.feedPosition))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const entries = page.map((row): FeedEntry => ({
    id: `ledger-${row.id}`,
    position: String(row.position),
    kind: row.refundId === null ? 'payment' : 'refund',
    posted_at: row.postedAt.toISOString(),
    amount_sen: row.amountSen,
    // A refund carries its part of the line's tax and discount, as it withdraws them.
    tax_sen: proportionOf(row.line.taxSen, row.amountSen, row.line.amountSen),
    discount_sen: proportionOf(row.line.discountSen, row.amountSen, row.line.amountSen),
    payment_reference: row.paymentReference,
    refund_reference: row.refundReference,
    payment_type: row.paymentType,
    account_no: row.accountNo,
    description: row.description,
    payment_method: row.paymentMethod,
    payment_channel: channelNameOf(row.paymentMethod, row.gatewayPaymentId),
  }));
  return {
    entries,
    next: entries.at(-1)?.position ?? String(after),
    more: rows.length > limit,
  };
}
