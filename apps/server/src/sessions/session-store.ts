import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../db/database';
import { sessions, users } from '../db/schema';
import { hashToken, newSecret } from '../lib/secrets';

/** A session ends after 30 idle minutes, and 8 hours after login whatever. */
export const sessionIdleMs = 30 * 60 * 1000;
export const sessionLifetimeMs = 8 * 60 * 60 * 1000;
/** Seen-at is written at most this often, so that browsing is not a write per request. */
const touchEveryMs = 60 * 1000;

export type User = typeof users.$inferSelect;

/** A new session for the user; answers the id for the cookie (the table keeps only its hash). */
export async function startSession(db: Database, userId: number, now: Date): Promise<string> {
  const id = newSecret();
  await db
    .insert(sessions)
    .values({ idHash: hashToken(id), userId, createdAt: now, lastSeenAt: now });
  return id;
}

/** The user of a live session, or undefined; an idle or too old session is ended on the way. */
export async function sessionUser(
  db: Database,
  sessionId: string,
  now: Date,
): Promise<User | undefined> {
  const idHash = hashToken(sessionId);
  const [found] = await db
    .select()
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, idHash));
  if (!found) return undefined;
  const state = sessionState(found.sessions, now, {
    idleMs: sessionIdleMs,
    lifetimeMs: sessionLifetimeMs,
  });
  if (state === 'ended') {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return undefined;
  }
  if (state === 'stale') {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return found.users;
}

/**
 * Where a session stands: ended (idle or old too long), stale (alive, its seen-at due to be written)
 * or fresh. Shared with the staff's sessions, which keep shorter limits.
 */
export function sessionState(
  session: { createdAt: Date; lastSeenAt: Date },
  now: Date,
  limits: { idleMs: number; lifetimeMs: number },
): 'ended' | 'stale' | 'fresh' {
  const nowMs = now.getTime();
  const idle = nowMs - session.lastSeenAt.getTime();
  if (idle > limits.idleMs || nowMs - session.createdAt.getTime() > limits.lifetimeMs) {
    return 'ended';
  }
  return idle > touchEveryMs ? 'stale' : 'fresh';
}

export async function endSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(sessionId)));
}

/** Ends every session of the user but the one named (after a password change or reset). */
export async function endOtherSessions(
  db: Database,
  userId: number,
  keptSessionId: string | undefined,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.idHash, hashToken(keptSessionId)))
        : eq(sessions.userId, userId),
    );
}

/** Drops sessions past their idle or absolute limit; the background jobs call it now and then. */
export async function forgetEndedSessions(db: Database, now: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.lastSeenAt, new Date(now.getTime() - sessionIdleMs)),
        lt(sessions.createdAt, new Date(now.getTime() - sessionLifetimeMs)),
      ),
    );
}
