import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { loginFailures } from '../db/schema';
import { AppError } from './app-error';

/**
 * How each kind of key slows down: the failures it may have for free, and the longest it can be
 * made to wait. The subject's own wait (an account's, a receipt's) is short, so that a stranger
 * failing at someone's account delays its owner by a minute at most and never locks them out; a
 * client, or a client at one subject, can be slowed far more (docs/accounts.md).
 */
const policies = {
  pair: { free: 3, capSeconds: 15 * 60 },
  subject: { free: 5, capSeconds: 60 },
  client: { free: 20, capSeconds: 15 * 60 },
} as const;
type KeyKind = keyof typeof policies;

/** Failures older than this are forgotten. */
const memoryMs = 24 * 60 * 60 * 1000;

/** Seconds to wait after the last failure, for a key with this many failures. */
export function waitAfter(kind: KeyKind, failures: number): number {
  const { free, capSeconds } = policies[kind];
  return failures <= free ? 0 : Math.min(capSeconds, 2 ** (failures - free - 1));
}

/** What is guessed at: a citizen's password, a staff member's password and code, a receipt's e-mail. */
export type GuessScope = 'login' | 'office-login' | 'receipt';

function keysOf(scope: GuessScope, subject: string, client: string): Record<KeyKind, string> {
  return {
    pair: `${scope}:pair:${subject}|${client}`,
    subject: `${scope}:subject:${subject}`,
    client: `${scope}:client:${client}`,
  };
}

/** A try refused under a key: how long until that key takes one again. */
class TooSoon extends Error {}

/**
 * Failed guesses at a secret slow down progressively, per subject (the account, the receipt's
 * reference), per client address and per both, with the counters in the database so every server
 * sees them (docs/accounts.md). `take` counts a try as a failure before the secret is even looked
 * at, under every key in one transaction, and refuses one that comes before its wait is over (429,
 * Retry-After) without counting it: the rows are locked while counted, so a burst of concurrent
 * tries gets exactly the tries the same tries one after another would. `succeed` forgets the
 * subject's and the pair's failures and gives the client its try back.
 */
export function guessThrottle(db: Database, scope: GuessScope, subject: string, client: string) {
  const keys = keysOf(scope, subject, client);
  const entries = Object.entries(keys) as [KeyKind, string][];
  return {
    async take(now: Date): Promise<void> {
      const forgottenBefore = new Date(now.getTime() - memoryMs);
      try {
        // Always pair, subject, client: one order of locks, so no two tries wait on each other.
        await db.transaction(async (tx) => {
          for (const [kind, key] of entries) {
            const { free, capSeconds } = policies[kind];
            // `waitAfter` in SQL, of the failures so far.
            const wait = sql`case when ${loginFailures.failures} <= ${free} then 0
              else least(${capSeconds}, power(2, ${loginFailures.failures} - ${free} - 1)) end`;
            const counted = await tx
              .insert(loginFailures)
              .values({ key, failures: 1, lastFailedAt: now })
              .onConflictDoUpdate({
                target: loginFailures.key,
                set: {
                  failures: sql`case when ${loginFailures.lastFailedAt} < ${forgottenBefore} then 1 else ${loginFailures.failures} + 1 end`,
                  lastFailedAt: now,
                },
                setWhere: sql`${loginFailures.lastFailedAt} < ${forgottenBefore}
                  or ${loginFailures.lastFailedAt} + ${wait} * interval '1 second' <= ${now}`,
              })
              .returning({ key: loginFailures.key });
            if (counted.length === 0) throw new TooSoon();
          }
        });
      } catch (error) {
        if (!(error instanceof TooSoon)) throw error;
        throw new AppError('rate_limited', 'Wait before trying again', undefined, undefined, {
          'retry-after': String(await secondsToWait(db, entries, now)),
        });
      }
    },

    async succeed(): Promise<void> {
      await db.delete(loginFailures).where(inArray(loginFailures.key, [keys.pair, keys.subject]));
      await db
        .update(loginFailures)
        .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
        .where(eq(loginFailures.key, keys.client));
    },
  };
}

/** How long until every key takes a try again: at least a second. */
async function secondsToWait(db: Database, entries: [KeyKind, string][], now: Date) {
  const rows = await db
    .select()
    .from(loginFailures)
    .where(
      inArray(
        loginFailures.key,
        entries.map(([, key]) => key),
      ),
    );
  let waitSeconds = 1;
  for (const [kind, key] of entries) {
    const row = rows.find((candidate) => candidate.key === key);
    if (!row || now.getTime() - row.lastFailedAt.getTime() > memoryMs) continue;
    const until = row.lastFailedAt.getTime() + waitAfter(kind, row.failures) * 1000;
    waitSeconds = Math.max(waitSeconds, Math.ceil((until - now.getTime()) / 1000));
  }
  return waitSeconds;
}

/** Drops failures long forgotten; the background jobs call it now and then. */
export async function forgetOldLoginFailures(db: Database, now: Date = new Date()): Promise<void> {
  await db
    .delete(loginFailures)
    .where(sql`${loginFailures.lastFailedAt} < ${new Date(now.getTime() - memoryMs)}`);
}
