import type { ApiKeyRecord } from '@portal/domain/contracts/council-api';
import type { CouncilCode } from '@portal/domain/councils';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { councilApiKeys } from '../../db/schema';
import { hashToken, newSecret } from '../../lib/secrets';

/** A key as its holder sends it: a prefix that says what it is, then 160 random bits. */
const keyPrefix = 'spk_';

type KeyRow = typeof councilApiKeys.$inferSelect;

export function apiKeyRecordOf(row: KeyRow): ApiKeyRecord {
  return {
    id: row.id,
    council: row.councilCode,
    name: row.name,
    hint: row.hint,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** Makes a key for a council's system; the key itself is answered once and never kept. */
export async function createApiKey(
  db: Database,
  {
    council,
    name,
    createdBy,
    now,
  }: { council: CouncilCode; name: string; createdBy: string; now: Date },
): Promise<{ key: string; row: KeyRow }> {
  const key = `${keyPrefix}${newSecret(20)}`;
  const [row] = await db
    .insert(councilApiKeys)
    .values({
      councilCode: council,
      name,
      keyHash: hashToken(key),
      hint: key.slice(-4),
      createdBy,
      createdAt: now,
    })
    .returning();
  return { key, row: row! };
}

export async function apiKeysOf(db: Database, council: CouncilCode): Promise<KeyRow[]> {
  return db
    .select()
    .from(councilApiKeys)
    .where(eq(councilApiKeys.councilCode, council))
    .orderBy(desc(councilApiKeys.createdAt), desc(councilApiKeys.id));
}

export async function apiKeyById(db: Database, id: number): Promise<KeyRow | undefined> {
  const [row] = await db.select().from(councilApiKeys).where(eq(councilApiKeys.id, id));
  return row;
}

/** Revokes a key: its next call is refused. Revoking it again changes nothing. */
export async function revokeApiKey(
  db: Database,
  id: number,
  now: Date,
): Promise<KeyRow | undefined> {
  await db
    .update(councilApiKeys)
    .set({ revokedAt: now })
    .where(and(eq(councilApiKeys.id, id), isNull(councilApiKeys.revokedAt)));
  return apiKeyById(db, id);
}

/**
 * The key a caller's `Authorization: Bearer` header names, when it is one in force; its use is
 * noted, so that the back office shows which keys still work for their council.
 */
export async function keyInForce(
  db: Database,
  authorization: string | undefined,
  now: Date,
): Promise<KeyRow | undefined> {
  const given = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
  if (!given?.startsWith(keyPrefix)) return undefined;
  const [row] = await db
    .update(councilApiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(councilApiKeys.keyHash, hashToken(given)), isNull(councilApiKeys.revokedAt)))
    .returning();
  return row;
}
