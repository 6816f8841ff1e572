import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { loginFailures } from '../db/schema';
import { AppError } from './app-error';

/**
 * How each kind of key slows down: the failures it may have for free, and the longest it can be
 * made to wait. The account's own wait is short, so that a stranger failing at someone's account
 * delays its owner by a minute at most and never locks them out; a client, or a client at one
 * account, can be slowed far more (docs/accounts.md).
 */
const policies = {
  pair: { free: 3, capSeconds: 15 * 60 },
  account: { free: 5, capSeconds: 60 },
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

function keysOf(account: string, client: string): Record<KeyKind, string> {
  return {
    pair: `login:pair:${account}|${client}`,
    account: `login:account:${account}`,
    client: `login:client:${client}`,
  };
}

/**
 * Failed logins slow down progressively, per account, per client address and per both, with the
 * counters in the database so every server sees them. `check` refuses (429, Retry-After) an
 * attempt that comes before its wait is over, without looking at the password; `fail` counts one
 * more failure; `succeed` forgets the account's and the pair's.
 */
export function loginThrottle(db: Database, account: string, client: string) {
  const keys = keysOf(account, client);
  return {
    async check(now: Date): Promise<void> {
      const rows = await db
        .select()
        .from(loginFailures)
        .where(inArray(loginFailures.key, Object.values(keys)));
      let waitSeconds = 0;
      for (const [kind, key] of Object.entries(keys) as [KeyKind, string][]) {
        const row = rows.find((candidate) => candidate.key === key);
        if (!row || now.getTime() - row.lastFailedAt.getTime() > memoryMs) continue;
        const until = row.lastFailedAt.getTime() + waitAfter(kind, row.failures) * 1000;
        waitSeconds = Math.max(waitSeconds, Math.ceil((until - now.getTime()) / 1000));
      }
      if (waitSeconds > 0) {
        throw new AppError('rate_limited', 'Wait before trying again', undefined, undefined, {
          'retry-after': String(waitSeconds),
        });
      }
    },

    async fail(now: Date): Promise<void> {
      const forgottenBefore = new Date(now.getTime() - memoryMs);
      await db
        .insert(loginFailures)
        .values(Object.values(keys).map((key) => ({ key, failures: 1, lastFailedAt: now })))
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            failures: sql`case when ${loginFailures.lastFailedAt} < ${forgottenBefore} then 1 else ${loginFailures.failures} + 1 end`,
            lastFailedAt: now,
          },
        });
    },

    async succeed(): Promise<void> {
      await db.delete(loginFailures).where(inArray(loginFailures.key, [keys.pair, keys.account]));
    },
  };
}

/** Drops failures long forgotten; the background jobs call it now and then. */
export async function forgetOldLoginFailures(db: Database, now: Date = new Date()): Promise<void> {
  await db
    .delete(loginFailures)
    .where(sql`${loginFailures.lastFailedAt} < ${new Date(now.getTime() - memoryMs)}`);
}
