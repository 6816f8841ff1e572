import { hash, verify } from '@node-rs/argon2';

/** argon2id at DESIGN.md section 2's floor: 19 MiB of memory, two passes (OWASP's first choice). */
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
