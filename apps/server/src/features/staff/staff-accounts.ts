import type { CouncilCode } from '@portal/domain/councils';
import type { StaffMember } from '@portal/domain/contracts/staff';
import type { StaffRole } from '@portal/domain/staff';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../../db/database';
import { staff, staffRecoveryCodes } from '../../db/schema';
import { passwordMatches } from '../../lib/passwords';
import type { PersonalData } from '../../lib/personal-data';
import { hashToken } from '../../lib/secrets';

export type Staff = typeof staff.$inferSelect;

/** What authenticator apps show the account as. */
const issuer = 'Portal Bayaran PBT Sabah';
const periodSeconds = 30;
/** One step either side: a phone's clock a little off, or a code typed as it turned. */
const window = 1;
const recoveryCodeCount = 10;

export function totpOf(secretBase32: string, email: string): TOTP {
  return new TOTP({
    issuer,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: periodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A recovery code as printed: ten base32 letters and digits, five and five. */
function newRecoveryCode(): string {
  const code = new Secret({ size: 10 }).base32.slice(0, 10);
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The form a recovery code is compared in, however it was typed. */
function recoveryCodeHash(code: string): string {
  return hashToken(`staff-recovery:${code.replace(/[\s-]/g, '').toUpperCase()}`);
}

export interface NewStaff {
  email: string;
  fullName: string;
  role: StaffRole;
  councilCode: CouncilCode | null;
  /** `hashPassword`'s: hashed by the caller, so that the demo seed hashes its one password once. */
  passwordHash: string;
  /** A chosen secret (the demo staff's); a new random one otherwise. */
  totpSecret?: string;
}

export interface Enrolment {
  member: Staff;
  /** For the authenticator app: the secret, and the otpauth:// address a QR code carries. */
  totpSecret: string;
  totpUri: string;
  /** Shown once; only their hashes are kept. */
  recoveryCodes: string[];
}

/** Creates a staff account with its second factor and recovery codes. */
export async function enrolStaff(
  db: Database,
  personal: PersonalData,
  newStaff: NewStaff,
): Promise<Enrolment> {
  const totpSecret = newStaff.totpSecret ?? newTotpSecret();
  const email = newStaff.email.toLowerCase();
  const result = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(staff)
      .values({
        email,
        fullName: newStaff.fullName,
        role: newStaff.role,
        councilCode: newStaff.councilCode,
        passwordHash: newStaff.passwordHash,
        totpSecret: personal.encrypt(totpSecret),
        enrolledAt: new Date(),
      })
      .returning();
    return { member: created!, recoveryCodes: await replaceRecoveryCodes(tx, created!.id) };
  });
  const { member, recoveryCodes } = result;
  return {
    member,
    totpSecret,
    totpUri: totpOf(totpSecret, email).toString(),
    recoveryCodes,
  };
}

/** Why a login failed, for the audit log only: the caller is told no more than `auth_error`. */
export type LoginFailure =
  'unknown_email' | 'disabled' | 'not_enrolled' | 'password' | 'code' | 'code_reused';

export type LoginOutcome = { member: Staff } | { failure: LoginFailure; member?: Staff };

/**
 * Checks a staff login: the password, then the second factor. A code from the app is accepted once
 * and never after a newer one (its step is recorded in the same statement that accepts it); a
 * recovery code is used up. An unknown address costs the same password check as a known one.
 */
export async function checkStaffLogin(
  db: Database,
  personal: PersonalData,
  login: { email: string; password: string; code: string },
  now: Date,
): Promise<LoginOutcome> {
  const [member] = await db.select().from(staff).where(eq(staff.email, login.email));
  const passwordRight = await passwordMatches(member?.passwordHash, login.password);
  if (!member) return { failure: 'unknown_email' };
  if (!passwordRight) return { failure: 'password', member };
  if (member.disabledAt) return { failure: 'disabled', member };
  if (!member.enrolledAt) return { failure: 'not_enrolled', member };
  const failure = /^\d{6}$/.test(login.code)
    ? await acceptAppCode(db, personal, member, login.code, now)
    : await useRecoveryCode(db, member, login.code, now);
  return failure ? { failure, member } : { member };
}

async function acceptAppCode(
  db: Database,
  personal: PersonalData,
  member: Staff,
  code: string,
  now: Date,
): Promise<LoginFailure | undefined> {
  const step = appCodeStep(totpOf(personal.decrypt(member.totpSecret), member.email), code, now);
  if (step === null) return 'code';
  const accepted = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, member.id), lt(staff.totpLastStep, step)))
    .returning({ id: staff.id });
  return accepted.length === 1 ? undefined : 'code_reused';
}

async function useRecoveryCode(
  db: Database,
  member: Staff,
  code: string,
  now: Date,
): Promise<LoginFailure | undefined> {
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, member.id),
        eq(staffRecoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ staffId: staffRecoveryCodes.staffId });
  return used.length === 1 ? undefined : 'code';
}

/** Ten new recovery codes in place of any the staff member had: shown once, kept as hashes. */
export async function replaceRecoveryCodes(db: Database, staffId: number): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await db
    .insert(staffRecoveryCodes)
    .values(codes.map((code) => ({ staffId, codeHash: recoveryCodeHash(code) })));
  return codes;
}

/** A new authenticator secret, as `enrolStaff` makes one. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The step a code from the app is for, if it is right now (one step either side), else null. */
export function appCodeStep(totp: TOTP, code: string, now: Date): number | null {
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

export function presentStaff(member: Staff): StaffMember {
  return {
    email: member.email,
    full_name: member.fullName,
    role: member.role,
    council: member.councilCode,
  };
}
