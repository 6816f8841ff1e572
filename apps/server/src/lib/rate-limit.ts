import { sql, type Placeholder } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimits } from '../db/schema';
import { AppError } from './app-error';

export interface RateLimit {
  /** Attempts allowed in one window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one attempt under each key (e.g. per IP and per account) and refuses with 429
 * `rate_limited` once any key has used its window's allowance. The counters live in the database,
 * so every server sees the same count; one statement per key, so two
 * servers counting at once never lose a hit.
 */
export async function countAttempt(
  db: Database,
  keys: readonly string[],
  rule: RateLimit,
  now: Date = new Date(),
): Promise<void> {
  const counters: AttemptCounter[] = [];
  const window = { now, end: windowEnd(rule, now) };
  for (const key of keys) counters.push(...(await attemptCounted(db, key, window)));
  refuseBeyondLimit(counters, rule, now);
}

/** A key's hits in its current window, and when that window ends. */
export interface AttemptCounter {
  hits: number;
  resetAt: Date;
}

/** When a window that opens now closes. */
export function windowEnd({ windowSeconds }: RateLimit, now: Date): Date {
  return new Date(now.getTime() + windowSeconds * 1000);
}

/**
 * The statement that counts one attempt under `key`, answering its counter: one upsert, so it
 * may also run inside a bigger statement (a `with` query) that reads what else the caller needs.
 * Its values may be placeholders, for a statement prepared once (`db/prepared-statement.ts`).
 */
export function attemptCounted(
  db: Database,
  key: string | Placeholder,
  window: { now: Date | Placeholder; end: Date | Placeholder },
) {
  return db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt: window.end })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= ${window.now} then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${window.now} then ${window.end} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
}

/** Refuses with 429 `rate_limited`, and when to try again, once any counter is past its limit. */
export function refuseBeyondLimit(
  counters: readonly AttemptCounter[],
  { limit }: RateLimit,
  now: Date,
): void {
  let retryAfterSeconds = 0;
  for (const counter of counters) {
    if (counter.hits > limit) {
      const wait = Math.ceil((counter.resetAt.getTime() - now.getTime()) / 1000);
      retryAfterSeconds = Math.max(retryAfterSeconds, wait, 1);
    }
  }
  if (retryAfterSeconds > 0) {
    throw new AppError('rate_limited', 'Too many attempts', undefined, undefined, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}

/** Drops counters whose window has passed; the background jobs call it now and then. */
export async function forgetOldAttempts(db: Database, now: Date = new Date()): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} <= ${now}`);
}
