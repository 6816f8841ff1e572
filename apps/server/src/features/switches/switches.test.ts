import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { auditLog } from '../../db/schema';
import { FakeGateway } from '../../test/fake-gateway';
import { staffLoggedIn, steppingClock } from '../../test/office-staff';
import {
  billPicker,
  cartItemFor,
  pagePoster,
  startPayment,
  testPayer,
} from '../../test/payment-fixtures';
import { errorBody, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';

const { clock, nextStep } = steppingClock('2026-11-25T04:00:00Z');

describeEachDatabase('council switches', (db) => {
  const gateway = new FakeGateway(clock);
  const app = useTestApp(db, { clock, gateway: gateway.client() });
  const pickBill = billPicker(db);

  const checkout = async (bill: Awaited<ReturnType<typeof pickBill>>) =>
    pagePoster(app)('/api/checkout', { items: [cartItemFor(bill)], payer: testPayer, lang: 'en' });
  const mpsListing = async () => {
    const listed = (await app().inject({ method: 'GET', url: '/api/councils' })).json() as {
      code: string;
      available: boolean;
      payment_types: string[];
    }[];
    return listed.find((council) => council.code === 'mps')!;
  };

  test('a council admin switches a payment type off and on; checkout refuses it meanwhile, and the switch is on record', async () => {
    const bill = await pickBill('compound', 'mps');
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const before = (await admin.get('/api/office/switches?council=mps')).json();
    expect(before).toMatchObject({ council: 'mps', available: true });
    expect(before.payment_types).toContainEqual({ payment_type: 'compound', available: true });

    const off = await admin.post('/api/office/switches', {
      council: 'mps',
      target: 'compound',
      available: 'off',
      reason: 'Compound rates change tonight',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().payment_types).toContainEqual({ payment_type: 'compound', available: false });
    expect((await mpsListing()).payment_types).not.toContain('compound');
    const refused = await checkout(bill);
    expect(refused.statusCode).toBe(409);
    expect(errorBody(refused).error).toBe('payment_type_not_available');
    expect(JSON.stringify(errorBody(refused).items)).toContain(bill.displayNo);

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'switch_changed'), eq(auditLog.target, 'compound')));
    expect(entry).toMatchObject({
      actor: 'admin.mps@staff.portal.test',
      councilCode: 'mps',
      reason: 'Compound rates change tonight',
    });
    expect(entry!.detail).toMatchObject({ available: false, was_available: true });

    await admin.post('/api/office/switches', {
      council: 'mps',
      target: 'compound',
      available: 'on',
      reason: 'New rates loaded',
    });
    expect((await mpsListing()).payment_types).toContain('compound');
    await expect(startPayment(pagePoster(app), [cartItemFor(bill)])).resolves.toMatchObject({
      amount: bill.amountDueSen,
    });
  });

  test('a council switched off takes no payment until it is switched on', async () => {
    const bill = await pickBill('ticket', 'mps');
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    await admin.post('/api/office/switches', {
      council: 'mps',
      target: 'council',
      available: 'off',
      reason: 'Bank account changing',
    });
    expect((await mpsListing()).available).toBe(false);
    const closed = await checkout(bill);
    expect(closed.statusCode).toBe(409);
    expect(errorBody(closed).error).toBe('council_not_available');
    await admin.post('/api/office/switches', {
      council: 'mps',
      target: 'council',
      available: 'on',
      reason: 'Bank account ready',
    });
    expect((await mpsListing()).available).toBe(true);
    expect((await checkout(bill)).statusCode).toBe(200);
  });

  test('only a council’s own admin, or the state admin, switches it; bad input changes nothing', async () => {
    const change = { council: 'mps', target: 'market', available: 'off', reason: 'Test' };
    const finance = await staffLoggedIn(app, 'finance', nextStep());
    expect((await finance.post('/api/office/switches', change)).statusCode).toBe(403);
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const tawau = await admin.post('/api/office/switches', { ...change, council: 'mpt' });
    expect(tawau.statusCode).toBe(403);
    expect((await admin.get('/api/office/switches?council=mpt')).statusCode).toBe(403);
    const noReason = await admin.post('/api/office/switches', { ...change, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(errorBody(noReason).fields).toMatchObject({ reason: 'required' });
    const unknown = await admin.post('/api/office/switches', { ...change, target: 'parking' });
    expect(unknown.statusCode).toBe(400);
    expect((await mpsListing()).payment_types).toContain('market');

    const state = await staffLoggedIn(app, '_admin', nextStep());
    const elsewhere = await state.get('/api/office/switches?council=mpt');
    expect(elsewhere.statusCode).toBe(200);
  });
});
