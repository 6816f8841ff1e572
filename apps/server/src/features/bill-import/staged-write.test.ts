import { billRecord } from '@portal/domain/bill-records';
import { and, count, eq, like } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { runsOneTransactionAtATime } from '../../db/database';
import { billImportRows, bills } from '../../db/schema';
import { demoPaymentInProgress } from '../../demo/demo-data';
import { paidOffHeldBill } from '../../test/payment-fixtures';
import { describeEachDatabase } from '../../test/test-databases';
import { checkedRecord } from '../council-api';
import { pauseSecondsOfWrite, writeStaged } from './staged-write';

const now = new Date('2026-11-25T08:00:00Z');

/** A checked parking ticket record, as on line `line` of a file. */
const ticket = (n: number, line: number, amountSen = 3000) =>
  checkedRecord(
    'mps',
    billRecord.parse({
      payment_type: 'ticket',
      account_no: `TS${String(n).padStart(6, '0')}`,
      status: 'unpaid',
      owner_name: `SAB ${n} S`,
      description: 'Letak kereta tanpa kupon',
      amount_due_sen: amountSen,
      due_date: '2027-01-31',
      details: {
        vehicle_plate: `SAB ${n} S`,
        offence: 'Letak kereta tanpa kupon',
        location: 'Jalan Tiga, Sandakan',
        issued_at: '2026-11-20T09:15:00+08:00',
      },
    }),
    line,
  );

describeEachDatabase('writing a checked file', (db) => {
  const ticketsLike = (prefix: string) =>
    db()
      .select()
      .from(bills)
      .where(and(eq(bills.councilCode, 'mps'), like(bills.accountNo, `${prefix}%`)))
      .orderBy(bills.accountNo);
  const stagedRows = async () => (await db().select({ n: count() }).from(billImportRows))[0]!.n;

  test('writes every row as the file has it, a bill made meanwhile included, and leaves nothing staged', async () => {
    const rows = Array.from({ length: 300 }, (_, n) => ticket(n, n + 2));
    // Another call made one of these bills since the check, with another amount.
    await db().insert(bills).values({
      councilCode: 'mps',
      paymentType: 'ticket',
      accountNo: rows[7]!.key,
      displayNo: rows[7]!.key,
      status: 'unpaid',
      ownerName: 'Someone else',
      description: 'Made meanwhile',
      amountDueSen: 9900,
    });

    expect(await writeStaged(db(), 'mps', rows, { now, overwritePaid: false })).toEqual({
      applied: true,
      refused: new Map(),
      corrected: new Map(),
    });
    const written = await ticketsLike('TS');
    expect(written).toHaveLength(300);
    expect(written[7]).toMatchObject({ ownerName: 'SAB 7 S', amountDueSen: 3000 });
    expect(await stagedRows()).toBe(0);

    // A second file changes one amount: only that bill is rewritten.
    const again = rows.map((row, index) => (index === 42 ? ticket(42, 44, 4500) : row));
    await writeStaged(db(), 'mps', again, {
      now: new Date(now.getTime() + 60_000),
      overwritePaid: false,
    });
    const rewritten = await ticketsLike('TS');
    expect(rewritten[42]).toMatchObject({ amountDueSen: 4500 });
    expect(rewritten[42]!.updatedAt.getTime()).toBe(now.getTime() + 60_000);
    expect(rewritten[41]!.updatedAt.getTime()).toBe(now.getTime());
  });

  test('writes nothing when a payment holds one of its bills, and names that line', async () => {
    const paidOff = checkedRecord('mps', billRecord.parse(await paidOffHeldBill(db())), 3);
    const [held] = await db()
      .select()
      .from(bills)
      .where(eq(bills.accountNo, demoPaymentInProgress.accountNo));

    const written = await writeStaged(db(), 'mps', [ticket(900, 2), paidOff], {
      now,
      overwritePaid: false,
    });
    expect(written.applied).toBe(false);
    expect([...written.refused]).toEqual([
      [3, { outcome: 'refused', reason: 'payment_in_progress', releaseAt: expect.any(Date) }],
    ]);
    expect(await ticketsLike('TS000900')).toEqual([]);
    const [after] = await db().select().from(bills).where(eq(bills.id, held!.id));
    expect(after).toEqual(held);
    expect(await stagedRows()).toBe(0);
  });

  test('the officer is told how long a large write pauses the embedded database, in whole seconds; PostgreSQL does not pause', () => {
    const pauses = [10, 12_000, 20_000, 100_000].map((rows) => pauseSecondsOfWrite(db(), rows));
    expect(pauses).toEqual(
      runsOneTransactionAtATime(db()) ? [0, 0, 2, 8] : [null, null, null, null],
    );
  });
});
