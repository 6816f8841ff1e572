import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { demoAccounts, demoBills } from '../demo/demo-data';
import {
  createScratchTestPostgres,
  describeEachDatabase,
  testDatabases,
  testPersonalData,
} from '../test/test-databases';
import { openDatabase, sqlState, transactionWithRetry, type Database } from './database';
import { demoDataSeed } from '../demo/seed-demo-data';
import { prepareDatabase } from './prepare-database';
import { bills, users } from './schema';

const open = (options: { dataDir?: string; databaseUrl?: string }) =>
  openDatabase({ dataDir: options.dataDir ?? '', databaseUrl: options.databaseUrl }, (db) =>
    prepareDatabase(db, {
      personalData: testPersonalData,
      seed: demoDataSeed(testPersonalData),
    }),
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

describeEachDatabase('a transaction', (db) => {
  test('aborted by a deadlock runs again; one failing otherwise does not', async () => {
    const tries: number[] = [];
    const balance = () =>
      db().select({ due: bills.amountDueSen }).from(bills).where(eq(bills.displayNo, 'A01000137'));
    const [before] = await balance();
    await transactionWithRetry(db(), async (tx) => {
      tries.push(tries.length + 1);
      await tx
        .update(bills)
        .set({ amountDueSen: before!.due + 1 })
        .where(eq(bills.displayNo, 'A01000137'));
      if (tries.length === 1) throw Object.assign(new Error('deadlock'), { code: '40P01' });
    });
    expect(tries).toEqual([1, 2]);
    expect((await balance())[0]!.due).toBe(before!.due + 1);

    let runs = 0;
    const broken = transactionWithRetry(db(), async () => {
      runs++;
      throw Object.assign(new Error('unique'), { cause: { code: '23505' } });
    });
    await expect(broken).rejects.toThrow('unique');
    expect(runs).toBe(1);
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

  test('a query is stopped at the statement timeout, and a dropped connection is told', async () => {
    const scratch = await createScratchTestPostgres();
    const poolErrors: Error[] = [];
    try {
      const handle = await openDatabase({
        databaseUrl: scratch.url,
        dataDir: '',
        databasePool: { size: 2, connectTimeoutSeconds: 5, statementTimeoutSeconds: 1 },
        onPoolError: (error) => poolErrors.push(error),
      });
      await expect(handle.db.execute(sql`select pg_sleep(3)`)).rejects.toSatisfy(
        (error) => sqlState(error) === '57014',
      );
      // An idle pooled connection killed by the server (a restart, a failover) is reported.
      const sleep = () => handle.db.execute(sql`select pg_sleep(0.2)`);
      await Promise.all([sleep(), sleep()]);
      await handle.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()`,
      );
      await expect.poll(() => poolErrors.length).toBeGreaterThan(0);
      await handle.close();
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

describeEachDatabase('identity-card numbers stored before they were encrypted', (db) => {
  test('are encrypted at the next start, and still read the same', async () => {
    const [user] = await db()
      .insert(users)
      .values({
        email: 'clear.ic@example.com',
        fullName: 'Clear',
        icNum: '880202125555',
        phone: '0123456789',
        passwordHash: 'x',
      })
      .returning();
    await prepareDatabase(db(), { personalData: testPersonalData });
    const [after] = await db().select().from(users).where(eq(users.id, user!.id));
    expect(after!.icNum).not.toContain('880202125555');
    expect(testPersonalData.decrypt(after!.icNum)).toBe('880202125555');
    expect(after!.icNumHash).toBe(testPersonalData.lookupHash('880202125555'));
    const [demo] = await db().select().from(users).where(eq(users.email, 'demo@portal.test'));
    expect(testPersonalData.isClear(demo!.icNum)).toBe(false);
  });
});
