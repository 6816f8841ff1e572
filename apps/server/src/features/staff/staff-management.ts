import { randomBytes } from 'node:crypto';
import type { StaffRecord } from '@portal/domain/contracts/staff';
import type { CouncilCode } from '@portal/domain/councils';
import type { StaffChangeForm, StaffEnrolmentForm, StaffInviteForm } from '@portal/domain/forms';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { transactionWithRetry, type Database } from '../../db/database';
import { staff, staffInvitations, staffSessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword, refuseWeakPassword } from '../../lib/passwords';
import type { PersonalData } from '../../lib/personal-data';
import { hashToken } from '../../lib/secrets';
import {
  appCodeStep,
  newTotpSecret,
  replaceRecoveryCodes,
  totpOf,
  type Staff,
} from './staff-accounts';

/** An enrolment link works for three days, once. */
export const invitationLifetimeMs = 3 * 24 * 60 * 60 * 1000;

const noSuchInvitation = () =>
  new AppError('invalid_request_not_found', 'This link is not valid: ask your council admin');

export function presentRecord(member: Staff): StaffRecord {
  return {
    id: member.id,
    email: member.email,
    full_name: member.fullName,
    role: member.role,
    council: member.councilCode,
    status: member.disabledAt ? 'disabled' : member.enrolledAt ? 'active' : 'invited',
    created_at: member.createdAt.toISOString(),
  };
}

export async function staffOfCouncil(db: Database, council: CouncilCode): Promise<StaffRecord[]> {
  const rows = await db
    .select()
    .from(staff)
    .where(eq(staff.councilCode, council))
    .orderBy(asc(staff.fullName), asc(staff.id));
  return rows.map(presentRecord);
}

/** A new single-use enrolment link's token for a staff member; any earlier unused one stops working. */
async function issueInvitation(tx: Database, staffId: number, now: Date): Promise<string> {
  await tx
    .delete(staffInvitations)
    .where(and(eq(staffInvitations.staffId, staffId), isNull(staffInvitations.usedAt)));
  const token = randomBytes(32).toString('base64url');
  await tx.insert(staffInvitations).values({
    staffId,
    tokenHash: hashToken(`staff-invitation:${token}`),
    createdAt: now,
    expiresAt: new Date(now.getTime() + invitationLifetimeMs),
  });
  return token;
}

/**
 * Makes an invited staff member: no password anyone knows and no login until they enrol from the
 * link, whose token the caller e-mails (it is kept only as a hash).
 */
export async function inviteStaff(
  db: Database,
  personal: PersonalData,
  form: StaffInviteForm,
  now: Date,
): Promise<{ member: Staff; token: string }> {
  const unusable = await hashPassword(randomBytes(32).toString('hex'));
  return transactionWithRetry(db, async (tx) => {
    const [member] = await tx
      .insert(staff)
      .values({
        email: form.email,
        fullName: form.full_name,
        role: form.role,
        councilCode: form.council,
        passwordHash: unusable,
        totpSecret: personal.encrypt(newTotpSecret()),
        createdAt: now,
      })
      .onConflictDoNothing({ target: staff.email })
      .returning();
    if (!member)
      throw new AppError('email_already_exist', 'This e-mail already has a staff account');
    return { member, token: await issueInvitation(tx, member.id, now) };
  });
}

/**
 * A staff member another may manage: of the actor's council (any council for the state admin),
 * never a state admin, never the actor themselves; locked for the change.
 */
async function managedMember(tx: Database, actor: Staff, id: number): Promise<Staff> {
  const [member] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
  const manages =
    member !== undefined &&
    member.role !== '_admin' &&
    (actor.councilCode === null || member.councilCode === actor.councilCode);
  if (!manages) throw new AppError('not_found', 'No such staff member of your council');
  if (member.id === actor.id) throw new AppError('forbidden', 'Another admin changes your account');
  return member;
}

/** A new role, or a staff member disabled (their sessions end) or enabled again. */
export async function changeStaff(
  db: Database,
  actor: Staff,
  id: number,
  form: StaffChangeForm,
  now: Date,
  audit: (tx: Database, before: Staff) => Promise<void>,
): Promise<Staff> {
  return transactionWithRetry(db, async (tx) => {
    const before = await managedMember(tx, actor, id);
    const disabledAt = form.active === 'yes' ? null : (before.disabledAt ?? now);
    const [after] = await tx
      .update(staff)
      .set({ role: form.role, disabledAt })
      .where(eq(staff.id, id))
      .returning();
    if (disabledAt) await tx.delete(staffSessions).where(eq(staffSessions.staffId, id));
    await audit(tx, before);
    return after!;
  });
}

/**
 * A lost authenticator app: the staff member's secret and recovery codes are replaced, their
 * sessions end, and no login is accepted until they enrol again from the new link.
 */
export async function reenrolStaff(
  db: Database,
  personal: PersonalData,
  actor: Staff,
  id: number,
  now: Date,
  audit: (tx: Database, member: Staff) => Promise<void>,
): Promise<{ member: Staff; token: string }> {
  return transactionWithRetry(db, async (tx) => {
    await managedMember(tx, actor, id);
    const [member] = await tx
      .update(staff)
      .set({
        totpSecret: personal.encrypt(newTotpSecret()),
        totpLastStep: 0,
        enrolledAt: null,
      })
      .where(eq(staff.id, id))
      .returning();
    await replaceRecoveryCodes(tx, id);
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, id));
    await audit(tx, member!);
    return { member: member!, token: await issueInvitation(tx, id, now) };
  });
}

/** The staff member a link is for, while it works: unused, unexpired, and they are not disabled. */
async function invitedMember(db: Database, token: string, now: Date) {
  const [found] = await db
    .select({ member: staff, invitationId: staffInvitations.id })
    .from(staffInvitations)
    .innerJoin(staff, eq(staff.id, staffInvitations.staffId))
    .where(
      and(
        eq(staffInvitations.tokenHash, hashToken(`staff-invitation:${token}`)),
        isNull(staffInvitations.usedAt),
        gt(staffInvitations.expiresAt, now),
        isNull(staff.disabledAt),
      ),
    );
  if (!found) throw noSuchInvitation();
  return found;
}

/** What the enrolment page shows: whose account, and the secret to add to the authenticator app. */
export async function enrolmentOf(db: Database, personal: PersonalData, token: string, now: Date) {
  const { member } = await invitedMember(db, token, now);
  const secret = personal.decrypt(member.totpSecret);
  return {
    email: member.email,
    full_name: member.fullName,
    totp_secret: secret,
    totp_uri: totpOf(secret, member.email).toString(),
  };
}

/**
 * Enrols an invited staff member: their chosen password, and a code proving their app holds the
 * secret (its step recorded, so that code cannot log in again). The link is used up; the answer
 * is their recovery codes, shown once.
 */
export async function enrol(
  db: Database,
  personal: PersonalData,
  form: StaffEnrolmentForm,
  now: Date,
): Promise<{ member: Staff; recoveryCodes: string[] }> {
  const { member } = await invitedMember(db, form.token, now);
  refuseWeakPassword(form.password, { email: member.email, name: member.fullName });
  const step = appCodeStep(
    totpOf(personal.decrypt(member.totpSecret), member.email),
    form.code,
    now,
  );
  if (step === null) {
    throw new AppError('validation_failed', 'The code is not the app’s', { code: 'code_invalid' });
  }
  const passwordHash = await hashPassword(form.password);
  return transactionWithRetry(db, async (tx) => {
    const used = await tx
      .update(staffInvitations)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffInvitations.tokenHash, hashToken(`staff-invitation:${form.token}`)),
          isNull(staffInvitations.usedAt),
        ),
      )
      .returning({ id: staffInvitations.id });
    // Two tabs enrolling at once: the second finds the link used.
    if (used.length === 0) throw noSuchInvitation();
    const [enrolled] = await tx
      .update(staff)
      .set({ passwordHash, enrolledAt: now, totpLastStep: step })
      .where(eq(staff.id, member.id))
      .returning();
    return { member: enrolled!, recoveryCodes: await replaceRecoveryCodes(tx, member.id) };
  });
}
