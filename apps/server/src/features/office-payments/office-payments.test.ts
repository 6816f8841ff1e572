import { and, desc, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { auditLog, payments } from '../../db/schema';
import { demoPaymentUnderReview } from '../../demo/demo-data';
import { FakeGateway } from '../../test/fake-gateway';
import { staffLoggedIn } from '../../test/office-staff';
import {
  billPicker,
  cartItemFor,
  pagePoster,
  startPayment,
  testPayer,
} from '../../test/payment-fixtures';
import { errorBody, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';

let now = new Date('2026-11-25T04:00:00Z');
const clock = () => now;
const nextStep = () => {
  now = new Date(now.getTime() + 31_000);
  return now;
};

describeEachDatabase('back-office payments', (db) => {
  const gateway = new FakeGateway(clock);
  const app = useTestApp(db, { clock, gateway: gateway.client() });
  const pickBill = billPicker(db);

  /** A payment at Sandakan whose card was approved, but whose return and callback were lost. */
  async function paidButUnheard() {
    const bill = await pickBill('compound');
    expect(bill.councilCode).toBe('mps');
    const started = await startPayment(pagePoster(app), [cartItemFor(bill)]);
    gateway.open(started.reference);
    gateway.submitCard(started.reference, started.amount, true);
    return { bill, ...started };
  }

  const auditOf = async (action: string, target: string) =>
    (
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action as 'payment_viewed'), eq(auditLog.target, target)))
        .orderBy(desc(auditLog.id))
    )[0];

  test('an officer finds a payment by reference, payer e-mail or account number', async () => {
    const { reference, bill } = await paidButUnheard();
    const officer = await staffLoggedIn(app, 'officer', nextStep());
    for (const q of [reference.toLowerCase(), testPayer.email.toUpperCase(), bill.displayNo]) {
      const found = (await officer.get(`/api/office/payments?q=${encodeURIComponent(q)}`)).json();
      expect(found.payments.map((payment: { reference: string }) => payment.reference)).toContain(
        reference,
      );
    }
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payments_searched'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actor: 'officer.mps@staff.portal.test', councilCode: 'mps' });
    expect(entry!.detail.q).toBe(bill.displayNo);
  });

  test('a payment’s page shows its lines and payer, and the look is on record', async () => {
    const { reference, bill } = await paidButUnheard();
    const officer = await staffLoggedIn(app, 'officer', nextStep());
    const response = await officer.get(`/api/office/payments/${reference}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      reference,
      status: 'in_progress',
      payer_email: testPayer.email,
      payer_phone: testPayer.phone,
      lines: [{ council: 'mps', account_no: bill.displayNo, amount: bill.amountDueSen }],
      events: [],
    });
    expect(await auditOf('payment_viewed', reference)).toMatchObject({
      actor: 'officer.mps@staff.portal.test',
    });
  });

  test('another council’s staff neither find nor open the payment', async () => {
    const { reference } = await paidButUnheard();
    const tawau = await staffLoggedIn(app, 'finance.mpt@staff.portal.test', nextStep());
    const found = (await tawau.get(`/api/office/payments?q=${reference}`)).json();
    expect(found.total).toBe(0);
    const opened = await tawau.get(`/api/office/payments/${reference}`);
    expect(opened.statusCode).toBe(404);
    expect(errorBody(opened).error).toBe('not_found');
    expect((await tawau.post(`/api/office/payments/${reference}/requery`)).statusCode).toBe(404);
    const admin = await staffLoggedIn(app, '_admin', nextStep());
    expect((await admin.get(`/api/office/payments/${reference}`)).statusCode).toBe(200);
  });

  test('a finance officer’s requery settles a payment whose messages were lost, once', async () => {
    const { reference, bill } = await paidButUnheard();
    const finance = await staffLoggedIn(app, 'finance', nextStep());
    const first = await finance.post(`/api/office/payments/${reference}/requery`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      answer: 'paid',
      payment: { status: 'successful', events: [{ source: 'requery', outcome: 'applied' }] },
    });
    const again = (await finance.post(`/api/office/payments/${reference}/requery`)).json();
    expect(again.payment.events.map((event: { outcome: string }) => event.outcome)).toEqual([
      'applied',
      'duplicate',
    ]);
    expect(again.payment.mails.map((mail: { kind: string }) => mail.kind)).toEqual(['receipt']);
    expect(await auditOf('payment_requeried', reference)).toMatchObject({
      actor: 'finance.mps@staff.portal.test',
      detail: { answer: 'paid', outcome: 'duplicate', status_before: 'successful' },
    });
    const [row] = await db().select().from(payments).where(eq(payments.reference, reference));
    expect(row!.amountSen).toBe(bill.amountDueSen);
  });

  test('the list narrows to payments under review, by status and by Malaysia date', async () => {
    const { reference } = await paidButUnheard();
    await db()
      .update(payments)
      .set({ reviewReason: 'amount_mismatch' })
      .where(eq(payments.reference, reference));
    const officer = await staffLoggedIn(app, 'officer', nextStep());
    const flagged = (await officer.get('/api/office/payments?review=true')).json();
    expect(flagged.payments.map((payment: { reference: string }) => payment.reference)).toEqual(
      expect.arrayContaining([reference, demoPaymentUnderReview.reference]),
    );
    for (const payment of flagged.payments) expect(payment.review_reason).toBe('amount_mismatch');
    const all = (await officer.get('/api/office/payments')).json();
    expect(flagged.total).toBeLessThan(all.total);
    const today = '2026-11-25';
    const ofToday = (await officer.get(`/api/office/payments?from=${today}&to=${today}`)).json();
    expect(ofToday.total).toBeGreaterThan(0);
    const ofYesterday = (
      await officer.get('/api/office/payments?from=2026-11-24&to=2026-11-24&status=in_progress')
    ).json();
    expect(ofYesterday.total).toBe(0);
    const wrong = await officer.get('/api/office/payments?from=25/11/2026');
    expect(wrong.statusCode).toBe(400);
  });
});
