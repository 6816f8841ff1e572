import { and, desc, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import {
  auditLog,
  ledgerEntries,
  mailMessages,
  paymentEvents,
  payments,
  refunds,
} from '../../db/schema';
import { demoPaymentUnderReview } from '../../demo/demo-data';
import { FakeGateway } from '../../test/fake-gateway';
import { staffLoggedIn, steppingClock } from '../../test/office-staff';
import {
  billPicker,
  cartItemFor,
  gatewayPoster,
  pagePoster,
  signedGatewayResponse,
  startPayment,
  testPayer,
} from '../../test/payment-fixtures';
import { errorBody, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';

const { clock, nextStep } = steppingClock('2026-11-25T04:00:00Z');

describeEachDatabase('back-office payments', (db) => {
  const gateway = new FakeGateway(clock);
  const app = useTestApp(db, { clock, gateway: gateway.client() });
  const pickBill = billPicker(db);

  /** A payment at Sandakan whose card was approved, but whose return and callback were lost. */
  const kinds = ['compound', 'ticket', 'market'] as const;
  let paid = 0;
  async function paidButUnheard() {
    const bill = await pickBill(kinds[paid++ % kinds.length], 'mps');
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

  test('each payment shows the councils its own lines pay, in the list and on its page', async () => {
    const sandakan = await startPayment(pagePoster(app), [
      cartItemFor(await pickBill('compound', 'mps')),
    ]);
    const tawau = await startPayment(pagePoster(app), [
      cartItemFor(await pickBill('compound', 'mpt')),
    ]);
    const both = await startPayment(pagePoster(app), [
      cartItemFor(await pickBill('compound', 'mps')),
      cartItemFor(await pickBill('market', 'mpt')),
    ]);
    const admin = await staffLoggedIn(app, '_admin', nextStep());
    const listed = (await admin.get('/api/office/payments')).json() as {
      payments: { reference: string; councils: string[] }[];
    };
    const councilsOf = (reference: string) =>
      listed.payments.find((payment) => payment.reference === reference)?.councils;
    expect(councilsOf(sandakan.reference)).toEqual(['mps']);
    expect(councilsOf(tawau.reference)).toEqual(['mpt']);
    expect(councilsOf(both.reference)).toEqual(['mps', 'mpt']);
    for (const [reference, councils] of [
      [sandakan.reference, ['mps']],
      [tawau.reference, ['mpt']],
    ] as const) {
      const page = (await admin.get(`/api/office/payments/${reference}`)).json();
      expect(page.councils).toEqual(councils);
    }
  });

  test('a card shows masked as the payer’s receipt shows it, however the gateway ran its digits together', async () => {
    const admin = await staffLoggedIn(app, '_admin', nextStep());
    for (const [ccNo, shown] of [
      ['4111111111', '4111 11•• •••• 1111'],
      ['555555xxxxxx4444', '5555 55•• •••• 4444'],
    ]) {
      const started = await startPayment(pagePoster(app), [
        cartItemFor(await pickBill('ticket', 'mpt')),
      ]);
      const callback = signedGatewayResponse(started.reference, started.amount, { CCNo: ccNo });
      expect((await gatewayPoster(app)('callback', callback)).statusCode).toBe(200);
      const page = (await admin.get(`/api/office/payments/${started.reference}`)).json();
      expect(page).toMatchObject({ status: 'successful', card_masked: shown });
    }
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

  /** A payment at Sandakan whose gateway message was flagged: a different amount, say. */
  async function flagged() {
    const started = await paidButUnheard();
    await db()
      .update(payments)
      .set({ reviewReason: 'amount_mismatch' })
      .where(eq(payments.reference, started.reference));
    return started;
  }

  const rowOf = async (reference: string) =>
    (await db().select().from(payments).where(eq(payments.reference, reference)))[0]!;
  const ledgerOfPayment = async (paymentId: number) =>
    db().select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));

  test('accepting a flagged payment as paid settles it once, with its receipt, on record with the reason', async () => {
    const { reference, bill } = await flagged();
    const finance = await staffLoggedIn(app, 'finance', nextStep());
    const reason = 'Approved in the gateway report of 25/11, RM as charged';
    const response = await finance.post(`/api/office/payments/${reference}/review`, {
      decision: 'accept',
      trans_id: 'T000012345',
      reason,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      outcome: 'applied',
      payment: { status: 'successful', review_reason: null, gateway_trans_id: 'T000012345' },
    });
    const row = await rowOf(reference);
    expect(await ledgerOfPayment(row.id)).toEqual([
      expect.objectContaining({ billId: bill.id, amountSen: bill.amountDueSen }),
    ]);
    const mails = await db().select().from(mailMessages).where(eq(mailMessages.paymentId, row.id));
    expect(mails.map((mail) => mail.kind)).toEqual(['receipt']);
    const [event] = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, row.id));
    expect(event).toMatchObject({ source: 'office', outcome: 'applied' });
    expect(await auditOf('review_resolved', reference)).toMatchObject({
      actor: 'finance.mps@staff.portal.test',
      councilCode: 'mps',
      reason,
      detail: {
        decision: 'accept',
        trans_id: 'T000012345',
        flag: 'amount_mismatch',
        outcome: 'applied',
      },
    });
    const again = await finance.post(`/api/office/payments/${reference}/review`, {
      decision: 'reject',
      reason: 'Second thoughts',
    });
    expect(again.statusCode).toBe(409);
    expect(errorBody(again).error).toBe('no_review_pending');
  });

  test('rejecting a flag dismisses it and leaves the payment as it was', async () => {
    const { reference } = await flagged();
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const response = await admin.post(`/api/office/payments/${reference}/review`, {
      decision: 'reject',
      reason: 'Forged callback: the gateway report has no such transaction',
    });
    expect(response.json()).toMatchObject({
      outcome: 'rejected',
      payment: {
        status: 'in_progress',
        review_reason: null,
        events: [{ source: 'office', outcome: 'rejected', note: expect.stringMatching(/^Forged/) }],
      },
    });
    expect(await ledgerOfPayment((await rowOf(reference)).id)).toEqual([]);
  });

  test('a decision without its reason, or an acceptance without the transaction, changes nothing', async () => {
    const { reference } = await flagged();
    const finance = await staffLoggedIn(app, 'finance', nextStep());
    const review = (body: object) => finance.post(`/api/office/payments/${reference}/review`, body);
    const noReason = await review({ decision: 'reject', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(errorBody(noReason).fields).toEqual({ reason: 'required' });
    const noTransaction = await review({ decision: 'accept', reason: 'Seen in the report' });
    expect(errorBody(noTransaction).fields).toEqual({ trans_id: 'required' });
    expect((await review({ decision: 'refund', reason: 'x' })).statusCode).toBe(400);
    expect(await rowOf(reference)).toMatchObject({
      status: 'in_progress',
      reviewReason: 'amount_mismatch',
    });
    // An officer reads, but does not decide.
    const officer = await staffLoggedIn(app, 'officer', nextStep());
    const refused = await officer.post(`/api/office/payments/${reference}/review`, {
      decision: 'reject',
      reason: 'Not mine to decide',
    });
    expect(refused.statusCode).toBe(403);
  });

  test('three officers accepting at once settle the payment once', async () => {
    const { reference, bill } = await flagged();
    const deciders = [
      await staffLoggedIn(app, 'finance', nextStep()),
      await staffLoggedIn(app, 'council_admin', nextStep()),
      await staffLoggedIn(app, '_admin', nextStep()),
    ];
    const answers = await Promise.all(
      deciders.map((browser) =>
        browser.post(`/api/office/payments/${reference}/review`, {
          decision: 'accept',
          trans_id: 'T000054321',
          reason: 'Paid in the gateway report',
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const row = await rowOf(reference);
    expect(await ledgerOfPayment(row.id)).toEqual([
      expect.objectContaining({ billId: bill.id, amountSen: bill.amountDueSen }),
    ]);
  });

  test('a flagged payment whose bill another payer paid meanwhile is owed back when accepted, never paid twice', async () => {
    const { reference, bill, amount } = await flagged();
    // The flagged payment's page timed out; another payer then paid the same bill.
    await db().update(payments).set({ status: 'expired' }).where(eq(payments.reference, reference));
    const other = await startPayment(pagePoster(app), [cartItemFor(bill)], {
      ...testPayer,
      email: 'ali@example.com',
    });
    gateway.open(other.reference);
    await gatewayPoster(app)('callback', gateway.submitCard(other.reference, other.amount, true)!);
    const finance = await staffLoggedIn(app, 'finance', nextStep());
    const response = await finance.post(`/api/office/payments/${reference}/review`, {
      decision: 'accept',
      trans_id: 'T000099999',
      reason: 'The report shows it paid',
    });
    expect(response.json()).toMatchObject({
      outcome: 'refund_due',
      payment: { status: 'refund_due' },
    });
    const row = await rowOf(reference);
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, row.id))).toEqual([
      expect.objectContaining({
        amountSen: amount,
        gatewayTransId: 'T000099999',
        reason: 'bills_paid_meanwhile',
      }),
    ]);
    expect(await ledgerOfPayment(row.id)).toEqual([]);
  });
});
