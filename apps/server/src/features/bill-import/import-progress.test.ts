import type { BillImportProgress, BillImportStep } from '@portal/domain/contracts/bill-import';
import { randomUUID } from 'node:crypto';
import { expect, test, vi } from 'vitest';
import { staff } from '../../db/schema';
import { describeEachDatabase } from '../../test/test-databases';
import { importBillFile } from './bill-file';
import { progressOf, recordProgress } from './import-progress';

const silent = { warn: vi.fn() } as never;

const header =
  'account_no,status,owner_name,description,amount_due,due_date,vehicle_plate,offence,location,issued_at';
const tickets = (count: number) =>
  Buffer.from(
    [
      header,
      ...Array.from(
        { length: count },
        (_, n) =>
          `TP${String(n).padStart(6, '0')},unpaid,SAB ${n} P,Letak kereta,30.00,31/01/2027,SAB ${n} P,Tanpa kupon,Jalan Tiga,20/11/2026 09:15`,
      ),
    ].join('\r\n'),
  );

describeEachDatabase('the progress of work on a file', (db) => {
  async function twoMembers() {
    const [owner, other] = await db().select({ id: staff.id }).from(staff).limit(2);
    return { owner: owner!.id, other: other!.id };
  }

  test('is read by the member whose work it is, and by no one else, until the work ends', async () => {
    const { owner, other } = await twoMembers();
    const id = randomUUID();
    const progress = recordProgress(db(), silent, { id, staffId: owner });
    const ownerReads = (expected: BillImportProgress) =>
      vi.waitFor(async () =>
        expect(await progressOf(db(), { id, staffId: owner })).toEqual(expected),
      );
    progress.report('checking', 250, 1000);
    await ownerReads({ step: 'checking', done: 250, total: 1000 });
    expect(await progressOf(db(), { id, staffId: other })).toBeUndefined();

    // Another member who sends the same id neither reads nor overwrites it, nor deletes it.
    const theirs = recordProgress(db(), silent, { id, staffId: other });
    theirs.report('writing', 5, 5);
    await theirs.end();
    expect(await progressOf(db(), { id, staffId: owner })).toEqual({
      step: 'checking',
      done: 250,
      total: 1000,
    });
    progress.report('comparing', 0, 900);
    await ownerReads({ step: 'comparing', done: 0, total: 900 });

    await progress.end();
    expect(await progressOf(db(), { id, staffId: owner })).toBeUndefined();
  });

  test('an import tells each step in order, measured to its end but for the final write', async () => {
    const heard: { step: BillImportStep; done: number; total: number | null }[] = [];
    const answer = await importBillFile(db(), {
      council: 'mps',
      paymentType: 'ticket',
      bytes: tickets(600),
      apply: false,
      checked: undefined,
      now: new Date('2026-11-25T08:00:00Z'),
      report: (step, done, total) => heard.push({ step, done, total }),
    });
    const applied = await importBillFile(db(), {
      council: 'mps',
      paymentType: 'ticket',
      bytes: tickets(600),
      apply: true,
      checked: answer.file,
      now: new Date('2026-11-25T08:00:00Z'),
      report: (step, done, total) => heard.push({ step, done, total }),
    });
    expect(applied).toMatchObject({ applied: true, created: 600 });

    const stepsOf = (from: number, to: number) =>
      heard
        .slice(from, to)
        .flatMap((said, n, all) => (all[n - 1]?.step === said.step ? [] : [said.step]));
    const second = heard.findIndex(
      (said, n) => n > 0 && said.step === 'reading' && heard[n - 1]!.step !== 'reading',
    );
    expect(stepsOf(0, second)).toEqual(['reading', 'checking', 'comparing']);
    expect(stepsOf(second, heard.length)).toEqual(['reading', 'checking', 'comparing', 'writing']);
    for (const step of ['checking', 'comparing'] as const) {
      const figures = heard.slice(second).filter((said) => said.step === step);
      expect(figures.map((said) => said.done)).toEqual(
        [...figures.map((said) => said.done)].sort((a, b) => a - b),
      );
      expect(figures.every((said) => said.total === 600)).toBe(true);
    }
    expect(heard.filter((said) => said.step === 'comparing').at(-1)).toEqual({
      step: 'comparing',
      done: 600,
      total: 600,
    });
    expect(heard.at(-1)).toEqual({ step: 'writing', done: 600, total: null });
  });
});
