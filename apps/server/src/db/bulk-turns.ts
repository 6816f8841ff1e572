import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { runsOneTransactionAtATime, type Database } from './database';

/**
 * How long one turn of bulk work should hold the embedded database: a lookup that arrives during
 * it waits about this long.
 */
const turnMilliseconds = 20;

/** The first turn's size, before the work's pace is known. */
const firstTurnItems = 50;

/**
 * Does bulk work (a council's batch of bills, a file's rows) so that citizens' requests are not
 * held up behind it (docs/decisions/0019-bulk-work-in-turns.md). The embedded database runs one
 * transaction at a time in the server's own thread, so a lookup that meets a long one waits for
 * all of it. There the work is done in parts of about `turnMilliseconds` each, sized by the pace
 * of the part before, and after each part it waits as long as that part took: requests that
 * queued meanwhile go first, and the bulk work has at most half of the database's time.
 * PostgreSQL runs transactions side by side: there it is one part. `done` hears, after each
 * part, how many items are done.
 */
export async function inTurns<T>(
  db: Database,
  items: readonly T[],
  work: (part: readonly T[]) => Promise<void>,
  done: (items: number) => void = () => {},
): Promise<void> {
  if (items.length === 0) return;
  if (!runsOneTransactionAtATime(db)) {
    await work(items);
    return done(items.length);
  }
  let size = firstTurnItems;
  for (let start = 0; start < items.length;) {
    const part = items.slice(start, start + size);
    start += part.length;
    const began = performance.now();
    await work(part);
    done(start);
    const took = performance.now() - began;
    await sleep(took);
    // At this part's pace, at most doubling: one slow moment does not make the next part huge.
    const fits = Math.floor((part.length * turnMilliseconds) / Math.max(took, 1));
    size = Math.max(1, Math.min(fits, 2 * size));
  }
}
