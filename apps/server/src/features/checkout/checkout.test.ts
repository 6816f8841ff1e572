import { count, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { payments } from '../../db/schema';
import {
  billPicker,
  cartItemFor,
  pagePoster,
  startPayment,
  testPayer,
} from '../../test/payment-fixtures';
import { useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';

describeEachDatabase('checking out a cart', (db) => {
  const app = useTestApp(db);
  const pickBill = billPicker(db);
  const post = pagePoster(app);
  const checkout = (items: object[], payer: object = testPayer) =>
    post('/api/checkout', { items, payer, lang: 'en' });
  const paymentRow = async (reference: string) =>
    (await db().select().from(payments).where(eq(payments.reference, reference)))[0]!;

  test('two carts holding the same bills in opposite order never fail: one pays, the other is told the bills are taken', async () => {
    for (let round = 0; round < 15; round++) {
      const [first, second, third] = [await pickBill(), await pickBill('ticket'), await pickBill()];
      const forward = [first, second, third].map(cartItemFor);
      const answers = await Promise.all([checkout(forward), checkout(forward.toReversed())]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().error).toBe(
        'payment_in_progress',
      );
    }
  });

  test('a tampered amount, an empty cart or bad payer details are refused and write nothing', async () => {
    const bill = await pickBill();
    const before = (await db().select({ n: count() }).from(payments))[0]!.n;
    const tampered = await checkout([{ ...cartItemFor(bill), amount: 100 }]);
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json()).toMatchObject({
      error: 'cart_changed',
      items: [{ council: bill.councilCode, account_no: bill.displayNo }],
    });
    expect((await checkout([])).json()).toMatchObject({ error: 'no_account_selected' });
    const badPayer = await checkout([cartItemFor(bill)], { ...testPayer, email: 'nope' });
    expect(badPayer.json()).toMatchObject({
      error: 'validation_failed',
      fields: { email: 'email_invalid' },
    });
    expect((await checkout(Array(11).fill(cartItemFor(bill)))).json()).toMatchObject({
      error: 'cart_full',
    });
    expect((await db().select({ n: count() }).from(payments))[0]!.n).toBe(before);
  });

  test('an account with a payment in progress cannot be checked out again', async () => {
    const bill = await pickBill();
    const started = await startPayment(post, [cartItemFor(bill)]);
    const response = await checkout([cartItemFor(bill)]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'payment_in_progress',
      items: [
        {
          account_no: bill.displayNo,
          release_at: (await paymentRow(started.reference)).releaseAt!.toISOString(),
        },
      ],
    });
  });

  test('two checkouts of the same bill at once: exactly one goes through', async () => {
    const bill = await pickBill();
    const answers = await Promise.all([
      checkout([cartItemFor(bill)]),
      checkout([cartItemFor(bill)]),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().error).toBe(
      'payment_in_progress',
    );
  });
});
