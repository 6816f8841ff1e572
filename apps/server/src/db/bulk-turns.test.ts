import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { describeEachDatabase } from '../test/test-databases';
import { inTurns } from './bulk-turns';
import { runsOneTransactionAtATime } from './database';

describeEachDatabase('bulk work in turns', (db) => {
  test('lets a query asked meanwhile through before it ends, where transactions take turns', async () => {
    const items = Array.from({ length: 1000 }, (_, index) => index);
    const parts: number[] = [];
    let partsWhenAnswered: number | undefined;
    const bulk = inTurns(db(), items, async (part) => {
      await db().transaction(async (tx) => {
        await tx.execute(sql`select count(*) from generate_series(1, 20000)`);
      });
      parts.push(part.length);
    });
    // A citizen's request, arriving as the bulk work begins: from the network, in a later turn of
    // the event loop.
    const citizen = setImmediate()
      .then(() => db().execute(sql`select 1`))
      .then(() => (partsWhenAnswered = parts.length));
    await Promise.all([bulk, citizen]);

    expect(parts.reduce((sum, size) => sum + size, 0)).toBe(items.length);
    if (runsOneTransactionAtATime(db())) {
      expect(parts.length).toBeGreaterThan(1);
      expect(partsWhenAnswered).toBeLessThan(parts.length);
    } else {
      // PostgreSQL runs the citizen's query beside the bulk transaction: one part is enough.
      expect(parts).toEqual([items.length]);
    }
  });
});
