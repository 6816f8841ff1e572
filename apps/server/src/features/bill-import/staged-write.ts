import { randomUUID } from 'node:crypto';
import { openStatuses } from '@portal/domain/payment-status';
import type { CouncilCode } from '@portal/domain/councils';
import { and, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { inTurns } from '../../db/bulk-turns';
import {
  rowsOf,
  runsOneTransactionAtATime,
  transactionWithRetry,
  type Database,
} from '../../db/database';
import { billImportRows, bills, paymentItems, payments } from '../../db/schema';
import {
  BatchRolledBack,
  columnNames,
  columnsFrom,
  columnsOf,
  differsFrom,
  recordSetOf,
  rewrittenFrom,
  type Checked,
  type Outcome,
} from '../council-api';

/**
 * What the final write of one row costs the embedded database at most: 50-60 µs on the 2-core
 * development machine on a slow day, 61 µs with four other jobs running on it; the officer is
 * told an upper bound (docs/bill-import.md; `npm run bench:import` holds the pause within it).
 */
export const embeddedWriteMicrosPerRow = 80;

/**
 * At most about how many whole seconds writing `rows` will hold every other request, 0 under one: on the
 * embedded database the final write is one transaction, and nothing else runs meanwhile.
 * PostgreSQL goes on (null).
 */
export function pauseSecondsOfWrite(db: Database, rows: number): number | null {
  if (!runsOneTransactionAtATime(db)) return null;
  const seconds = (rows * embeddedWriteMicrosPerRow) / 1_000_000;
  return seconds < 1 ? 0 : Math.ceil(seconds);
}

/** Rows staged by one statement: its one JSON parameter stays well in bounds. */
const rowsPerStatement = 1000;

/**
 * Rows an import that never ended left behind (a restart mid-import) are deleted after a day, in
 * database time: a test's clock cannot delete another import's rows.
 */
export const leftover = sql`now() - interval '24 hours'`;

/** Bill `b` is the council's bill that staged row `s` names: the same type and number. */
const named = (council: CouncilCode) =>
  sql`b.council_code = ${council} and b.payment_type = s.payment_type
    and b.account_no = s.account_no`;

/**
 * Writes a checked file's records in one transaction, all or none (docs/bill-import.md), holding
 * that transaction only for the write itself: the rows are first staged, in turns, then applied by
 * a few statements. Answers whether it was written and, if not, the lines that stopped it: bills
 * a citizen's payment now holds. `staged` hears how many records are staged so far.
 */
export async function writeStaged(
  db: Database,
  council: CouncilCode,
  records: readonly Checked[],
  {
    now,
    overwritePaid,
    written = async () => {},
  }: {
    now: Date;
    overwritePaid: boolean;
    /** Runs last in the transaction that writes, with the lines that corrected a payment. */
    written?: (tx: Database, corrected: Map<number, Outcome>) => Promise<void>;
  },
  staged: (records: number) => void = () => {},
): Promise<{ applied: boolean; refused: Map<number, Outcome>; corrected: Map<number, Outcome> }> {
  const importId = randomUUID();
  await db.delete(billImportRows).where(lt(billImportRows.stagedAt, leftover));
  try {
    await inTurns(
      db,
      records,
      async (part) => {
        for (let start = 0; start < part.length; start += rowsPerStatement) {
          const rows = part
            .slice(start, start + rowsPerStatement)
            .map((item) => ({ line: item.index, ...columnsOf(item.record, item.key) }));
          await db.execute(sql`
          insert into ${billImportRows} (import_id, line, ${columnNames})
          select ${importId}, v.line, ${columnsFrom('v')}
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v${recordSetOf({ line: 'integer' })}`);
        }
      },
      staged,
    );
    const refused = new Map<number, Outcome>();
    const corrected = new Map<number, Outcome>();
    const applied = await transactionWithRetry(db, async (tx) => {
      refused.clear();
      corrected.clear();
      await applyStaged(tx, council, importId, now);
      // Before the rewrite, with the bills locked: a payment through the portal since the
      // council's figures is undone only by an officer's explicit correction.
      for (const { line, reference, paid_at } of await paidThroughPortal(tx, council, importId)) {
        const paidBy = { reference, at: new Date(paid_at) };
        (overwritePaid ? corrected : refused).set(line, {
          outcome: overwritePaid ? 'updated' : 'refused',
          reason: overwritePaid ? undefined : 'paid_by_portal',
          paidBy,
        });
      }
      if (refused.size > 0) throw new BatchRolledBack();
      await rewriteStaged(tx, council, importId, refused, now);
      await written(tx, corrected);
      return true;
    }).catch((error: unknown) => {
      if (error instanceof BatchRolledBack) return false;
      throw error;
    });
    return { applied, refused, corrected };
  } finally {
    await inTurns(db, records, async (part) => {
      const lines = part.map((item) => item.index);
      await db
        .delete(billImportRows)
        .where(
          and(
            eq(billImportRows.importId, importId),
            gte(billImportRows.line, Math.min(...lines)),
            lte(billImportRows.line, Math.max(...lines)),
          ),
        );
    });
  }
}

/** Locks the bills an import's staged rows name, and inserts the new ones. */
async function applyStaged(
  tx: Database,
  council: CouncilCode,
  importId: string,
  now: Date,
): Promise<void> {
  // Checkout locks bills in this order too, so neither waits on the other. The embedded database
  // runs one transaction at a time: nobody else can be holding them there.
  if (!runsOneTransactionAtATime(tx)) {
    await tx.execute(sql`
      select b.id from ${bills} b join ${billImportRows} s on ${named(council)}
      where s.import_id = ${importId}
      order by b.payment_type collate "C", b.account_no collate "C"
      for update of b`);
  }
  await tx.execute(sql`
    insert into ${bills} (council_code, ${columnNames}, created_at, updated_at)
    select ${council}, ${columnsFrom('s')}, ${now.toISOString()}::timestamptz,
      ${now.toISOString()}::timestamptz
    from ${billImportRows} s
    where s.import_id = ${importId}
    on conflict (council_code, payment_type, account_no) do nothing`);
}

/** The staged lines that would change a bill a payment through the portal settled. */
function paidThroughPortal(tx: Database, council: CouncilCode, importId: string) {
  return rowsOf<{ line: number; reference: string; paid_at: string | Date }>(
    tx,
    sql`
    select s.line, p.reference, b.portal_paid_at as paid_at
    from ${billImportRows} s join ${bills} b on ${named(council)}
      join ${payments} p on p.id = b.portal_payment_id
    where s.import_id = ${importId} and ${differsFrom('b', 's')}`,
  );
}

/**
 * Rewrites the bills an import's staged rows name, as the file has them; or, when a citizen's
 * payment holds one of them, nothing is written and `refused` names those lines.
 */
async function rewriteStaged(
  tx: Database,
  council: CouncilCode,
  importId: string,
  refused: Map<number, Outcome>,
  now: Date,
): Promise<void> {
  // A bill another call created since the locks is rewritten too, and locked by this.
  await tx.execute(sql`
    update ${bills} b set ${rewrittenFrom('s')}, updated_at = ${now.toISOString()}::timestamptz
    from ${billImportRows} s
    where s.import_id = ${importId} and ${named(council)} and ${differsFrom('b', 's')}`);
  // After the writes, which waited for any checkout holding one of these bills: a payment that
  // holds one now stops the import. The rule is lib/bill-queries.ts's heldUntil, read for every
  // staged bill at once from the few open payments rather than bill by bill.
  const held = await rowsOf<{ line: number; release_at: string | Date }>(
    tx,
    sql`
    select s.line, max(coalesce(p.release_at, 'epoch'::timestamptz)) as release_at
    from ${payments} p join ${paymentItems} i on i.payment_id = p.id
      join ${bills} b on b.id = i.bill_id
      join ${billImportRows} s on s.import_id = ${importId} and ${named(council)}
    where p.status in ${openStatuses}
    group by s.line`,
  );
  for (const { line, release_at } of held) {
    refused.set(line, {
      outcome: 'refused',
      reason: 'payment_in_progress',
      releaseAt: new Date(release_at),
    });
  }
  if (refused.size > 0) throw new BatchRolledBack();
}
