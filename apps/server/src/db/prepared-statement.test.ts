import { asc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testDatabases } from '../test/test-databases';
import { rowsOf, type Database, type DatabaseHandle } from './database';
import { preparedStatement } from './prepared-statement';
import { rateLimits, siteSettingsVersions } from './schema';

/** Counters with the settings version their hits name, if there is one: a left join. */
const countersOf = (db: Database, keys: SQLWrapper) =>
  db
    .select({
      key: rateLimits.key,
      resetAt: rateLimits.resetAt,
      named: { version: siteSettingsVersions.version, settings: siteSettingsVersions.settings },
    })
    .from(rateLimits)
    .leftJoin(siteSettingsVersions, eq(siteSettingsVersions.version, rateLimits.hits))
    .where(sql`${rateLimits.key} = any(${keys})`)
    .orderBy(asc(rateLimits.key));

const readCounters = preparedStatement('test_read_counters', (db) =>
  countersOf(db, sql.placeholder('keys')),
);

const countHit = preparedStatement('test_count_hit', (db) =>
  db
    .update(rateLimits)
    .set({ hits: sql`${rateLimits.hits} + ${sql.placeholder('by')}` })
    .where(eq(rateLimits.key, sql.placeholder('key')))
    .returning({ hits: rateLimits.hits }),
);

for (const target of testDatabases) {
  (target.available ? describe : describe.skip)(`a prepared statement on ${target.name}`, () => {
    let handle: DatabaseHandle;
    const resetAt = new Date('2026-11-22T10:00:00.000Z');
    beforeAll(async () => {
      handle = await target.open({ demoData: false });
      const [named] = await handle.db
        .insert(siteSettingsVersions)
        .values({ settings: { closing: true, notices: ['a', 'b'] }, changedBy: 'test' })
        .returning({ version: siteSettingsVersions.version });
      await handle.db.insert(rateLimits).values([
        { key: 'named', hits: named!.version, resetAt },
        { key: 'unnamed', hits: 999, resetAt },
      ]);
    }, 60_000);
    afterAll(() => handle?.close());

    test('answers rows as drizzle itself reads them: dates, JSON, and null for a join that found nothing', async () => {
      const keys = ['named', 'unnamed'];
      const expected = await countersOf(handle.db, sql.param(keys));
      expect(expected[1]!.named).toBeNull();
      expect(expected[0]!.resetAt).toEqual(resetAt);
      for (let run = 0; run < 3; run++) {
        expect(await readCounters(handle.db, { keys })).toEqual(expected);
      }
      expect(await readCounters(handle.db, { keys: ['unnamed'] })).toEqual([expected[1]]);
    });

    test("runs inside a transaction, on that transaction's connection, each time with its own values", async () => {
      const rolledBack = new Error('rolled back');
      const transaction = handle.db.transaction(async (tx) => {
        const db = tx as unknown as Database;
        await db.insert(rateLimits).values({ key: 'in transaction', hits: 0, resetAt });
        expect(await readCounters(db, { keys: ['in transaction'] })).toEqual([
          { key: 'in transaction', resetAt, named: null },
        ]);
        expect(await countHit(db, { key: 'in transaction', by: 2 })).toEqual([{ hits: 2 }]);
        expect(await countHit(db, { key: 'in transaction', by: 5 })).toEqual([{ hits: 7 }]);
        if (target.name === 'PostgreSQL') {
          // Named on the connection: PostgreSQL parsed it once, for every later run.
          const prepared = await rowsOf(
            db,
            sql`select name from pg_prepared_statements where name like 'test_%' order by name`,
          );
          expect(prepared).toEqual([{ name: 'test_count_hit' }, { name: 'test_read_counters' }]);
        }
        throw rolledBack;
      });
      await expect(transaction).rejects.toBe(rolledBack);
      expect(await readCounters(handle.db, { keys: ['in transaction'] })).toEqual([]);
    });

    test('refuses a run that leaves a value out', async () => {
      await expect(readCounters(handle.db, {})).rejects.toThrow(/keys/);
    });
  });
}
