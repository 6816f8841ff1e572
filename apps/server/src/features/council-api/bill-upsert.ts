import { billRecord, subTypeOf, type BillRecord } from '@portal/domain/bill-records';
import type { BatchAnswer, RecordResult } from '@portal/domain/contracts/council-api';
import type { CouncilCode } from '@portal/domain/councils';
import { accountKey } from '@portal/domain/payment-types';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { inTurns } from '../../db/bulk-turns';
import { rowsOf, transactionWithRetry, type Database } from '../../db/database';
import { bills, payments } from '../../db/schema';
import { billLockKey, heldUntil, inLockOrder } from '../../lib/bill-queries';

/** How a batch is applied (docs/council-api.md). */
export interface UpsertOptions {
  /** All records or none: one refusal writes nothing. */
  atomic: boolean;
  /** Answer what would happen, and write nothing. */
  dryRun: boolean;
  now: Date;
}

/** A record checked and ready to compare with the bill it names. */
export interface Checked {
  index: number;
  record: BillRecord;
  /** The account number as stored and looked up. */
  key: string;
  /** The order checkout locks bills in, which this follows so that neither waits on the other. */
  lockKey: string;
}

/** A bill's columns as a record gives them, named as the bulk statements read them. */
export function columnsOf(record: BillRecord, key: string) {
  return {
    payment_type: record.payment_type,
    account_no: key,
    display_no: record.account_no,
    sub_type: subTypeOf(record),
    status: record.status,
    owner_name: record.owner_name,
    owner_ic: record.owner_ic,
    address: record.address,
    description: record.description,
    amount_due_sen: record.amount_due_sen,
    due_date: record.due_date,
    details: record.details as Record<string, unknown>,
  };
}

export type Columns = ReturnType<typeof columnsOf>;

/** The type of each of `Columns`, as the bulk statements read them from JSON. */
const columnTypes = {
  payment_type: 'text',
  account_no: 'text',
  display_no: 'text',
  sub_type: 'text',
  status: 'text',
  owner_name: 'text',
  owner_ic: 'text',
  address: 'text',
  description: 'text',
  amount_due_sen: 'bigint',
  due_date: 'date',
  details: 'jsonb',
} as const satisfies Record<keyof Columns, string>;

/** `Columns` with their types, after the given ones: the row type of a JSON record set. */
export function recordSetOf(first: Record<string, string>) {
  const columns = Object.entries({ ...first, ...columnTypes });
  return sql.raw(`(${columns.map(([name, type]) => `${name} ${type}`).join(', ')})`);
}

/** `Columns` named, for an insert: `columnNames`, or each as `source.column`. */
export const columnNames = sql.raw(Object.keys(columnTypes).join(', '));
export const columnsFrom = (source: string) =>
  sql.raw(
    Object.keys(columnTypes)
      .map((name) => `${source}.${name}`)
      .join(', '),
  );

/** The columns an update rewrites: all but the payment type and number a bill is found by. */
const rewritten = Object.keys(columnTypes).filter(
  (name) => name !== 'payment_type' && name !== 'account_no',
);

/** `column = source.column` for each column an update rewrites. */
export const rewrittenFrom = (source: string) =>
  sql.raw(rewritten.map((name) => `${name} = ${source}.${name}`).join(', '));

/** Whether the bill `bill` differs from `source` in any column an update rewrites. */
export const differsFrom = (bill: string, source: string) =>
  sql.raw(
    `(${rewritten.map((name) => `${bill}.${name}`).join(', ')}) is distinct from ` +
      `(${rewritten.map((name) => `${source}.${name}`).join(', ')})`,
  );

/** JSON with its object keys sorted, so that two equal details compare equal as text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

type BillRow = typeof bills.$inferSelect;

function unchanged(row: BillRow, columns: Columns): boolean {
  return (
    row.displayNo === columns.display_no &&
    row.subType === columns.sub_type &&
    row.status === columns.status &&
    row.ownerName === columns.owner_name &&
    row.ownerIc === columns.owner_ic &&
    row.address === columns.address &&
    row.description === columns.description &&
    row.amountDueSen === columns.amount_due_sen &&
    row.dueDate === columns.due_date &&
    canonical(row.details) === canonical(columns.details)
  );
}

/** What is wrong with a record, by the field's path in it. */
function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues)
    fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return fields;
}

function named(raw: unknown, field: 'payment_type' | 'account_no'): string | null {
  const value = (raw as Record<string, unknown> | null)?.[field];
  return typeof value === 'string' ? value.slice(0, 64) : null;
}

/**
 * The columns the bulk statements read each bill from (`Columns`, and the bill's `id` for an
 * update; a new bill has none, which reads as null).
 */
const recordColumns = recordSetOf({ id: 'integer' });

/** A bill of the council by its payment type and stored account number, as a map's key. */
export const billKey = (paymentType: string, accountNo: string) =>
  `${paymentType}\u0000${accountNo}`;

/** A record checked with its bill's key, in the order checkout locks bills. */
export function checkedRecord(council: CouncilCode, record: BillRecord, index: number): Checked {
  return {
    index,
    record,
    key: accountKey(record.payment_type, record.account_no),
    lockKey: billLockKey(council, record.payment_type, record.account_no),
  };
}

/** The records that name a bill another record also names: which of them is meant? */
export function namedTwice(items: readonly Checked[]): Set<number> {
  const seen = new Map<string, number>();
  const twice = new Set<number>();
  for (const item of items) {
    const first = seen.get(item.lockKey);
    if (first === undefined) seen.set(item.lockKey, item.index);
    else twice.add(first).add(item.index);
  }
  return twice;
}

/** What became, or would become, of one record. */
export interface Outcome {
  outcome: RecordResult['outcome'];
  reason?: 'payment_in_progress' | 'changed_meanwhile' | 'paid_by_portal';
  releaseAt?: Date;
  /** The payment through the portal that a `paid_by_portal` record would undo. */
  paidBy?: PortalPayment;
}

/** A payment through the portal that settled on a bill. */
export interface PortalPayment {
  reference: string;
  at: Date;
}

/**
 * The payment through the portal that a record would undo: the bill's last, when the record's
 * figures are older than it or undated (docs/council-api.md).
 */
export function paymentUndoneBy(
  record: BillRecord,
  paidBy: PortalPayment | null,
): PortalPayment | undefined {
  if (!paidBy) return undefined;
  return record.as_of !== undefined && new Date(record.as_of) > paidBy.at ? undefined : paidBy;
}

/** Bills locked, compared and written by one statement: its parameter stays well in bounds. */
const recordsPerStatement = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += recordsPerStatement) {
    out.push(items.slice(start, start + recordsPerStatement));
  }
  return out;
}

/**
 * Compares each record with the bill it names and, when `write`, writes the changes, with the
 * bills locked in checkout's order, so neither waits on the other. A bill a citizen's payment holds
 * is left alone. `atomic`: one transaction, and one such refusal writes nothing at all. Otherwise
 * each record stands on its own, and the work is done in turns (db/bulk-turns.ts).
 */
export async function applyRecords(
  db: Database,
  council: CouncilCode,
  records: readonly Checked[],
  options: {
    write: boolean;
    atomic: boolean;
    now: Date;
    /** An officer's explicit correction: records may undo payments through the portal. */
    overwritePaid?: boolean;
    done?: (records: number) => void;
  },
): Promise<{ outcomes: Map<number, Outcome>; applied: boolean }> {
  const sorted = [...records].sort((a, b) => inLockOrder(a.lockKey, b.lockKey));
  if (options.write && options.atomic) return compareAndWrite(db, council, sorted, options);
  const outcomes = new Map<number, Outcome>();
  await inTurns(
    db,
    sorted,
    async (part) => {
      const done = await compareAndWrite(db, council, part, options);
      for (const [index, outcome] of done.outcomes) outcomes.set(index, outcome);
    },
    options.done,
  );
  return { outcomes, applied: options.write };
}

/** One transaction's work; comparing alone needs none, as it writes nothing and locks nothing. */
async function compareAndWrite(
  db: Database,
  council: CouncilCode,
  sorted: readonly Checked[],
  {
    write,
    atomic,
    now,
    overwritePaid = false,
  }: { write: boolean; atomic: boolean; now: Date; overwritePaid?: boolean },
): Promise<{ outcomes: Map<number, Outcome>; applied: boolean }> {
  const outcomes = new Map<number, Outcome>();
  const inTransaction = <T>(work: (tx: Database) => Promise<T>) =>
    write ? transactionWithRetry(db, work) : work(db);
  const applied = await inTransaction(async (tx) => {
    outcomes.clear();
    const toInsert: (Columns & { index: number })[] = [];
    const toUpdate: (Columns & { index: number; id: number })[] = [];
    for (const [index, chunk] of chunks(sorted).entries()) {
      // Other requests are read meanwhile: comparing a large file takes a while.
      if (index > 0) await nextTurn();
      const existing = await existingBills(tx, council, chunk, { lock: write });
      for (const item of chunk) {
        const columns = columnsOf(item.record, item.key);
        const row = existing.get(billKey(item.record.payment_type, item.key));
        if (!row) {
          toInsert.push({ ...columns, index: item.index });
          outcomes.set(item.index, { outcome: 'created' });
        } else if (row.heldUntil) {
          outcomes.set(item.index, {
            outcome: 'refused',
            reason: 'payment_in_progress',
            releaseAt: row.heldUntil,
          });
        } else if (unchanged(row.bill, columns)) {
          outcomes.set(item.index, { outcome: 'unchanged' });
        } else {
          const undone = paymentUndoneBy(item.record, row.paidBy);
          if (undone && !overwritePaid) {
            outcomes.set(item.index, {
              outcome: 'refused',
              reason: 'paid_by_portal',
              paidBy: undone,
            });
          } else {
            toUpdate.push({ ...columns, index: item.index, id: row.bill.id });
            outcomes.set(item.index, { outcome: 'updated', ...(undone && { paidBy: undone }) });
          }
        }
      }
    }
    const held = [...outcomes.values()].some((outcome) => outcome.outcome === 'refused');
    if (!write || (atomic && held)) return false;

    for (const chunk of chunks(toInsert)) {
      const created = await insertBills(tx, council, chunk, now);
      for (const item of chunk) {
        if (created.has(billKey(item.payment_type, item.account_no))) continue;
        // Another call created the same bill a moment ago: this record is not written.
        outcomes.set(item.index, { outcome: 'refused', reason: 'changed_meanwhile' });
        if (atomic) throw new BatchRolledBack();
      }
    }
    for (const chunk of chunks(toUpdate)) await updateBills(tx, chunk, now);
    return true;
  }).catch((error: unknown) => {
    if (error instanceof BatchRolledBack) return false;
    throw error;
  });
  return { outcomes, applied };
}

/**
 * Creates or updates a council's bills and licences from its records (docs/council-api.md): each
 * is checked with the domain's schema and matched by payment type and account number.
 */
export async function upsertBills(
  db: Database,
  council: CouncilCode,
  records: readonly unknown[],
  { atomic, dryRun, now }: UpsertOptions,
): Promise<BatchAnswer> {
  const results: RecordResult[] = records.map((raw, index) => ({
    index,
    payment_type: named(raw, 'payment_type'),
    account_no: named(raw, 'account_no'),
    outcome: 'refused',
  }));
  const checked: Checked[] = [];
  records.forEach((raw, index) => {
    const parsed = billRecord.safeParse(raw);
    if (!parsed.success) {
      results[index] = { ...results[index]!, reason: 'invalid', fields: fieldsOf(parsed.error) };
    } else if (parsed.data.council !== undefined && parsed.data.council !== council) {
      results[index] = { ...results[index]!, reason: 'other_council' };
    } else {
      checked.push(checkedRecord(council, parsed.data, index));
    }
  });
  // A bill named twice: which of the two is meant? Neither is written, nor anything else.
  const twice = namedTwice(checked);
  for (const index of twice) {
    results[index] = {
      ...results[index]!,
      reason: 'invalid',
      fields: { account_no: 'named twice in this batch' },
    };
  }
  const invalid = checked.length < records.length;
  const { outcomes, applied } = await applyRecords(
    db,
    council,
    checked.filter((item) => !twice.has(item.index)),
    { write: !dryRun && twice.size === 0 && !(atomic && invalid), atomic, now },
  );
  for (const [index, { outcome, reason, releaseAt, paidBy }] of outcomes) {
    results[index] = {
      ...results[index]!,
      outcome,
      ...(reason && { reason }),
      ...(releaseAt && { release_at: releaseAt.toISOString() }),
      ...(paidBy && { payment_reference: paidBy.reference, paid_at: paidBy.at.toISOString() }),
    };
  }

  const count = (outcome: RecordResult['outcome']) =>
    results.filter((result) => result.outcome === outcome).length;
  return {
    applied,
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    refused: count('refused'),
    records: results,
  };
}

/** An atomic batch that met a refusal after it began writing: the transaction is undone. */
export class BatchRolledBack extends Error {}

/**
 * The bills the records name that exist, with until when a payment holds each; locked when they
 * are to be written.
 */
async function existingBills(
  tx: Database,
  council: CouncilCode,
  items: readonly Checked[],
  { lock }: { lock: boolean },
) {
  const found = new Map<
    string,
    { bill: BillRow; heldUntil: Date | null; paidBy: PortalPayment | null }
  >();
  if (items.length === 0) return found;
  // One parameter, not two per record: PGlite refuses statements with thousands of them.
  const pairs = JSON.stringify(items.map((item) => ({ t: item.record.payment_type, k: item.key })));
  // Each bill looked up by its own index scan, locked in checkout's order (council, type, key;
  // byte order), so neither can wait on the other. `offset 0` keeps the planner from making the
  // lookups one join: with the embedded database's statistics, never refreshed, that join reads
  // every bill of the council.
  const locked = await rowsOf<{ id: number }>(
    tx,
    sql`
    select b.id from (
      select t, k from jsonb_to_recordset(${pairs}::jsonb) as n(t text, k text)
      order by t collate "C", k collate "C"
    ) n cross join lateral (
      select id from ${bills}
      where council_code = ${council} and payment_type = n.t and account_no = n.k
      ${lock ? sql`for update` : sql`offset 0`}
    ) b`,
  );
  const ids = locked.map((row) => row.id);
  if (ids.length === 0) return found;
  // Its own statement, after the locks: it sees a payment a checkout made while holding them.
  const rows = await tx
    .select({ bill: bills, heldUntil: heldUntil(bills.id), paidReference: payments.reference })
    .from(bills)
    .leftJoin(payments, eq(payments.id, bills.portalPaymentId))
    .where(sql`${bills.id} = any(${`{${ids.join(',')}}`}::integer[])`);
  for (const { bill, heldUntil, paidReference } of rows) {
    const paidBy =
      bill.portalPaidAt && paidReference
        ? { reference: paidReference, at: bill.portalPaidAt }
        : null;
    found.set(billKey(bill.paymentType, bill.accountNo), { bill, heldUntil, paidBy });
  }
  return found;
}

/** Inserts the new bills in one statement; answers those it created (not one made meanwhile). */
async function insertBills(
  tx: Database,
  council: CouncilCode,
  rows: readonly Columns[],
  now: Date,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  // The rows as one JSON parameter: building a statement of 15,000 parameters cost more than
  // running it.
  const created = await rowsOf<{ payment_type: string; account_no: string }>(
    tx,
    sql`
    insert into ${bills} (council_code, ${columnNames}, created_at, updated_at)
    select ${council}, ${columnsFrom('v')}, ${now.toISOString()}::timestamptz,
      ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v${recordColumns}
    on conflict (council_code, payment_type, account_no) do nothing
    returning payment_type, account_no`,
  );
  return new Set(created.map((row) => billKey(row.payment_type, row.account_no)));
}

/** Updates the changed bills in one statement. */
async function updateBills(
  tx: Database,
  rows: readonly (Columns & { id: number })[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update ${bills} set ${rewrittenFrom('v')}, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v${recordColumns}
    where ${bills.id} = v.id`);
}
