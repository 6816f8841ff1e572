import { findCouncil } from '@portal/domain/councils';
import { expect, test } from 'vitest';
import {
  billPicker,
  cartItemFor,
  gatewayPoster,
  pagePoster,
  signedGatewayResponse,
  startPayment,
} from '../../test/payment-fixtures';
import { pageCsrf, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';

describeEachDatabase('receipts', (db) => {
  const app = useTestApp(db);
  const pickBill = billPicker(db);
  const post = pagePoster(app);
  const gatewayPost = gatewayPoster(app);

  test('a receipt is shown to its payer only: with the checkout token, or the reference and e-mail', async () => {
    const bill = await pickBill();
    const { reference, amount, receipt_token } = await startPayment(post, [cartItemFor(bill)]);
    await gatewayPost('callback', signedGatewayResponse(reference, amount));
    const byToken = await post('/api/receipts/find', { reference, receipt_token });
    expect(byToken.json()).toMatchObject({
      reference,
      status: 'successful',
      amount,
      items: [{ account_no: bill.displayNo, amount }],
    });
    const byEmail = await post('/api/receipts/find', { reference, email: 'SITI@example.com' });
    expect(byEmail.statusCode).toBe(200);
    for (const guess of [
      { reference, receipt_token: 'guess' },
      { reference, email: 'other@example.com' },
    ]) {
      expect((await post('/api/receipts/find', guess)).statusCode).toBe(404);
    }
    const pdf = await post('/api/receipts/pdf', { reference, receipt_token });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    // In the language of the page that asks for it; Malay when it names none.
    expect(pdf.rawPayload.toString('latin1')).toContain(`(Resit Rasmi ${reference})`);
    const english = await app().inject({
      method: 'POST',
      url: '/api/receipts/pdf',
      payload: { reference, receipt_token },
      ...pageCsrf,
      headers: { ...pageCsrf.headers, 'accept-language': 'en' },
    });
    expect(english.rawPayload.toString('latin1')).toContain(`(Official Receipt ${reference})`);
    const checkUrl = new URL(byToken.json().check_url.replace('/#/', '/'));
    const check = await app().inject({
      method: 'GET',
      url: `/api/receipts/check?${checkUrl.searchParams}`,
    });
    expect(check.json()).toEqual({
      reference,
      status: 'successful',
      amount,
      paid_at: expect.any(String),
      items: [
        {
          council: bill.councilCode,
          council_name: findCouncil(bill.councilCode)!.name,
          payment_type: bill.paymentType,
          account_no: bill.displayNo,
          amount,
        },
      ],
    });
    const wrongCode = await app().inject({
      method: 'GET',
      url: `/api/receipts/check?reference=${reference}&code=x`,
    });
    expect(wrongCode.statusCode).toBe(404);
  });
});

describeEachDatabase('looking a receipt up by its reference and e-mail', (db) => {
  let now = new Date('2026-11-26T04:00:00Z');
  const app = useTestApp(db, { clock: () => now });
  const pickBill = billPicker(db);
  const lookUp = (reference: string, email: string, from: string) =>
    app().inject({
      method: 'POST',
      url: '/api/receipts/find',
      payload: { reference, email },
      remoteAddress: from,
      ...pageCsrf,
    });

  test('strangers guessing its e-mail from ten addresses delay the payer a minute at most; one address guessing waits far longer', async () => {
    const bill = await pickBill();
    const { reference, amount } = await startPayment(pagePoster(app), [cartItemFor(bill)]);
    await gatewayPoster(app)('callback', signedGatewayResponse(reference, amount));
    for (let n = 0; n < 10; n++) {
      const guess = await lookUp(reference, `guess${n}@example.com`, `198.51.100.${n}`);
      expect([404, 429]).toContain(guess.statusCode);
    }
    let payer = await lookUp(reference, 'siti@example.com', '203.0.113.50');
    if (payer.statusCode === 429) {
      const wait = Number(payer.headers['retry-after']);
      expect(wait).toBeLessThanOrEqual(60);
      now = new Date(now.getTime() + wait * 1000);
      payer = await lookUp(reference, 'siti@example.com', '203.0.113.50');
    }
    expect(payer.statusCode).toBe(200);

    // One address trying e-mails at one reference is slowed to a crawl.
    let wait = 0;
    for (let n = 0; n < 30; n++) {
      const guess = await lookUp(reference, `again${n}@example.com`, '198.51.100.77');
      if (guess.statusCode === 429) wait = Number(guess.headers['retry-after']);
      now = new Date(now.getTime() + (guess.statusCode === 429 ? wait * 1000 : 0));
    }
    expect(wait).toBeGreaterThan(60);
  });
});
