import type { BillImportProgress, BillImportStep } from '@portal/domain/contracts/bill-import';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { billImportProgress } from '../../db/schema';
import { leftover } from './staged-write';

/** Tells how far the work on a file has come; called often, it must cost next to nothing. */
export type ReportProgress = (step: BillImportStep, done: number, total: number | null) => void;

/** At most one write a second within a step: the officer's browser asks once a second. */
const writeEveryMilliseconds = 1000;

/** A member's own work under an id: another member's, under the same id, is never touched. */
const ownWork = ({ id, staffId }: { id: string; staffId: number }) =>
  and(eq(billImportProgress.id, id), eq(billImportProgress.staffId, staffId));

/**
 * Keeps a piece of work's progress in the database under the id its officer's browser chose
 * (docs/bill-import.md). Writes follow one another, the newest figure winning, and a failed write
 * is logged and forgotten: a progress bar must never fail the import it measures.
 */
export function recordProgress(
  db: Database,
  log: FastifyBaseLogger,
  { id, staffId }: { id: string; staffId: number },
): { report: ReportProgress; end: () => Promise<void> } {
  let latest: BillImportProgress | undefined;
  let written: BillImportProgress | undefined;
  let writtenAt = 0;
  let writing: Promise<void> = db
    .delete(billImportProgress)
    .where(lt(billImportProgress.updatedAt, leftover))
    .then(() => undefined, warn);

  function warn(error: unknown) {
    log.warn({ err: error }, 'bill import progress not recorded');
  }

  /** Queues a write of the latest figure, unless one is queued already that will write it. */
  let queued = false;
  function write() {
    written = latest;
    writtenAt = performance.now();
    if (queued) return;
    queued = true;
    writing = writing
      .then(() => {
        queued = false;
        const progress = latest!;
        return db
          .insert(billImportProgress)
          .values({ id, staffId, ...progress })
          .onConflictDoUpdate({
            target: billImportProgress.id,
            // Another member's work under the same id is left alone, and theirs never read.
            where: eq(billImportProgress.staffId, staffId),
            set: { ...progress, updatedAt: sql`now()` },
          });
      })
      .then(() => undefined, warn);
  }

  return {
    report(step, done, total) {
      latest = { step, done, total };
      // A new step, a step's end, or one that can no longer be measured is told at once.
      const turning =
        step !== written?.step || total !== written.total || (total !== null && done >= total);
      if (turning || performance.now() - writtenAt >= writeEveryMilliseconds) write();
    },
    async end() {
      await writing;
      await db.delete(billImportProgress).where(ownWork({ id, staffId })).catch(warn);
    },
  };
}

/** The progress of a member's own running work, if it is running. */
export async function progressOf(
  db: Database,
  work: { id: string; staffId: number },
): Promise<BillImportProgress | undefined> {
  const [row] = await db
    .select({
      step: billImportProgress.step,
      done: billImportProgress.done,
      total: billImportProgress.total,
    })
    .from(billImportProgress)
    .where(ownWork(work));
  return row;
}
