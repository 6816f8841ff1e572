import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random secret for a cookie, link or receipt: 128 bits unless told otherwise, URL-safe. */
export function newSecret(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

/** The hash a token (receipt, session, reset) is stored under: the database never holds it. */
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

/**
 * The portal's signature of a message for one purpose (an unsubscribe link): an HMAC-SHA256 under a
 * key derived from the server's signing key for that purpose alone, URL-safe. Check one given back
 * with `sameSecret`.
 */
export function signatureOf(signingKey: string, purpose: string, message: string): string {
  const key = createHash('sha256').update(`${purpose}:${signingKey}`).digest();
  return createHmac('sha256', key).update(message).digest('base64url');
}
