import { paths, screenUrl } from '@portal/domain/web-paths';
import type { Language } from '@portal/domain/languages';
import { randomInt } from 'node:crypto';
import type { SessionUser } from '@portal/domain/contracts/session';
import { hideIC } from '@portal/domain/display-filters';
import { identityLookupKey } from '@portal/domain/identities';
import type { LoginForm, RegistrationForm } from '@portal/domain/forms';
import { and, eq, isNull } from 'drizzle-orm';
import { sqlState, type Database } from '../../db/database';
import type { PersonalData } from '../../lib/personal-data';
import { emailVerifications, passwordResets, payments, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword, passwordMatches, refuseWeakPassword } from '../../lib/passwords';
import { hashToken, newSecret, sameSecret } from '../../lib/secrets';
import type { Mailer } from '../../mail/mailer';
import { sendSecretMail } from '../../mail/notice-mail';
import { passwordResetMail, verificationCodeMail } from './account-mail';
import { endOtherSessions, type User } from '../../sessions/session-store';

const dayMs = 24 * 60 * 60 * 1000;
/** Wrong codes allowed before a verification code is spent and a new one must be sent. */
const codeAttempts = 5;

export interface AccountMailSettings {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * The user as their own browser may see them: their identity number in full only to fill their
 * own forms (the checkout's payer), masked wherever it is shown.
 */
export function presentUser(user: User, personal: PersonalData): SessionUser {
  return {
    email: user.email,
    full_name: user.fullName,
    phone: user.phone,
    ic_num_masked: hideIC(personal.decrypt(user.icNum)),
    id_type: user.idType,
    id_no: personal.decrypt(user.icNum),
    roles: user.roles,
    email_verified: user.emailVerifiedAt !== null,
  };
}

const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

/** What a registration did: a new account, an unconfirmed one of the address renewed, or none. */
export type Registration = { kind: 'new' | 'renewed' | 'taken'; user: User };

/**
 * Records a registration (docs/accounts.md). A new address gets an account waiting for its
 * e-mail to be confirmed; an address whose account was never confirmed gets these details instead
 * (whoever confirms the address owns it, so nobody can squat on someone else's); a confirmed
 * address is left alone. The password is hashed in every case, so all three take as long.
 */
export async function recordRegistration(
  db: Database,
  personal: PersonalData,
  form: RegistrationForm,
  now: Date,
): Promise<Registration> {
  const passwordHash = await hashPassword(form.password);
  const details = {
    fullName: form.full_name,
    idType: form.id_type,
    icNum: personal.encrypt(form.id_no),
    icNumHash: personal.lookupHash(identityLookupKey(form.id_type, form.id_no)),
    phone: form.phone,
    passwordHash,
    updatedAt: now,
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    const [existing] = await db.select().from(users).where(eq(users.email, form.email));
    if (existing?.emailVerifiedAt) return { kind: 'taken', user: existing };
    if (existing) {
      const [renewed] = await db
        .update(users)
        .set(details)
        .where(and(eq(users.id, existing.id), isNull(users.emailVerifiedAt)))
        .returning();
      if (renewed) return { kind: 'renewed', user: renewed };
      continue; // confirmed meanwhile: look again
    }
    try {
      const [user] = await db
        .insert(users)
        .values({ ...details, email: form.email, roles: ['user'], createdAt: now })
        .returning();
      return { kind: 'new', user: user! };
    } catch (error) {
      // Two registrations of one address at once: the unique index let the other through.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('The registration met another one of the same address twice');
}

/** The user whose e-mail and password these are; otherwise 401 `auth_error`, in the same time. */
export async function authenticate(db: Database, form: LoginForm): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.email, form.email));
  if (!(await passwordMatches(user?.passwordHash, form.password)) || !user) {
    throw new AppError('auth_error', 'E-mail or password is incorrect');
  }
  return user;
}

/**
 * A guest's payments made with this address become the user's, once the user proved the address
 * is theirs. Never someone else's: an unverified address claims nothing.
 */
export async function claimGuestPayments(db: Database, user: User): Promise<void> {
  if (!user.emailVerifiedAt) return;
  await db
    .update(payments)
    .set({ userId: user.id })
    .where(and(isNull(payments.userId), eq(payments.payerEmail, user.email)));
}

/** Sends a new six-digit code; the table keeps its hash, and the old code stops working. */
export async function sendVerificationCode(
  settings: AccountMailSettings,
  user: User,
  lang: Language,
  now: Date,
): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = {
    codeHash: hashToken(`${user.id}:${code}`),
    expiresAt: new Date(now.getTime() + dayMs),
    failedAttempts: 0,
  };
  await settings.db
    .insert(emailVerifications)
    .values({ userId: user.id, ...row })
    .onConflictDoUpdate({ target: emailVerifications.userId, set: row });
  try {
    await sendSecretMail(
      settings.db,
      settings.mailer,
      'email_verification',
      user.email,
      verificationCodeMail(lang, user.fullName, code),
      now,
    );
  } catch {
    throw new AppError('email_verification_failed', 'The verification e-mail could not be sent');
  }
}

/**
 * Confirms an address with the code e-mailed to it; answers the user, now confirmed. Any mismatch
 * (no such address, confirmed already, a wrong, spent or expired code) is the same code_invalid.
 */
export async function verifyEmail(
  db: Database,
  email: string,
  code: string,
  now: Date,
): Promise<User> {
  const wrongCode = () =>
    new AppError('validation_failed', 'The code is not valid', { code: 'code_invalid' });
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user || user.emailVerifiedAt) throw wrongCode();
  const [pending] = await db
    .select()
    .from(emailVerifications)
    .where(eq(emailVerifications.userId, user.id));
  if (!pending || pending.expiresAt <= now || pending.failedAttempts >= codeAttempts) {
    throw wrongCode();
  }
  if (!sameSecret(pending.codeHash, hashToken(`${user.id}:${code}`))) {
    await db
      .update(emailVerifications)
      .set({ failedAttempts: pending.failedAttempts + 1 })
      .where(eq(emailVerifications.userId, user.id));
    throw wrongCode();
  }
  const verified = await db.transaction(async (tx) => {
    await tx.delete(emailVerifications).where(eq(emailVerifications.userId, user.id));
    const [updated] = await tx
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    return updated!;
  });
  await claimGuestPayments(db, verified);
  return verified;
}

/**
 * Starts a password reset for whoever owns this address, if anyone: the caller answers the same
 * either way and before this runs, so neither the answer nor its timing says whether the address
 * has an account.
 */
export async function requestPasswordReset(
  settings: AccountMailSettings,
  email: string,
  lang: Language,
  now: Date,
): Promise<void> {
  const [user] = await settings.db.select().from(users).where(eq(users.email, email));
  if (!user) return;
  const token = newSecret();
  await settings.db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + dayMs),
  });
  const link = screenUrl(settings.publicUrl, paths.resetPassword, { token });
  await sendSecretMail(
    settings.db,
    settings.mailer,
    'password_reset',
    user.email,
    passwordResetMail(lang, user.fullName, link),
    now,
  );
}

/** The open reset request of a token: expired, or no such request (docs/accounts.md). */
export async function openPasswordReset(db: Database, token: string, now: Date) {
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, hashToken(token)));
  if (!reset || reset.usedAt) {
    throw new AppError('invalid_request_not_found', 'No open reset request has this token');
  }
  if (reset.expiresAt <= now) {
    throw new AppError('invalid_request_expired', 'This reset link has expired');
  }
  return reset;
}

/**
 * Sets the new password and spends the token in one transaction (a token works once, even when
 * used twice at the same moment), then ends every session of the user but the caller's.
 */
export async function resetPassword(
  db: Database,
  token: string,
  password: string,
  keptSessionId: string | undefined,
  now: Date,
): Promise<void> {
  const reset = await openPasswordReset(db, token, now);
  const [holder] = await db
    .select({ email: users.email, name: users.fullName })
    .from(users)
    .where(eq(users.id, reset.userId));
  refuseWeakPassword(password, holder!);
  const passwordHash = await hashPassword(password);
  let spent: boolean;
  try {
    spent = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id });
      if (!claimed.some((row) => row.id === reset.id)) return false;
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: now })
        .where(eq(users.id, reset.userId));
      return true;
    });
  } catch {
    throw new AppError('invalid_request_failed', 'The password could not be changed');
  }
  if (!spent) {
    throw new AppError('invalid_request_not_found', 'This reset link was used already');
  }
  await endOtherSessions(db, reset.userId, keptSessionId);
}
