import type { WorkerLimits } from '../../lib/worker-task';
import { runWorkerTask, WorkerTaskStopped } from '../../lib/worker-task';
import type { WorkbookAnswer } from './workbook-worker';

/**
 * What reading one workbook may take: the heap its thread may fill (a real 100,000-row workbook
 * needs about 130 MB) and how long it may run (such a workbook takes about 2 s).
 */
export const workbookLimits: WorkerLimits = { heapMb: 320, deadlineMs: 60_000 };

const worker = new URL('./workbook-worker.ts', import.meta.url);

/** One workbook is read at a time: two large ones at once would need twice the memory. */
let reading: Promise<unknown> = Promise.resolve();

/**
 * The first sheet's rows of a workbook, read in a thread of its own within `workbookLimits`, so
 * that citizens are answered meanwhile, or why it is refused (docs/bill-import.md).
 */
export function readWorkbook(
  bytes: Buffer,
  limits: WorkerLimits = workbookLimits,
): Promise<WorkbookAnswer> {
  const turn = reading.then(() =>
    runWorkerTask<WorkbookAnswer>(worker, bytes, limits).catch((error: unknown) => {
      if (!(error instanceof WorkerTaskStopped) || error.why === 'failed') throw error;
      const problem = error.why === 'memory' ? 'workbook_too_large' : 'workbook_too_slow';
      return { refused: { line: 1, problem } } satisfies WorkbookAnswer;
    }),
  );
  reading = turn.catch(() => {});
  return turn;
}
