import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { describeEachDatabase } from '../test/test-databases';
import { rowsOf } from './database';
import { tidyEmbeddedDatabase, upkeepNight } from './embedded-upkeep';

test('the upkeep is due from 3 to 5 in the morning, Malaysia time, and names its night', () => {
  expect(upkeepNight(new Date('2026-11-25T18:59:59Z'))).toBeUndefined(); // 02:59:59
  expect(upkeepNight(new Date('2026-11-25T19:00:00Z'))).toBe('2026-11-26'); // 03:00
  expect(upkeepNight(new Date('2026-11-25T20:59:59Z'))).toBe('2026-11-26'); // 04:59:59
  expect(upkeepNight(new Date('2026-11-25T21:00:00Z'))).toBeUndefined(); // 05:00
  expect(upkeepNight(new Date('2026-11-26T06:00:00Z'))).toBeUndefined(); // 14:00
});

describeEachDatabase('the upkeep of the embedded database', (db) => {
  const estimatedRows = async (table: string) =>
    (
      await rowsOf<{ rows: number }>(
        db(),
        sql`select reltuples::integer as rows from pg_class where relname = ${table}`,
      )
    )[0]!.rows;

  test('refreshes the statistics the planner chooses by, table by table', async () => {
    // Out of PostgreSQL's autovacuum's way, which would otherwise refresh it on its own.
    await db().execute(
      sql`create table upkeep_sample (n integer primary key) with (autovacuum_enabled = false)`,
    );
    await db().execute(sql`analyze upkeep_sample`);
    await db().execute(sql`insert into upkeep_sample select generate_series(1, 5000)`);
    expect(await estimatedRows('upkeep_sample')).not.toBe(5000);

    expect(await tidyEmbeddedDatabase(db())).toEqual(
      expect.arrayContaining(['bills', 'payments', 'upkeep_sample']),
    );
    expect(await estimatedRows('upkeep_sample')).toBe(5000);
  });
});
