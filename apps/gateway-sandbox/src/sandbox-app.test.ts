import {
  gatewayPaths,
  responseSignature,
  signaturesMatch,
  type GatewayRequest,
  type Merchant,
} from '@portal/gateway-protocol/ipay88';
import { afterEach, describe, expect, test } from 'vitest';
import type { SandboxInstance } from './sandbox-app';
import {
  closeAll,
  enquire,
  entryFields,
  expectGenuine,
  handedBack,
  merchant,
  merchantBackend,
  postForm,
  sandbox,
} from './test/sandbox-testing';

afterEach(closeAll);

const nextYear = String(new Date().getUTCFullYear() + 1);

/** Opens the card page for a signed request and returns the hidden transaction id it carries. */
async function openCardPage(app: SandboxInstance, request: GatewayRequest): Promise<string> {
  const page = await postForm(app, gatewayPaths.entry, { ...request });
  expect(page.statusCode).toBe(200);
  return /name="transaction" value="([^"]+)"/.exec(page.body)![1]!;
}

const validCard = {
  cardNumber: '4111 1111 1111 1111',
  cardName: 'SITI AMINAH',
  expiryMonth: '12',
  expiryYear: nextYear,
  bank: 'MayBank',
  cvv: '123',
  action: 'pay',
};

function submitCard(
  app: SandboxInstance,
  transaction: string,
  card: Partial<typeof validCard> = {},
  language?: string,
) {
  return postForm(app, '/epayment/pay', { ...validCard, ...card, transaction }, language);
}

async function pay(app: SandboxInstance, request: GatewayRequest, card = {}) {
  const transaction = await openCardPage(app, request);
  return submitCard(app, transaction, card);
}

describe('a merchant opening a payment', () => {
  test('sees the hosted card page with the amount, the order and the test cards', async () => {
    const app = await sandbox();
    const request = entryFields();
    const page = await postForm(app, gatewayPaths.entry, { ...request });

    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('MYR 1,278.99');
    expect(page.body).toContain(request.RefNo);
    expect(page.body).toContain('Cukai taksiran A01000137');
    expect(page.body).toContain('action="/epayment/pay"');
    for (const testCard of [
      '4111 1111 1111 1111',
      '4000 0000 0000 0002',
      '4000 0000 0000 9995',
      '4000 0000 0000 0010',
      '4000 0000 0000 0028',
      '5555 5555 5555 4444',
    ]) {
      expect(page.body).toContain(testCard);
    }
    expect(page.body.match(/<option value="[^"]+"/g)).toHaveLength(12 + 11 + 16);
    expect(page.body).toContain('<option value="Standard Chartered Bank"');
    expect(page.body).toContain('<label for="cardNumber">');
  });

  test.each([
    [undefined, 'lang="ms"', 'Nombor kad'],
    ['en-GB,en;q=0.9', 'lang="en"', 'Card number'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'lang="zh"', '卡号'],
    ['fr-FR', 'lang="ms"', 'Nombor kad'],
  ])('reads it in the language of Accept-Language %s', async (language, lang, cardNumberLabel) => {
    const app = await sandbox();
    const page = await postForm(app, gatewayPaths.entry, { ...entryFields() }, language);
    expect(page.body).toContain(lang);
    expect(page.body).toContain(cardNumberLabel);
  });

  test('cannot inject markup through the order description', async () => {
    const app = await sandbox();
    const page = await postForm(app, gatewayPaths.entry, {
      ...entryFields({ ProdDesc: '<script>alert(1)</script>' }),
    });
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  const withoutProdDesc = (request: GatewayRequest): Record<string, string> =>
    Object.fromEntries(Object.entries(request).filter(([name]) => name !== 'ProdDesc'));

  test.each<[string, () => Record<string, string>, string]>([
    [
      'another merchant code',
      () => ({ ...entryFields({ MerchantCode: 'M99999' }) }),
      'Invalid merchant code',
    ],
    ['no merchant code', () => ({ ...entryFields({ MerchantCode: '' }) }), 'Invalid merchant code'],
    [
      'a signature by another key',
      () => ({ ...entryFields({}, { ...merchant, merchantKey: 'pear' }) }),
      'Signature not match',
    ],
    [
      'an amount changed after signing',
      () => ({ ...entryFields(), Amount: '1.00' }),
      'Signature not match',
    ],
    [
      'a garbled signature',
      () => ({ ...entryFields(), Signature: 'not-hex' }),
      'Signature not match',
    ],
    ['no signature', () => ({ ...entryFields(), Signature: '' }), 'Invalid parameters'],
    ['another currency', () => ({ ...entryFields({ Currency: 'SGD' }) }), 'Invalid parameters'],
    ['a zero amount', () => ({ ...entryFields({ Amount: '0.00' }) }), 'Invalid parameters'],
    [
      'a payment method the account does not take',
      () => ({ ...entryFields({ PaymentId: '999' }) }),
      'Payment not allowed',
    ],
    ['no payment method', () => ({ ...entryFields({ PaymentId: '' }) }), 'Invalid parameters'],
    [
      'a payment method that is not a number',
      () => ({ ...entryFields({ PaymentId: 'FPX' }) }),
      'Invalid parameters',
    ],
    [
      'signed the way another account signs',
      () => ({ ...entryFields({}, { ...merchant, signatureType: 'SHA256' }) }),
      'Invalid parameters',
    ],
    ['an empty RefNo', () => ({ ...entryFields({ RefNo: '' }) }), 'Invalid parameters'],
    [
      'a 31-character RefNo',
      () => ({ ...entryFields({ RefNo: 'R'.repeat(31) }) }),
      'Invalid parameters',
    ],
    [
      'a script ResponseURL',
      () => ({ ...entryFields({ ResponseURL: 'javascript:alert(1)' }) }),
      'Invalid parameters',
    ],
    [
      'a relative BackendURL',
      () => ({ ...entryFields({ BackendURL: '/payment/backend' }) }),
      'Invalid parameters',
    ],
    ['no e-mail address', () => ({ ...entryFields({ UserEmail: '' }) }), 'Invalid parameters'],
    ['no product description', () => withoutProdDesc(entryFields()), 'Invalid parameters'],
  ])('is refused for %s, with no card form', async (_, fields, message) => {
    const app = await sandbox();
    const page = await postForm(app, gatewayPaths.entry, fields());
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(message);
    expect(page.body).not.toContain('name="cardNumber"');
    expect(page.body).not.toContain('/epayment/pay');
  });

  test('is refused with a RefNo that was already paid', async () => {
    const backend = await merchantBackend();
    const app = await sandbox();
    const request = entryFields({ BackendURL: backend.url });
    await pay(app, request);

    const again = await postForm(app, gatewayPaths.entry, { ...request });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('Duplicate reference number');
    expect(again.body).not.toContain('name="cardNumber"');
  });

  test('may try a declined RefNo again', async () => {
    const app = await sandbox();
    const request = entryFields();
    await pay(app, request, { cardNumber: '4000000000000002' });

    const again = await postForm(app, gatewayPaths.entry, { ...request });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('name="cardNumber"');
  });
});

describe('a customer paying with a test card', () => {
  test('4111 1111 1111 1111 is approved and both the browser and the backend hear it', async () => {
    const backend = await merchantBackend();
    const app = await sandbox();
    const request = entryFields({ BackendURL: backend.url });
    const page = await pay(app, request);

    expect(page.statusCode).toBe(200);
    const { action, fields } = handedBack(page.body);
    expect(action).toBe(request.ResponseURL);
    expect(fields).toMatchObject({
      MerchantCode: 'M00003',
      PaymentId: '2',
      RefNo: request.RefNo,
      Amount: '1,278.99',
      Currency: 'MYR',
      Remark: 'cart 42',
      Status: '1',
      ErrDesc: '',
      CCName: 'SITI AMINAH',
      CCNo: '411111xxxxxx1111',
      S_bankname: 'MayBank',
      S_country: 'MY',
    });
    expect(fields.TransId).toMatch(/^T\d{9}$/);
    expect(fields.AuthCode).toMatch(/^\d{6}$/);
    // iPay88's fields and no other: nothing on the wire that the real gateway does not send.
    expect(Object.keys(fields).sort()).toEqual(
      [
        'MerchantCode',
        'PaymentId',
        'RefNo',
        'Amount',
        'Currency',
        'Remark',
        'TransId',
        'AuthCode',
        'Status',
        'ErrDesc',
        'Signature',
        'CCName',
        'CCNo',
        'S_bankname',
        'S_country',
      ].sort(),
    );
    expectGenuine(fields);
    expect(page.body).toContain('.submit()');
    expect(page.body).toMatch(/<button[^>]*type="submit"[^>]*>\s*Kembali ke peniaga/);

    await app.sandbox.settled();
    expect(backend.received).toEqual([fields]);
  });

  test.each([
    ['4000 0000 0000 0002', 'Card declined'],
    ['4000 0000 0000 9995', 'Insufficient funds'],
    ['4242 4242 4242 4242', 'Card not recognised by the sandbox'],
  ])('%s is declined with %s, and the backend hears nothing', async (cardNumber, errDesc) => {
    const backend = await merchantBackend();
    const app = await sandbox();
    const page = await pay(app, entryFields({ BackendURL: backend.url }), { cardNumber });

    const { fields } = handedBack(page.body);
    expect(fields).toMatchObject({ Status: '0', ErrDesc: errDesc, AuthCode: '' });
    expectGenuine(fields);
    await app.sandbox.settled();
    expect(backend.received).toEqual([]);
  });

  test('cancelling hands the customer back with Customer Cancel Transaction', async () => {
    const backend = await merchantBackend();
    const app = await sandbox();
    const transaction = await openCardPage(app, entryFields({ BackendURL: backend.url }));
    const page = await postForm(app, '/epayment/pay', { transaction, action: 'cancel' });

    const { fields } = handedBack(page.body);
    expect(fields).toMatchObject({
      Status: '0',
      ErrDesc: 'Customer Cancel Transaction',
      AuthCode: '',
      CCNo: '',
    });
    expectGenuine(fields);
    await app.sandbox.settled();
    expect(backend.received).toEqual([]);
  });

  test('every payment gets its own TransId', async () => {
    const app = await sandbox();
    const first = handedBack(
      (await pay(app, entryFields(), { cardNumber: '4000000000000002' })).body,
    );
    const second = handedBack(
      (await pay(app, entryFields(), { cardNumber: '4000000000000002' })).body,
    );
    expect(first.fields.TransId).not.toBe(second.fields.TransId);
  });

  test('a mistyped card number shows the card page again and sends nothing', async () => {
    const backend = await merchantBackend();
    const app = await sandbox();
    const request = entryFields({ BackendURL: backend.url });
    const transaction = await openCardPage(app, request);

    const page = await submitCard(app, transaction, { cardNumber: '4111 1111 1111 1112' }, 'en');
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Enter a valid card number.');
    expect(page.body).toContain('aria-invalid="true"');
    expect(page.body).not.toContain('return-to-merchant');
    await app.sandbox.settled();
    expect(backend.received).toEqual([]);
    expect(
      await enquire(app, {
        MerchantCode: merchant.merchantCode,
        RefNo: request.RefNo,
        Amount: '1,278.99',
      }),
    ).toBe('Record not found');

    const corrected = await submitCard(app, transaction);
    expect(handedBack(corrected.body).fields.Status).toBe('1');
  });

  test('an empty form lists every missing detail in the reader’s language', async () => {
    const app = await sandbox();
    const transaction = await openCardPage(app, entryFields());
    const page = await submitCard(
      app,
      transaction,
      { cardNumber: '', cardName: ' ', expiryMonth: '', expiryYear: '', bank: '', cvv: '12' },
      'zh',
    );
    expect(page.statusCode).toBe(400);
    for (const message of [
      '请输入有效的卡号。',
      '请输入卡片上的姓名。',
      '请选择有效期月份和年份。',
      '请选择发卡银行。',
      '请输入 3 或 4 位数的 CVV。',
    ]) {
      expect(page.body).toContain(message);
    }
  });

  test('cannot pay the same card page twice', async () => {
    const backend = await merchantBackend();
    const app = await sandbox();
    const transaction = await openCardPage(app, entryFields({ BackendURL: backend.url }));
    await submitCard(app, transaction);

    const again = await submitCard(app, transaction);
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain('return-to-merchant');
    await app.sandbox.settled();
    expect(backend.received).toHaveLength(1);
  });

  test('an unknown card page id is answered, not crashed on', async () => {
    const app = await sandbox();
    const page = await submitCard(app, 'no-such-transaction');
    expect(page.statusCode).toBe(404);
  });
});

describe('the callback to the merchant backend', () => {
  test('is tried again until the backend answers RECEIVEOK', async () => {
    const backend = await merchantBackend((tryNumber) => (tryNumber < 3 ? 'ERROR' : 'RECEIVEOK'));
    const app = await sandbox();
    await pay(app, entryFields({ BackendURL: backend.url }));

    await app.sandbox.settled();
    expect(backend.received).toHaveLength(3);
    expect(new Set(backend.received.map((fields) => fields.Signature)).size).toBe(1);
  });

  test('gives up after three more tries', async () => {
    const backend = await merchantBackend(() => 'OK');
    const app = await sandbox();
    await pay(app, entryFields({ BackendURL: backend.url }));

    await app.sandbox.settled();
    expect(backend.received).toHaveLength(4);
  });

  test('waits the configured delays between tries', async () => {
    const backend = await merchantBackend(() => 'OK');
    const app = await sandbox({ callbackRetryDelaysMs: [150] });
    const started = performance.now();
    await pay(app, entryFields({ BackendURL: backend.url }));

    await app.sandbox.settled();
    expect(backend.received).toHaveLength(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
  });

  test('to a backend that is down does not stop the gateway', async () => {
    const app = await sandbox();
    const page = await pay(app, entryFields({ BackendURL: 'http://127.0.0.1:1/down' }));
    expect(handedBack(page.body).fields.Status).toBe('1');

    await app.sandbox.settled();
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
  });
});

describe('the delayed-return test card 5555 5555 5555 4444', () => {
  test('answers the browser only after the backend acknowledged the callback', async () => {
    const backend = await merchantBackend(() => 'RECEIVEOK', 200);
    const app = await sandbox();
    const page = await pay(app, entryFields({ BackendURL: backend.url }), {
      cardNumber: '5555 5555 5555 4444',
    });
    const browserAnsweredAt = performance.now();

    expect(handedBack(page.body).fields).toMatchObject({ Status: '1', CCNo: '555555xxxxxx4444' });
    expect(backend.answeredAt).toHaveLength(1);
    expect(backend.answeredAt[0]).toBeLessThanOrEqual(browserAnsweredAt);
  });

  test('unlike an ordinary approval, whose browser return does not wait', async () => {
    const backend = await merchantBackend(() => 'RECEIVEOK', 200);
    const app = await sandbox();
    await pay(app, entryFields({ BackendURL: backend.url }));

    expect(backend.answeredAt).toHaveLength(0);
    await app.sandbox.settled();
    expect(backend.answeredAt).toHaveLength(1);
  });

  test('loses the callback of the lost-callback card: only the browser returns, and a requery tells', async () => {
    const backend = await merchantBackend(() => 'RECEIVEOK', 200);
    const app = await sandbox();
    const request = entryFields({ BackendURL: backend.url });
    const page = await pay(app, request, { cardNumber: '4000000000000028' });

    expect(handedBack(page.body).fields.Status).toBe('1');
    await app.sandbox.settled();
    expect(backend.received).toEqual([]);
    const asked = { MerchantCode: merchant.merchantCode, RefNo: request.RefNo, Amount: '1,278.99' };
    expect(await enquire(app, asked)).toBe('00');
  });

  test('holds the browser no longer than delayedReturnMaxMs', async () => {
    const backend = await merchantBackend(() => 'OK');
    const app = await sandbox({ callbackRetryDelaysMs: [60_000], delayedReturnMaxMs: 100 });
    const started = performance.now();
    const page = await pay(app, entryFields({ BackendURL: backend.url }), {
      cardNumber: '5555555555554444',
    });

    expect(handedBack(page.body).fields.Status).toBe('1');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('a requery about a payment', () => {
  const amount = '1,278.99';

  async function enquireAfter(card: Partial<typeof validCard> | 'cancel' | 'no card') {
    const backend = await merchantBackend();
    const app = await sandbox();
    const request = entryFields({ BackendURL: backend.url });
    const transaction = await openCardPage(app, request);
    if (card === 'cancel') await postForm(app, '/epayment/pay', { transaction, action: 'cancel' });
    else if (card !== 'no card') await submitCard(app, transaction, card);
    return { app, refNo: request.RefNo, backend };
  }

  test('answers 00, plain and unsigned, for a paid payment; the same asked as a query string', async () => {
    const { app, refNo } = await enquireAfter({ cardNumber: '5555 5555 5555 4444' });
    const asked = { MerchantCode: merchant.merchantCode, RefNo: refNo, Amount: amount };
    expect(await enquire(app, asked)).toBe('00');
    const byQuery = await app.inject({
      method: 'GET',
      url: `${gatewayPaths.enquiry}?${new URLSearchParams({ ...asked, Amount: '1278.99' })}`,
    });
    expect(byQuery.body).toBe('00');
  });

  test('answers Incorrect amount when the amount differs from the payment', async () => {
    const { app, refNo } = await enquireAfter({});
    const answer = await enquire(app, {
      MerchantCode: merchant.merchantCode,
      RefNo: refNo,
      Amount: '1,278.98',
    });
    expect(answer).toBe('Incorrect amount');
  });

  test.each([
    ['declined', { cardNumber: '4000000000000002' }],
    ['cancelled', 'cancel'],
  ] as const)('answers Payment fail for a %s payment', async (_, card) => {
    const { app, refNo } = await enquireAfter(card);
    const answer = await enquire(app, {
      MerchantCode: merchant.merchantCode,
      RefNo: refNo,
      Amount: amount,
    });
    expect(answer).toBe('Payment fail');
  });

  test('answers Record not found for an unknown RefNo or a card never submitted', async () => {
    const { app, refNo } = await enquireAfter('no card');
    const ask = (RefNo: string) =>
      enquire(app, { MerchantCode: merchant.merchantCode, RefNo, Amount: amount });
    expect(await ask(refNo)).toBe('Record not found');
    expect(await ask('UNKNOWN1')).toBe('Record not found');
  });

  test.each([
    ['another merchant', { MerchantCode: 'M99999' }],
    ['no RefNo', { RefNo: '' }],
    ['no amount', { Amount: '' }],
  ])('answers Invalid parameters for %s', async (_, change) => {
    const { app, refNo } = await enquireAfter({});
    const answer = await enquire(app, {
      MerchantCode: merchant.merchantCode,
      RefNo: refNo,
      Amount: amount,
      ...change,
    });
    expect(answer).toBe('Invalid parameters');
  });

  test('a payment its bank decides later answers Status 6 and Payment Pending, then 00 once the backend hears Status 1', async () => {
    const backend = await merchantBackend();
    const app = await sandbox({ pendingDecisionMs: 50 });
    const request = entryFields({ BackendURL: backend.url });
    const page = await pay(app, request, { cardNumber: '4000000000000010' });
    const { fields } = handedBack(page.body);
    expect(fields).toMatchObject({ Status: '6', AuthCode: '' });
    expectGenuine(fields);
    const asked = { MerchantCode: merchant.merchantCode, RefNo: request.RefNo, Amount: amount };
    expect(await enquire(app, asked)).toBe('Payment Pending');

    await app.sandbox.settled();
    expect(backend.received).toEqual([
      expect.objectContaining({ Status: '1', TransId: fields.TransId }),
    ]);
    expectGenuine(backend.received[0]!);
    expect(await enquire(app, asked)).toBe('00');
  });
});

describe('a merchant account that signs with SHA-256', () => {
  test('is paid with requests and responses signed so, as iPay88’s published example is', async () => {
    const sha256: Merchant = { ...merchant, signatureType: 'SHA256' };
    const backend = await merchantBackend();
    const app = await sandbox({ signatureType: 'SHA256' });
    const request = entryFields({ BackendURL: backend.url }, sha256);
    expect(request.SignatureType).toBe('SHA256');
    const { fields } = handedBack((await pay(app, request)).body);
    expect(fields.Status).toBe('1');
    expect(signaturesMatch(responseSignature(sha256, fields), fields.Signature)).toBe(true);
    const hmac = await postForm(app, gatewayPaths.entry, { ...entryFields() });
    expect(hmac.statusCode).toBe(400);
  });
});

describe('a card page left open', () => {
  test('takes no card once its lifetime is over, and the payment was never paid', async () => {
    const backend = await merchantBackend();
    const app = await sandbox({ cardPageLifetimeMs: 50 });
    const request = entryFields({ BackendURL: backend.url });
    const transaction = await openCardPage(app, request);
    await new Promise((resolve) => setTimeout(resolve, 80));

    const page = await submitCard(app, transaction, {}, 'en');
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This payment session is closed.');
    expect(page.body).not.toContain('return-to-merchant');
    await app.sandbox.settled();
    expect(backend.received).toEqual([]);
    const answer = await enquire(app, {
      MerchantCode: merchant.merchantCode,
      RefNo: request.RefNo,
      Amount: '1,278.99',
    });
    expect(answer).toBe('Record not found');
  });
});

test('the home page says it is the sandbox and lists the test cards', async () => {
  const app = await sandbox();
  const page = await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'en' } });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('This is the sandbox payment gateway');
  expect(page.body).toContain('5555 5555 5555 4444');
});
