import { count } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { payments, rateLimits, users } from '../db/schema';
import { billPicker, cartItemFor, testPayer } from '../test/payment-fixtures';
import { pageCsrf, useTestApp } from '../test/test-app';
import { describeEachDatabase } from '../test/test-databases';

describeEachDatabase('a character that is not text in what a caller sends', (db) => {
  const app = useTestApp(db);
  const pickBill = billPicker(db);
  const rows = async () =>
    Promise.all(
      [payments, users, rateLimits].map(
        async (table) => (await db().select({ n: count() }).from(table))[0]!.n,
      ),
    );

  test('a control character is refused in any text field with a field error, and changes nothing', async () => {
    const bill = await pickBill();
    const before = await rows();
    const requests = [
      {
        url: '/api/checkout',
        payload: {
          items: [cartItemFor(bill)],
          payer: { ...testPayer, full_name: 'Siti\u0000Aminah' },
          lang: 'en',
        },
        field: 'payer.full_name',
      },
      {
        url: '/api/checkout',
        payload: {
          items: [{ ...cartItemFor(bill), account_no: `${bill.displayNo}\u0000` }],
          payer: testPayer,
          lang: 'en',
        },
        field: 'items.0.account_no',
      },
      {
        url: '/api/search',
        payload: { council: 'mps', payment_type: 'compound', query: 'KP01\u0000' },
        field: 'query',
      },
      {
        url: '/api/receipts/find',
        payload: { reference: 'A10-20261122-000001\u0007', email: 'siti@example.com' },
        field: 'reference',
      },
      {
        url: '/api/auth/register',
        payload: {
          email: 'new@example.com',
          full_name: 'Ali\u001bBaba',
          id_no: '900101125678',
          phone: '0123456789',
          password: 'a long passphrase',
          confirm_password: 'a long passphrase',
        },
        field: 'full_name',
      },
    ];
    for (const { url, payload, field } of requests) {
      const response = await app().inject({ method: 'POST', url, payload, ...pageCsrf });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        error: 'validation_failed',
        fields: { [field]: 'characters_invalid' },
      });
    }
    const query = await app().inject('/api/receipts/check?reference=A10%00&code=x');
    expect(query.json()).toMatchObject({ fields: { reference: 'characters_invalid' } });
    const gateway = await app().inject({
      method: 'POST',
      url: '/api/payments/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'RefNo=A10%00&Status=1',
    });
    expect(gateway.statusCode).toBe(400);
    expect(await rows()).toEqual(before);
  });

  test('half a surrogate pair, or bytes that are not UTF-8, are refused the same way: in a password too', async () => {
    const before = await rows();
    const sent = [
      {
        url: '/api/search',
        body: '{"council":"mps","payment_type":"compound","query":"KP\\ud800"}',
      },
      {
        url: '/api/search',
        body: '{"council":"mps","payment_type":"compound","query":"\\udc00KP"}',
      },
      { url: '/api/auth/login', body: '{"email":"a@example.com","password":"pass\\ud800word"}' },
      { url: '/api/auth/login', body: '{"\\ud83d":"x","email":"a@example.com","password":"x"}' },
    ];
    const fields = ['query', 'query', 'password', '_'];
    for (const [index, { url, body }] of sent.entries()) {
      const response = await app().inject({
        method: 'POST',
        url,
        payload: body,
        headers: { ...pageCsrf.headers, 'content-type': 'application/json' },
        cookies: pageCsrf.cookies,
      });
      expect(response.statusCode, body).toBe(400);
      expect(response.json(), body).toMatchObject({
        error: 'validation_failed',
        fields: { [fields[index]!]: 'characters_invalid' },
      });
    }
    // A whole pair is a character like any other: an emoji is searched for, and not found.
    const emoji = await app().inject({
      method: 'POST',
      url: '/api/search',
      payload: { council: 'mps', payment_type: 'compound', query: 'KP\u{1F600}' },
      ...pageCsrf,
    });
    expect(emoji.json()).not.toMatchObject({ fields: { query: 'characters_invalid' } });

    for (const bytes of [[0xc3, 0x28], [0xed, 0xa0, 0x80], [0xff], [0xe2, 0x82]]) {
      const body = Buffer.concat([
        Buffer.from('{"council":"mps","payment_type":"compound","query":"KP'),
        Buffer.from(bytes),
        Buffer.from('"}'),
      ]);
      const response = await app().inject({
        method: 'POST',
        url: '/api/search',
        payload: body,
        headers: { ...pageCsrf.headers, 'content-type': 'application/json' },
        cookies: pageCsrf.cookies,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ fields: { _: 'characters_invalid' } });
    }
    expect(await rows()).toEqual(before);
  });

  test('in a password is the password: it is taken as typed', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'tab\there' },
      ...pageCsrf,
    });
    expect(response.json()).toMatchObject({ error: 'auth_error' });
  });
});
