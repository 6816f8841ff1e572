import fc from 'fast-check';
import { malaysiaDay } from '@portal/domain/display-filters';
import { localChargeAmount, localChargeDays, localChargeRateSen } from '@portal/domain/forms';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { bills } from '../../db/schema';
import { FakeGateway } from '../../test/fake-gateway';
import { staffLoggedIn } from '../../test/office-staff';
import {
  billPicker,
  cartItemFor,
  gatewayPoster,
  pagePoster,
  startPayment,
} from '../../test/payment-fixtures';
import { errorBody, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';
import { printedSignature, settlementSignature } from './settlement-pdf';
import { developmentDataKey } from '../../config';

let now = new Date('2026-12-01T02:00:00Z');
const clock = () => now;
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
  return now;
};
const minutes = 60_000;

describeEachDatabase('settlement', (db) => {
  const gateway = new FakeGateway(clock);
  const app = useTestApp(db, { clock, gateway: gateway.client() });
  const pickBill = billPicker(db);
  const kinds = ['compound', 'ticket', 'market'] as const;
  let picked = 0;

  /** A payment of one bill, approved or declined at the clock's time, its callback heard. */
  async function pay(approved: boolean, council?: string) {
    const bill = await pickBill(kinds[picked++ % kinds.length], council);
    const started = await startPayment(pagePoster(app), [cartItemFor(bill)]);
    gateway.open(started.reference);
    const message = gateway.submitCard(started.reference, started.amount, approved)!;
    await gatewayPoster(app)('callback', message);
    return { ...started, bill };
  }

  test('a finance officer’s day is every line settled for the council that Malaysia day, to the sen', async () => {
    // 23:50 in Sandakan on 1 December, then 00:10 on the 2nd: two days, either side of midnight.
    now = new Date('2026-12-01T15:50:00Z');
    const first = await pay(true, 'mps');
    await pay(false, 'mps');
    later(20 * minutes);
    const second = await pay(true, 'mps');
    const finance = await staffLoggedIn(app, 'finance', later(minutes));

    const dayOne = (await finance.get('/api/office/settlement?council=mps&day=2026-12-01')).json();
    expect(dayOne.lines.map((line: { reference: string }) => line.reference)).toEqual([
      first.reference,
    ]);
    expect(dayOne).toMatchObject({ count: 1, total: first.amount });
    const dayTwo = (await finance.get('/api/office/settlement?council=mps&day=2026-12-02')).json();
    expect(dayTwo.lines).toEqual([
      expect.objectContaining({
        reference: second.reference,
        account_no: second.bill.displayNo,
        amount: second.amount,
      }),
    ]);

    const tawau = await finance.get('/api/office/settlement?council=mpt&day=2026-12-01');
    expect(tawau.statusCode).toBe(403);
    expect(errorBody(tawau).error).toBe('forbidden');
    expect((await finance.get('/api/office/settlement?council=mps&day=1/12/2026')).statusCode).toBe(
      400,
    );
  });

  test('the CSV carries each line with its amount in ringgit, and no cell a spreadsheet would run', async () => {
    now = new Date('2026-12-03T03:00:00Z');
    const bill = await pickBill('compound', 'mps');
    await db()
      .update(bills)
      .set({ description: '=cmd|" /C calc"!A0' })
      .where(eq(bills.id, bill.id));
    const started = await startPayment(pagePoster(app), [cartItemFor(bill)]);
    gateway.open(started.reference);
    await gatewayPoster(app)(
      'callback',
      gateway.submitCard(started.reference, started.amount, true)!,
    );
    const finance = await staffLoggedIn(app, 'finance', later(minutes));
    const response = await finance.get('/api/office/settlement/csv?council=mps&day=2026-12-03');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="settlement-mps-2026-12-03.csv"',
    );
    const [head, line, end] = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(head).toBe(
      '"reference","entry","posted_at_myt","council","payment_type","account_no","description","amount_rm","payment_method","payment_channel"',
    );
    const ringgit = `${Math.floor(started.amount / 100)}.${String(started.amount % 100).padStart(2, '0')}`;
    expect(line).toBe(
      `"${started.reference}","payment","2026-12-03 11:00:00","mps","compound","${bill.displayNo}","'=cmd|"" /C calc""!A0","${ringgit}","card",""`,
    );
    expect(end).toBe('');
  });

  test('for random payments on random days, each settlement and the state summary equal the ledger', async () => {
    let base = new Date('2027-01-01T00:00:00Z').getTime();
    const day = 24 * 60 * minutes;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            // Minutes into a three-day window, so some fall either side of a Malaysia midnight.
            at: fc.integer({ min: 0, max: 3 * 24 * 60 - 1 }),
            approved: fc.boolean(),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        async (attempts) => {
          const settled = new Map<
            string,
            { reference: string; amount: number; council: string }[]
          >();
          for (const attempt of [...attempts].sort((a, b) => a.at - b.at)) {
            now = new Date(base + attempt.at * minutes);
            const payment = await pay(attempt.approved);
            if (!attempt.approved) continue;
            const onDay = malaysiaDay(now);
            settled.set(onDay, [
              ...(settled.get(onDay) ?? []),
              {
                reference: payment.reference,
                amount: payment.amount,
                council: payment.bill.councilCode,
              },
            ]);
          }
          now = new Date(base + 4 * day);
          const admin = await staffLoggedIn(app, '_admin', now);
          for (const [onDay, payments] of settled) {
            const summary = (await admin.get(`/api/office/settlement/summary?day=${onDay}`)).json();
            expect(summary.total).toBe(payments.reduce((sum, payment) => sum + payment.amount, 0));
            for (const council of new Set(payments.map((payment) => payment.council))) {
              const report = (
                await admin.get(`/api/office/settlement?council=${council}&day=${onDay}`)
              ).json();
              const ours = payments.filter((payment) => payment.council === council);
              expect(
                report.lines.map((line: { reference: string }) => line.reference).sort(),
              ).toEqual(ours.map((payment) => payment.reference).sort());
              expect(summary.councils).toContainEqual({
                council,
                count: ours.length,
                total: report.total,
              });
            }
          }
          base += 5 * day;
        },
      ),
      { numRuns: 5 },
    );
  });

  test('a local government charge, which has no bill, is settled too; a refund is a negative line of its day', async () => {
    now = new Date('2027-03-01T03:00:00Z');
    const licence = await pickBill('license', 'mps');
    const charge = {
      license_no: licence.accountNo,
      customer_name: 'Kedai Kopi Sandakan',
      total_no_of_people: 20,
      start_date: '2027-03-10',
      end_date: '2027-03-13',
    };
    const item = {
      council: 'mps',
      payment_type: 'local_government_charge',
      account_no: licence.accountNo,
      amount: localChargeAmount({
        people: 20,
        days: localChargeDays(charge.start_date, charge.end_date),
        rateSen: localChargeRateSen,
      }),
      charge,
    };
    const started = await startPayment(pagePoster(app), [item]);
    gateway.open(started.reference);
    await gatewayPoster(app)(
      'callback',
      gateway.submitCard(started.reference, started.amount, true)!,
    );
    const finance = await staffLoggedIn(app, 'finance', later(minutes));
    const day = (await finance.get('/api/office/settlement?council=mps&day=2027-03-01')).json();
    expect(day.lines).toMatchObject([
      {
        reference: started.reference,
        entry: 'payment',
        payment_type: 'local_government_charge',
        amount: item.amount,
      },
    ]);

    now = new Date('2027-03-02T03:00:00Z');
    const nextDay = await staffLoggedIn(app, 'finance', now);
    const refund = await nextDay.post(`/api/office/payments/${started.reference}/refunds`, {
      line: 'all',
      reason: '@SUM(1) Event cancelled',
      gateway_refund_id: 'RF20270302001',
    });
    expect(refund.json().refund?.status, refund.body).toBe('refunded');
    const next = (await nextDay.get('/api/office/settlement?council=mps&day=2027-03-02')).json();
    expect(next).toMatchObject({
      lines: [{ reference: started.reference, entry: 'refund', amount: -item.amount }],
      total: -item.amount,
    });
    const csv = await nextDay.get('/api/office/settlement/csv?council=mps&day=2027-03-02');
    expect(csv.body).toContain(`"${started.reference}","refund",`);
    expect(csv.body).toMatch(new RegExp(`,"-${item.amount / 100}\\.00","card",""\r\n$`));

    // What staff did about the council that day goes with it, a formula-like reason made inert.
    const audit = await nextDay.get('/api/office/settlement/audit-csv?council=mps&day=2027-03-02');
    expect(audit.headers['content-disposition']).toBe(
      'attachment; filename="audit-mps-2027-03-02.csv"',
    );
    const refundLine = audit.body.split('\r\n').find((line) => line.includes('"refund_recorded"'));
    expect(refundLine).toContain(
      `"finance.mps@staff.portal.test","refund_recorded","${started.reference}","'@SUM(1) Event cancelled"`,
    );
    expect(audit.body).toContain('"settlement_viewed"');
    const officer = await staffLoggedIn(app, 'officer', later(minutes));
    expect(
      (await officer.get('/api/office/settlement/audit-csv?council=mps&day=2027-03-02')).statusCode,
    ).toBe(403);

    // The signed PDF, and the check of its signature typed back from the paper.
    const pdf = await nextDay.get('/api/office/settlement/pdf?council=mps&day=2027-03-02');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const report = (await nextDay.get('/api/office/settlement?council=mps&day=2027-03-02')).json();
    const signature = settlementSignature(developmentDataKey, report);
    const check = (body: object) =>
      nextDay.post('/api/office/settlement/check', { council: 'mps', day: '2027-03-02', ...body });
    const typed = printedSignature(signature).toLowerCase();
    expect((await check({ signature: typed })).json()).toEqual({
      genuine: true,
      count: 1,
      total: -item.amount,
    });
    const forged = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect((await check({ signature: forged })).json().genuine).toBe(false);
    expect((await check({ signature, day: '2027-03-01' })).json().genuine).toBe(false);
    expect((await check({ signature: 'not a code' })).statusCode).toBe(400);
  });
});
