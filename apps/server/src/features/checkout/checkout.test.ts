import { expect, test } from 'vitest';
import { billPicker, cartItemFor, testPayer } from '../../test/payment-fixtures';
import { pageCsrf, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';

describeEachDatabase('checking out a cart', (db) => {
  const app = useTestApp(db);
  const pickBill = billPicker(db);
  const checkout = (items: object[]) =>
    app().inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { items, payer: testPayer, lang: 'en' },
      ...pageCsrf,
    });

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
});
