import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { withStatementCache } from './pglite-statement-cache';

let plain: PGlite;
let cached: PGlite;

beforeAll(async () => {
  plain = await PGlite.create();
  cached = withStatementCache(plain);
  await plain.exec(`create table notes (
    id serial primary key, body text, amount integer, paid boolean, details jsonb,
    due date, created timestamptz default '2026-11-22T10:00:00Z')`);
});
afterAll(() => plain.close());

const selectNote = 'select * from notes where id = $1';

describe('a PGlite client with a statement cache', () => {
  test('answers a repeated query exactly as PGlite itself does, from one prepared statement', async () => {
    await cached.query(
      'insert into notes (body, amount, paid, details, due) values ($1, $2, $3, $4, $5)',
      ['first', 1234, true, { kind: 'operasi', fees: [1, 2] }, '2026-12-31'],
    );
    const expected = await plain.query(selectNote, [1]);
    for (let run = 0; run < 3; run++) {
      expect(await cached.query(selectNote, [1])).toEqual(
        expect.objectContaining({ rows: expected.rows, fields: expected.fields }),
      );
    }
    const arrays = await cached.query(selectNote, [1], { rowMode: 'array' });
    expect(arrays.rows).toEqual([Object.values(expected.rows[0] as object)]);
    const prepared = await plain.query<{ count: number }>(
      'select count(*)::int as count from pg_prepared_statements where statement = $1',
      [selectNote],
    );
    expect(prepared.rows[0]?.count).toBe(1);
  });

  test('reports rows changed, nulls and custom parsers as PGlite does', async () => {
    const inserted = await cached.query(
      'insert into notes (body, amount) values ($1, $2), ($3, $4)',
      ['a', null, 'b', 7],
    );
    expect(inserted.affectedRows).toBe(2);
    const dates = await cached.query<{ due: unknown }>('select due from notes where id = $1', [1], {
      parsers: { 1082: (value: string) => `date ${value}` },
    });
    expect(dates.rows).toEqual([{ due: 'date 2026-12-31' }]);
    const nulls = await cached.query('select amount, details from notes where body = $1', ['a']);
    expect(nulls.rows).toEqual([{ amount: null, details: null }]);
  });

  test('throws a database error and stays usable afterwards', async () => {
    await expect(
      cached.query('select * from notes where id = $1', ['not a number']),
    ).rejects.toThrow(/invalid input syntax/);
    await expect(cached.query('select * from no_such_table')).rejects.toThrow(/does not exist/);
    expect((await cached.query(selectNote, [1])).rows).toHaveLength(1);
  });

  test('never answers from inside a transaction another caller has open', async () => {
    let insideTransaction!: () => void;
    const transactionOpen = new Promise<void>((resolve) => (insideTransaction = resolve));
    let rollBack!: () => void;
    const transaction = plain.transaction(async (tx) => {
      await tx.query("insert into notes (body) values ('rolled back')");
      insideTransaction();
      await new Promise<void>((resolve) => (rollBack = resolve));
      throw new Error('the transaction gives up');
    });
    await transactionOpen;
    const count = cached.query<{ count: number }>(
      'select count(*)::int as count from notes where body = $1',
      ['rolled back'],
    );
    rollBack();
    await expect(transaction).rejects.toThrow('the transaction gives up');
    expect((await count).rows[0]?.count).toBe(0);
  });

  test('falls back to PGlite past its statement limit', async () => {
    const client = await PGlite.create();
    const limited = withStatementCache(client, { maxStatements: 3 });
    for (let id = 0; id < 5; id++) {
      expect((await limited.query(`select ${id}::int as id`)).rows).toEqual([{ id }]);
    }
    const prepared = await client.query<{ count: number }>(
      'select count(*)::int as count from pg_prepared_statements',
    );
    expect(prepared.rows[0]?.count).toBe(3);
    await client.close();
  });
});
