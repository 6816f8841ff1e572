import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** The version of the stored form, so that a new key or cipher can be told apart later. */
const version = 'v1.';

/**
 * Identity-card numbers at rest (docs/personal-data.md): encrypted with AES-256-GCM under a key
 * derived from DATA_ENCRYPTION_KEY, so a copy of the database shows none of them; and a keyed
 * hash of each, so that one can still be found by the number without decrypting every row.
 */
export interface PersonalData {
  encrypt(plain: string): string;
  /** The plain text; a value stored before encryption began is returned as it is. */
  decrypt(stored: string): string;
  lookupHash(plain: string): string;
  /** Whether a stored value is still in clear, from before encryption began. */
  isClear(stored: string): boolean;
}

export function personalData(secret: string): PersonalData {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', secret, 'portal-personal-data', purpose, 32));
  const encryptionKey = derive('identity-card encryption');
  const hashKey = derive('identity-card lookup');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return version + Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
    },
    decrypt(stored) {
      if (!stored.startsWith(version)) return stored;
      const bytes = Buffer.from(stored.slice(version.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([
        decipher.update(bytes.subarray(12, bytes.length - 16)),
        decipher.final(),
      ]).toString('utf8');
    },
    lookupHash(plain) {
      return createHmac('sha256', hashKey).update(plain).digest('hex');
    },
    isClear(stored) {
      return stored !== '' && !stored.startsWith(version);
    },
  };
}
