import { createHash } from 'node:crypto';

/** The hash a receipt token is stored under: the database never holds the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
