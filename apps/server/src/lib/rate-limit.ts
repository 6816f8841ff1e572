import { sql } from 'drizzle-orm';
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
  { limit, windowSeconds }: RateLimit,
  now: Date = new Date(),
): Promise<void> {
  const windowEnd = new Date(now.getTime() + windowSeconds * 1000);
  let retryAfterSeconds = 0;
  for (const key of keys) {
    const [counter] = await db
      .insert(rateLimits)
      .values({ key, hits: 1, resetAt: windowEnd })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${rateLimits.resetAt} <= ${now} then 1 else ${rateLimits.hits} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= ${now} then ${windowEnd} else ${rateLimits.resetAt} end`,
        },
      })
      .returning();
    if (counter && counter.hits > limit) {
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
