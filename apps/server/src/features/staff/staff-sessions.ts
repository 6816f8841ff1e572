import { eq, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { staff, staffSessions } from '../../db/schema';
import { hashToken, newSecret } from '../../lib/secrets';
import { sessionState } from '../../sessions/session-store';
import type { Staff } from './staff-accounts';

/** A back-office session ends after 15 idle minutes, and 8 hours after login whatever. */
export const staffSessionLimits = { idleMs: 15 * 60 * 1000, lifetimeMs: 8 * 60 * 60 * 1000 };

export async function startStaffSession(db: Database, staffId: number, now: Date): Promise<string> {
  const id = newSecret();
  await db
    .insert(staffSessions)
    .values({ idHash: hashToken(id), staffId, createdAt: now, lastSeenAt: now });
  return id;
}

/** The staff member of a live session, or undefined; a disabled member's session ends with it. */
export async function staffOfSession(
  db: Database,
  sessionId: string,
  now: Date,
): Promise<Staff | undefined> {
  const idHash = hashToken(sessionId);
  const [found] = await db
    .select()
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.idHash, idHash));
  if (!found) return undefined;
  const state = sessionState(found.staff_sessions, now, staffSessionLimits);
  if (state === 'ended' || found.staff.disabledAt) {
    await endStaffSession(db, sessionId);
    return undefined;
  }
  if (state === 'stale') {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.idHash, idHash));
  }
  return found.staff;
}

export async function endStaffSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.idHash, hashToken(sessionId)));
}

/** Drops staff sessions past their limits; the background jobs call it with the citizens'. */
export async function forgetEndedStaffSessions(db: Database, now: Date): Promise<void> {
  await db
    .delete(staffSessions)
    .where(
      or(
        lt(staffSessions.lastSeenAt, new Date(now.getTime() - staffSessionLimits.idleMs)),
        lt(staffSessions.createdAt, new Date(now.getTime() - staffSessionLimits.lifetimeMs)),
      ),
    );
}
