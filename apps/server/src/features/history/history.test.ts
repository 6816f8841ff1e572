import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { paymentItems, payments, refunds, users } from '../../db/schema';
import { billPicker } from '../../test/payment-fixtures';
import { registrations } from '../../test/registered-users';
import { useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';

describeEachDatabase('payment history', (db) => {
  const app = useTestApp(db);
  const { newcomer, registered } = registrations(app, db);

  test('history lists the user’s payments newest first, ten a page, filtered by council and status', async () => {
    const { browser, email, serial } = await registered();
    const [user] = await db().select().from(users).where(eq(users.email, email));
    const pickBill = billPicker(db);
    for (let index = 0; index < 12; index++) {
      const bill = await pickBill(index % 2 === 0 ? 'compound' : 'ticket');
      const [payment] = await db()
        .insert(payments)
        .values({
          reference: `A10-20261122-9${String(serial).padStart(2, '0')}${String(index).padStart(3, '0')}`,
          status: index === 11 ? 'failed' : 'successful',
          userId: user!.id,
          payerName: 'Aminah',
          payerEmail: email,
          payerPhone: '0123456789',
          amountSen: bill.amountDueSen,
          createdAt: new Date(Date.UTC(2026, 9, 1 + index)),
        })
        .returning();
      await db().insert(paymentItems).values({
        paymentId: payment!.id,
        billId: bill.id,
        councilCode: bill.councilCode,
        paymentType: bill.paymentType,
        accountNo: bill.displayNo,
        description: bill.description,
        amountSen: bill.amountDueSen,
      });
    }
    // The newest successful one was refunded in part: what was given back shows, and only that.
    const [refundedPayment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.reference, `A10-20261122-9${String(serial).padStart(2, '0')}010`));
    const refund = {
      paymentId: refundedPayment!.id,
      gatewayTransId: 'T1',
      reason: 'officer',
    } as const;
    await db()
      .insert(refunds)
      .values([
        { ...refund, amountSen: 500, status: 'refunded' },
        { ...refund, amountSen: 300, status: 'resolved' },
        { ...refund, amountSen: 200, status: 'due' },
      ]);
    const first = (await browser.get('/api/history')).json();
    expect(first.total).toBe(12);
    expect(
      first.payments.map((payment: { refunded: number }) => payment.refunded).slice(0, 3),
    ).toEqual([0, 500, 0]);
    expect(first.payments).toHaveLength(10);
    expect(first.payments[0].status).toBe('failed');
    const dates = first.payments.map((payment: { created_at: string }) => payment.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(first.payments[0].items[0]).toMatchObject({
      council_name: expect.any(String),
      account_no: expect.any(String),
      amount: expect.any(Number),
    });
    expect((await browser.get('/api/history?page=2')).json().payments).toHaveLength(2);
    expect((await browser.get('/api/history?status=failed')).json().total).toBe(1);
    const council = first.payments[0].items[0].council;
    const ofCouncil = (await browser.get(`/api/history?council=${council}`)).json();
    expect(ofCouncil.total).toBeGreaterThan(0);
    for (const payment of ofCouncil.payments) {
      expect(payment.items.some((item: { council: string }) => item.council === council)).toBe(
        true,
      );
    }
    expect((await browser.get('/api/history?council=nowhere')).statusCode).toBe(400);

    // Each row opens its receipt for its owner, and for no one else.
    const reference = first.payments[0].reference;
    expect((await browser.post('/api/receipts/find', { reference })).json()).toMatchObject({
      reference,
    });
    const stranger = await registered();
    expect((await stranger.browser.post('/api/receipts/find', { reference })).statusCode).toBe(404);
  });

  test('a guest’s payment with the same address joins the history once the address is confirmed', async () => {
    const person = newcomer();
    const serial = person.serial;
    await db()
      .insert(payments)
      .values({
        reference: `A10-20261122-8${String(serial).padStart(5, '0')}`,
        status: 'successful',
        payerName: 'Aminah',
        payerEmail: person.email,
        payerPhone: '0123456789',
        amountSen: 5000,
      });
    const account = await registered(person);
    expect((await account.browser.get('/api/history')).json().total).toBe(1);
  });

  test('history needs the user role, which _admin also passes', async () => {
    const { browser, email } = await registered();
    const setRoles = (roles: ('user' | '_admin')[]) =>
      db().update(users).set({ roles }).where(eq(users.email, email));
    await setRoles([]);
    expect((await browser.get('/api/history')).json()).toMatchObject({ error: 'forbidden' });
    await setRoles(['_admin']);
    expect((await browser.get('/api/history')).statusCode).toBe(200);
  });
});
