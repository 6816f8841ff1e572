import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from './app-error';

/** argon2id at OWASP's floor for it: 19 MiB of memory, two passes. */
// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/**
 * A hash of nothing anyone knows, checked when no account has the e-mail given, so a failed
 * login takes as long whether or not the address is registered.
 */
const hashOfNoAccount = hash('no account has this password', options);

/** Whether `password` is the one hashed; with no hash, spends the same time and answers false. */
export async function passwordMatches(
  storedHash: string | undefined,
  password: string,
): Promise<boolean> {
  const matches = await verify(storedHash ?? (await hashOfNoAccount), password);
  return storedHash !== undefined && matches;
}

/** The maintained list of common and leaked passwords, read once, when first needed. */
let commonPasswords: Set<string> | undefined;

/** Letters and digits only, lower-cased: how a password is compared with a name or an address. */
const bare = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Refuses a new password that is guessed first (docs/accounts.md): one in zxcvbn-ts's list of
 * common and leaked passwords (49,000 of them, "password" and "12345678" first), in any letter
 * case; one character over and over (`aaaaaaaa`, eight spaces); or the account's own e-mail
 * address, the part before its @, or its holder's name, however spaced or cased.
 */
export function refuseWeakPassword(
  password: string,
  account: { email: string; name: string },
  field = 'password',
): void {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  if (commonPasswords.has(password.toLowerCase()) || new Set(password).size <= 1) {
    throw new AppError('validation_failed', 'This password is too easily guessed', {
      [field]: 'password_common',
    });
  }
  const personal = [account.email, account.email.split('@')[0]!, account.name].map(bare);
  if (personal.some((word) => word.length > 0 && bare(password) === word)) {
    throw new AppError('validation_failed', 'This password is the account’s own name or address', {
      [field]: 'password_personal',
    });
  }
}
