import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { demoAccounts, demoBills } from '../demo/demo-data';
import {
  createScratchTestPostgres,
  describeEachDatabase,
  testDatabases,
} from '../test/test-databases';
import { openDatabase, type Database } from './database';
import { prepareDatabase } from './prepare-database';
import { bills } from './schema';

const open = (options: { dataDir?: string; databaseUrl?: string }) =>
  openDatabase({ dataDir: options.dataDir ?? '', databaseUrl: options.databaseUrl }, (db) =>
    prepareDatabase(db, { demoData: true }),
  );

async function billCount(db: Database): Promise<number> {
  const [row] = await db.select({ bills: count() }).from(bills);
  return row!.bills;
}

describeEachDatabase('the demo data', (db) => {
  test('is loaded in full on the first start', async () => {
    expect(await billCount(db())).toBe(demoBills().length);
  });

  test('holds every demo account with exactly the amount `npm run demo-accounts` prints', async () => {
    for (const account of demoAccounts()) {
      const [bill] = await db()
        .select({ amountDueSen: bills.amountDueSen })
        .from(bills)
        .where(
          and(
            eq(bills.councilCode, account.council),
            eq(bills.paymentType, account.payment_type),
            eq(bills.displayNo, account.query),
          ),
        );
      expect(bill?.amountDueSen, `${account.council} ${account.query}`).toBe(account.amount);
    }
  });
});

describe('the embedded database', () => {
  test('keeps its data across a restart and does not load the demo data again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-data-'));
    const first = await open({ dataDir });
    await first.db.update(bills).set({ amountDueSen: 0 }).where(eq(bills.displayNo, 'A01000137'));
    await first.close();

    const second = await open({ dataDir });
    expect(await billCount(second.db)).toBe(demoBills().length);
    const [paid] = await second.db.select().from(bills).where(eq(bills.displayNo, 'A01000137'));
    expect(paid?.amountDueSen).toBe(0);
    await second.close();
  });
});

const postgres = testDatabases.find((target) => target.name === 'PostgreSQL')!;
describe.runIf(postgres.available)('a shared PostgreSQL', () => {
  test('two servers starting at once migrate and seed it exactly once', async () => {
    const scratch = await createScratchTestPostgres();
    try {
      const handles = await Promise.all([
        open({ databaseUrl: scratch.url }),
        open({ databaseUrl: scratch.url }),
      ]);
      expect(await billCount(handles[0].db)).toBe(demoBills().length);
      await Promise.all(handles.map((handle) => handle.close()));
    } finally {
      await scratch.drop();
    }
  });

  test('an unreachable server is reported in one line naming DATABASE_URL', async () => {
    await expect(
      open({ databaseUrl: 'postgres://portal:secret@127.0.0.1:1/portal' }),
    ).rejects.toThrow(/^DATABASE_URL: cannot connect to PostgreSQL at 127\.0\.0\.1:1\/portal/);
  });
});
