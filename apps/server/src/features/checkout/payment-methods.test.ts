import { count, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { auditLog, bills, payments } from '../../db/schema';
import { FakeGateway } from '../../test/fake-gateway';
import { staffLoggedIn, steppingClock } from '../../test/office-staff';
import {
  billPicker,
  cartItemFor,
  gatewayPoster,
  pagePoster,
  testPayer,
} from '../../test/payment-fixtures';
import { errorBody, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';

const { clock, nextStep } = steppingClock('2026-11-25T04:00:00Z');

interface Offered {
  methods: {
    method: string;
    channels: { payment_id: string; name: string; online: boolean; max_amount: number }[];
  }[];
}

describeEachDatabase('ways to pay', (db) => {
  const gateway = new FakeGateway(clock);
  const app = useTestApp(db, { clock, gateway: gateway.client() });
  const pickBill = billPicker(db);
  const offered = async (councils: string) =>
    (
      await app().inject({ method: 'GET', url: `/api/checkout/methods?councils=${councils}` })
    ).json() as Offered;
  const methodsOf = (answer: Offered) => answer.methods.map((offer) => offer.method);
  const channelOf = (answer: Offered, paymentId: string) =>
    answer.methods.flatMap((offer) => offer.channels).find((c) => c.payment_id === paymentId);
  const checkout = (items: object[], paymentId: string) =>
    pagePoster(app)('/api/checkout', {
      items,
      payer: testPayer,
      lang: 'en',
      payment_id: paymentId,
    });
  const paymentCount = async () => (await db().select({ n: count() }).from(payments))[0]!.n;

  test('a cart is offered online banking first, then business banking, e-wallets and the card, each with its limits', async () => {
    const answer = await offered('mps,mpt');
    expect(methodsOf(answer)).toEqual(['online_banking', 'corporate_banking', 'ewallet', 'card']);
    expect(channelOf(answer, '6')).toEqual({
      payment_id: '6',
      name: 'Maybank2u',
      online: true,
      min_amount: 100,
      max_amount: 3_000_000,
    });
    // A business account may pay up to RM 1 million by FPX, but never beyond the merchant's own
    // largest payment (RM 100,000 unless set).
    expect(channelOf(answer, '178')).toMatchObject({ name: 'Maybank2E', max_amount: 10_000_000 });
    // Each wallet takes its own most: Touch 'n Go RM 20,000.00, GrabPay RM 1,500.00.
    expect(channelOf(answer, '538')).toMatchObject({ max_amount: 2_000_000 });
    expect(channelOf(answer, '523')).toMatchObject({ name: 'GrabPay', max_amount: 150_000 });
    const unknown = await app().inject({
      method: 'GET',
      url: '/api/checkout/methods?councils=mps,nowhere',
    });
    expect(unknown.statusCode).toBe(400);
  });

  test('a payment by online banking is sent to the gateway with its bank’s PaymentId and kept as such', async () => {
    const bill = await pickBill('compound', 'mps');
    const started = await checkout([cartItemFor(bill)], '20');
    expect(started.statusCode, started.body).toBe(200);
    const { reference, receipt_token } = started.json();
    const handover = await pagePoster(app)('/api/payments/handover', { reference, receipt_token });
    expect(handover.json().gateway.fields.PaymentId).toBe('20');
    const [row] = await db().select().from(payments).where(eq(payments.reference, reference));
    expect(row).toMatchObject({ paymentMethod: 'online_banking', gatewayPaymentId: '20' });
    await pagePoster(app)('/api/payments/cancel', { reference, receipt_token });
  });

  test('a total beyond what the chosen way takes is refused, naming the limit, before anything is written; another way takes it', async () => {
    const bill = await pickBill('compound', 'mps');
    // RM 2,000.00: more than GrabPay takes in one payment.
    await db().update(bills).set({ amountDueSen: 200_000 }).where(eq(bills.id, bill.id));
    const item = { ...cartItemFor(bill), amount: 200_000 };
    const before = await paymentCount();
    const refused = await checkout([item], '523');
    expect(refused.statusCode).toBe(409);
    expect(errorBody(refused)).toMatchObject({ error: 'amount_outside_method_limit' });
    expect(errorBody(refused).message).toContain('GrabPay takes 100 to 150000 sen');
    expect(await paymentCount()).toBe(before);
    const byBank = await checkout([item], '6');
    expect(byBank.statusCode, byBank.body).toBe(200);
  });

  test('a way to pay the gateway does not know is a clear validation error', async () => {
    const bill = await pickBill('compound', 'mps');
    const refused = await checkout([cartItemFor(bill)], '999');
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused)).toMatchObject({
      error: 'validation_failed',
      fields: { payment_id: 'code_invalid' },
    });
  });

  test('a council admin switches e-wallets off for their council: a cart with its bills is not offered them, and checkout refuses them; on record', async () => {
    const bill = await pickBill('compound', 'mps');
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const off = await admin.post('/api/office/switches', {
      council: 'mps',
      target: 'ewallet',
      available: 'off',
      reason: 'Wallet settlement not set up with the bank yet',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().payment_methods).toContainEqual({ method: 'ewallet', available: false });
    expect(methodsOf(await offered('mps,mpt'))).not.toContain('ewallet');
    expect(methodsOf(await offered('mpt'))).toContain('ewallet');

    const before = await paymentCount();
    const refused = await checkout([cartItemFor(bill)], '538');
    expect(refused.statusCode).toBe(409);
    expect(errorBody(refused).error).toBe('payment_method_not_available');
    expect(await paymentCount()).toBe(before);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'switch_changed'));
    expect(entry).toMatchObject({ target: 'ewallet', councilCode: 'mps' });

    await admin.post('/api/office/switches', {
      council: 'mps',
      target: 'ewallet',
      available: 'on',
      reason: 'Set up',
    });
    expect(methodsOf(await offered('mps'))).toContain('ewallet');
  });

  test('the state-wide admin marks a bank down: it is offered as offline and cannot be chosen; a council admin may not', async () => {
    const councilAdmin = await staffLoggedIn(app, 'council_admin', nextStep());
    const form = { payment_id: '405', online: 'off', reason: 'Agrobank FPX maintenance notice' };
    expect((await councilAdmin.post('/api/office/switches/channels', form)).statusCode).toBe(403);

    const admin = await staffLoggedIn(app, '_admin', nextStep());
    const marked = await admin.post('/api/office/switches/channels', form);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().channels).toContainEqual(
      expect.objectContaining({ payment_id: '405', online: false, reason: form.reason }),
    );
    expect(channelOf(await offered('mps'), '405')).toMatchObject({ online: false });
    const bill = await pickBill('compound', 'mps');
    const refused = await checkout([cartItemFor(bill)], '405');
    expect(errorBody(refused).error).toBe('payment_method_not_available');

    await admin.post('/api/office/switches/channels', { ...form, online: 'on', reason: 'Back' });
    expect(channelOf(await offered('mps'), '405')).toMatchObject({ online: true });
  });

  test("a payment by online banking reaches the council's books by its channel: the ledger feed and the settlement name the bank", async () => {
    const bill = await pickBill('compound', 'mps');
    const started = await checkout([cartItemFor(bill)], '6');
    const { reference, receipt_token } = started.json();
    await pagePoster(app)('/api/payments/handover', { reference, receipt_token });
    gateway.open(reference, '6');
    const approval = gateway.submitCard(reference, bill.amountDueSen, true)!;
    expect((await gatewayPoster(app)('callback', approval)).body).toBe('RECEIVEOK');

    // The council admin issues its accounting system a key, as the back office does.
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const issued = await admin.post('/api/office/api-keys', { council: 'mps', name: 'Books' });
    const { key } = issued.json() as { key: string };
    const feed = await app().inject({
      method: 'GET',
      url: '/api/council/v1/ledger?after=0&limit=1000',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(feed.statusCode, feed.body).toBe(200);
    const entry = (feed.json().entries as { payment_reference: string }[]).find(
      (candidate) => candidate.payment_reference === reference,
    );
    expect(entry).toMatchObject({
      kind: 'payment',
      payment_method: 'online_banking',
      payment_channel: 'Maybank2u',
    });

    const finance = await staffLoggedIn(app, 'finance', nextStep());
    const csv = await finance.get('/api/office/settlement/csv?council=mps&day=2026-11-25');
    const line = csv.body.split('\r\n').find((row) => row.startsWith(`"${reference}"`));
    expect(line).toMatch(/,"online_banking","Maybank2u"$/);
  });
});
