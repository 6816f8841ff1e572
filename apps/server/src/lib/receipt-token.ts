import { createHash, timingSafeEqual } from 'node:crypto';

/** The hash a receipt token is stored under: the database never holds the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a secret given by a caller is the one we hold, in constant time; none held never matches. */
export function sameSecret(held: string | null | undefined, given: string): boolean {
  const expected = Buffer.from(held ?? '');
  const actual = Buffer.from(given);
  return (
    expected.length > 0 && expected.length === actual.length && timingSafeEqual(expected, actual)
  );
}
