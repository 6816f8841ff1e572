import {
  gatewayPaths,
  type GatewayRequest,
  type GatewayResponse,
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

const amount = '1,278.99';

/** Posts the entry for `paymentId` and returns the page and the transaction id it carries. */
async function openPage(app: SandboxInstance, request: GatewayRequest, language = 'en') {
  const page = await postForm(app, gatewayPaths.entry, { ...request }, language);
  expect(page.statusCode).toBe(200);
  const transaction = /name="transaction" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  return { body: page.body, transaction };
}

const login = { userId: 'siti88', password: 'secret' };

function asked(request: GatewayRequest) {
  return { MerchantCode: merchant.merchantCode, RefNo: request.RefNo, Amount: amount };
}

/** What a bank's or wallet's response is, whatever the outcome: no card, the same PaymentId. */
function expectNoCard(fields: GatewayResponse, request: GatewayRequest) {
  expect(fields).toMatchObject({
    PaymentId: request.PaymentId,
    RefNo: request.RefNo,
    Amount: amount,
    CCName: '',
    CCNo: '',
    S_bankname: '',
    S_country: '',
  });
  expect(fields.TransId).toMatch(/^T\d{9}$/);
  expectGenuine(fields);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('online banking', () => {
  async function loggedIn(app: SandboxInstance, request: GatewayRequest) {
    const { transaction } = await openPage(app, request);
    const page = await postForm(
      app,
      '/epayment/bank/login',
      { transaction, ...login, action: 'login' },
      'en',
    );
    expect(page.statusCode).toBe(200);
    return { transaction, page: page.body };
  }

  test('the entry for Maybank2u opens its login page, any user ID and password welcome', async () => {
    const app = await sandbox();
    const { body } = await openPage(app, entryFields({ PaymentId: '6' }));
    expect(body).toContain('Log in to Maybank2u');
    expect(body).toContain('<label for="userId">User ID</label>');
    expect(body).toContain('<label for="password">Password</label>');
    expect(body).toContain('Test bank: any user ID and password will do.');
    expect(body).toContain('action="/epayment/bank/login"');
    expect(body).toContain('MYR 1,278.99');
    expect(body).not.toContain('name="cardNumber"');
    expect(body).not.toContain('name="companyId"');
  });

  test.each([
    ['ms', 'Log masuk ke CIMB Clicks', 'ID pengguna'],
    ['en', 'Log in to CIMB Clicks', 'User ID'],
    ['zh', '登录CIMB Clicks', '用户 ID'],
  ])('its login page reads in %s', async (language, heading, label) => {
    const app = await sandbox();
    const { body } = await openPage(app, entryFields({ PaymentId: '20' }), language);
    expect(body).toContain(`lang="${language}"`);
    expect(body).toContain(heading);
    expect(body).toContain(label);
  });

  test('a login without credentials is asked again, each field with its error', async () => {
    const app = await sandbox();
    const { transaction } = await openPage(app, entryFields({ PaymentId: '6' }));
    const page = await postForm(
      app,
      '/epayment/bank/login',
      { transaction, userId: ' ', password: '', action: 'login' },
      'en',
    );
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('role="alert"');
    expect(page.body).toContain('<a href="#userId">Enter your user ID.</a>');
    expect(page.body).toContain('<a href="#password">Enter your password.</a>');
    expect(page.body.match(/aria-invalid="true"/g)).toHaveLength(2);
    expect(page.body).toContain('aria-describedby="userId-error"');
  });

  test('after the login the payer sees the payment with Approve and Reject', async () => {
    const app = await sandbox();
    const request = entryFields({ PaymentId: '6' });
    const { page } = await loggedIn(app, request);
    expect(page).toContain('Confirm the payment');
    expect(page).toContain(request.RefNo);
    expect(page).toContain('M00003');
    expect(page).toContain('MYR 1,278.99');
    expect(page).toMatch(/<button[^>]*value="approve"[^>]*>\s*Approve\s*</);
    expect(page).toMatch(/<button[^>]*value="reject"[^>]*>\s*Reject\s*</);
    expect(page).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel</);
    expect(await enquire(app, asked(request))).toBe('Record not found');
  });

  test('Approve pays: Status 1 with the same PaymentId and no card, to the browser and the backend', async () => {
    const backend = await merchantBackend();
    const app = await sandbox();
    const request = entryFields({ PaymentId: '6', BackendURL: backend.url });
    const { transaction } = await loggedIn(app, request);
    const page = await postForm(app, '/epayment/bank/confirm', { transaction, action: 'approve' });

    const { action, fields } = handedBack(page.body);
    expect(action).toBe(request.ResponseURL);
    expect(fields).toMatchObject({ Status: '1', ErrDesc: '' });
    expect(fields.AuthCode).toMatch(/^\d{6}$/);
    expectNoCard(fields, request);
    await app.sandbox.settled();
    expect(backend.received).toEqual([fields]);
    expect(await enquire(app, asked(request))).toBe('00');
  });

  test('Reject fails it as the bank declining, and the backend hears nothing', async () => {
    const backend = await merchantBackend();
    const app = await sandbox();
    const request = entryFields({ PaymentId: '31', BackendURL: backend.url });
    const { transaction } = await loggedIn(app, request);
    const page = await postForm(app, '/epayment/bank/confirm', { transaction, action: 'reject' });

    const { fields } = handedBack(page.body);
    expect(fields).toMatchObject({
      Status: '0',
      ErrDesc: 'Fail(Bank Declined Transaction)',
      AuthCode: '',
    });
    expectNoCard(fields, request);
    await app.sandbox.settled();
    expect(backend.received).toEqual([]);
    expect(await enquire(app, asked(request))).toBe('Payment fail');
  });

  test.each([
    ['on the login page', '/epayment/bank/login', false],
    ['after the login', '/epayment/bank/confirm', true],
  ])('cancelling %s hands back Customer Cancel Transaction', async (_, path, logIn) => {
    const backend = await merchantBackend();
    const app = await sandbox();
    const request = entryFields({ PaymentId: '14', BackendURL: backend.url });
    const { transaction } = logIn ? await loggedIn(app, request) : await openPage(app, request);
    const page = await postForm(app, path, { transaction, action: 'cancel' });

    const { fields } = handedBack(page.body);
    expect(fields).toMatchObject({ Status: '0', ErrDesc: 'Customer Cancel Transaction' });
    expectNoCard(fields, request);
    await app.sandbox.settled();
    expect(backend.received).toEqual([]);
  });

  test('cannot be approved without the login, nor twice', async () => {
    const backend = await merchantBackend();
    const app = await sandbox();
    const { transaction } = await openPage(
      app,
      entryFields({ PaymentId: '6', BackendURL: backend.url }),
    );
    const early = await postForm(app, '/epayment/bank/confirm', { transaction, action: 'approve' });
    expect(early.statusCode).toBe(409);
    expect(early.body).not.toContain('return-to-merchant');

    await postForm(app, '/epayment/bank/login', { transaction, ...login, action: 'login' });
    await postForm(app, '/epayment/bank/confirm', { transaction, action: 'approve' });
    const again = await postForm(app, '/epayment/bank/confirm', { transaction, action: 'approve' });
    expect(again.statusCode).toBe(409);
    await app.sandbox.settled();
    expect(backend.received).toHaveLength(1);
  });

  test('a bank payment takes no card on the card path, nor a card payment a bank login', async () => {
    const app = await sandbox();
    const bank = await openPage(app, entryFields({ PaymentId: '6' }));
    const card = await postForm(app, '/epayment/pay', {
      transaction: bank.transaction,
      cardNumber: '4111 1111 1111 1111',
      action: 'pay',
    });
    expect(card.statusCode).toBe(409);
    const cardPage = await openPage(app, entryFields());
    const bankLogin = await postForm(app, '/epayment/bank/login', {
      transaction: cardPage.transaction,
      ...login,
      action: 'login',
    });
    expect(bankLogin.statusCode).toBe(409);
  });

  test('a login page left open past its lifetime takes no login', async () => {
    const app = await sandbox({ cardPageLifetimeMs: 50 });
    const { transaction } = await openPage(app, entryFields({ PaymentId: '6' }));
    await sleep(80);
    const page = await postForm(
      app,
      '/epayment/bank/login',
      { transaction, ...login, action: 'login' },
      'en',
    );
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This payment session is closed.');
  });
});

describe('Agrobank, the test bank that is down', () => {
  test('says so, and offers only the way back to the merchant: Status 0', async () => {
    const backend = await merchantBackend();
    const app = await sandbox();
    const request = entryFields({ PaymentId: '405', BackendURL: backend.url });
    const { body, transaction } = await openPage(app, request);
    expect(body).toContain('Agrobank is not available now');
    expect(body).not.toContain('name="userId"');
    expect(body.match(/<button/g)).toHaveLength(1);
    expect(body).toMatch(/<button[^>]*value="back"[^>]*>\s*Back to the merchant\s*</);

    const page = await postForm(app, '/epayment/bank/confirm', { transaction, action: 'back' });
    const { fields } = handedBack(page.body);
    expect(fields).toMatchObject({ Status: '0', ErrDesc: 'Payment fail', AuthCode: '' });
    expectNoCard(fields, request);
    await app.sandbox.settled();
    expect(backend.received).toEqual([]);
    expect(await enquire(app, asked(request))).toBe('Payment fail');
  });

  test('takes no login and no approval', async () => {
    const app = await sandbox();
    const { transaction } = await openPage(app, entryFields({ PaymentId: '405' }));
    const loginPage = await postForm(app, '/epayment/bank/login', {
      transaction,
      ...login,
      action: 'login',
    });
    expect(loginPage.statusCode).toBe(409);
    const approval = await postForm(app, '/epayment/bank/confirm', {
      transaction,
      action: 'approve',
    });
    expect(approval.statusCode).toBe(400);
    expect(approval.body).not.toContain('return-to-merchant');
  });
});

describe('Bank Muamalat, the test bank that never answers', () => {
  async function waiting(app: SandboxInstance, request: GatewayRequest) {
    const { transaction } = await openPage(app, request);
    const page = await postForm(
      app,
      '/epayment/bank/login',
      { transaction, ...login, action: 'login' },
      'en',
    );
    expect(page.statusCode).toBe(200);
    return { transaction, page: page.body };
  }

  const wait = (app: SandboxInstance, transaction: string) =>
    app.inject({
      method: 'GET',
      url: `/epayment/bank/wait?transaction=${transaction}`,
      headers: { 'accept-language': 'en' },
    });

  test('waits after the login, refreshing itself, while a requery finds no record', async () => {
    const app = await sandbox({ bankTimeoutMs: 10_000 });
    const request = entryFields({ PaymentId: '166' });
    const { transaction, page } = await waiting(app, request);
    expect(page).toContain('Waiting for your bank…');
    expect(page).toContain('Bank Muamalat has not answered yet.');
    expect(page).toContain(
      `<meta http-equiv="refresh" content="10;url=/epayment/bank/wait?transaction=${transaction}" />`,
    );
    expect(page).not.toContain('<script');
    expect(await enquire(app, asked(request))).toBe('Record not found');

    const early = await wait(app, transaction);
    expect(early.statusCode).toBe(200);
    expect(early.body).toContain('Waiting for your bank…');
    expect(early.body).not.toContain('return-to-merchant');
  });

  test('fails with Transaction Timeout once bankTimeoutMs has passed, and the backend hears nothing', async () => {
    const backend = await merchantBackend();
    const app = await sandbox({ bankTimeoutMs: 50 });
    const request = entryFields({ PaymentId: '166', BackendURL: backend.url });
    const { transaction, page } = await waiting(app, request);
    expect(page).toContain('content="1;url=');
    await sleep(80);

    const timedOut = await wait(app, transaction);
    const { action, fields } = handedBack(timedOut.body);
    expect(action).toBe(request.ResponseURL);
    expect(fields).toMatchObject({ Status: '0', ErrDesc: 'Transaction Timeout', AuthCode: '' });
    expectNoCard(fields, request);
    expect(await enquire(app, asked(request))).toBe('Payment fail');
    await app.sandbox.settled();
    expect(backend.received).toEqual([]);
  });

  test('decides by the time: a requery first, a browser back late gets the same answer', async () => {
    const app = await sandbox({ bankTimeoutMs: 50 });
    const request = entryFields({ PaymentId: '166' });
    const { transaction } = await waiting(app, request);
    await sleep(80);

    expect(await enquire(app, asked(request))).toBe('Payment fail');
    const first = handedBack((await wait(app, transaction)).body).fields;
    const again = handedBack((await wait(app, transaction)).body).fields;
    expect(first).toMatchObject({ Status: '0', ErrDesc: 'Transaction Timeout' });
    expect(again).toEqual(first);
  });

  test('a login sent again after the time is up is the timeout too', async () => {
    const app = await sandbox({ bankTimeoutMs: 50 });
    const { transaction } = await waiting(app, entryFields({ PaymentId: '166' }));
    await sleep(80);
    const page = await postForm(app, '/epayment/bank/login', {
      transaction,
      ...login,
      action: 'login',
    });
    expect(handedBack(page.body).fields).toMatchObject({
      Status: '0',
      ErrDesc: 'Transaction Timeout',
    });
  });

  test('offers no Approve, and its wait page is not for other banks', async () => {
    const app = await sandbox();
    const { transaction, page } = await waiting(app, entryFields({ PaymentId: '166' }));
    expect(page).not.toContain('value="approve"');
    const approval = await postForm(app, '/epayment/bank/confirm', {
      transaction,
      action: 'approve',
    });
    expect(approval.statusCode).toBe(409);
    const other = await openPage(app, entryFields({ PaymentId: '6' }));
    expect((await wait(app, other.transaction)).statusCode).toBe(409);
    expect((await wait(app, 'no-such-transaction')).statusCode).toBe(404);
  });
});

describe('corporate banking at Maybank2E', () => {
  const companyLogin = { companyId: 'SYARIKAT1', ...login };

  async function submitted(app: SandboxInstance, request: GatewayRequest) {
    const { transaction } = await openPage(app, request);
    const submitPage = await postForm(
      app,
      '/epayment/bank/login',
      { transaction, ...companyLogin, action: 'login' },
      'en',
    );
    expect(submitPage.body).toContain('Submit for your company’s approval');
    expect(submitPage.body).toMatch(/<button[^>]*value="submit"[^>]*>\s*Submit for approval\s*</);
    const page = await postForm(app, '/epayment/bank/confirm', { transaction, action: 'submit' });
    return { transaction, fields: handedBack(page.body).fields };
  }

  const approvals = (app: SandboxInstance) =>
    app.inject({ method: 'GET', url: '/sandbox/approvals', headers: { 'accept-language': 'en' } });

  const decide = (app: SandboxInstance, transaction: string, decision: string) =>
    postForm(app, '/sandbox/approvals', { transaction, decision });

  test('logs in with a company ID, user ID and password', async () => {
    const app = await sandbox();
    const { body, transaction } = await openPage(app, entryFields({ PaymentId: '178' }));
    expect(body).toContain('Log in to Maybank2E');
    expect(body).toContain('<label for="companyId">Company ID</label>');
    expect(body).toContain('Test bank: any company ID, user ID and password will do.');

    const page = await postForm(
      app,
      '/epayment/bank/login',
      { transaction, ...login, action: 'login' },
      'en',
    );
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Enter your company ID.');
  });

  test('submitting hands back Status 6, no backend post, and a requery says Payment Pending', async () => {
    const backend = await merchantBackend();
    const app = await sandbox();
    const request = entryFields({ PaymentId: '178', BackendURL: backend.url });
    const { fields } = await submitted(app, request);

    expect(fields).toMatchObject({ Status: '6', ErrDesc: '', AuthCode: '' });
    expectNoCard(fields, request);
    await app.sandbox.settled();
    expect(backend.received).toEqual([]);
    expect(await enquire(app, asked(request))).toBe('Payment Pending');
  });

  test('the approvals page lists it; Approve posts Status 1 to the backend and the requery says 00', async () => {
    const backend = await merchantBackend((tryNumber) => (tryNumber < 2 ? 'ERROR' : 'RECEIVEOK'));
    const app = await sandbox();
    const request = entryFields({ PaymentId: '178', BackendURL: backend.url });
    const { transaction, fields } = await submitted(app, request);

    const list = await approvals(app);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Corporate payments awaiting approval');
    expect(list.body).toContain('Maybank2E');
    expect(list.body).toContain(request.RefNo);
    expect(list.body).toContain('MYR 1,278.99');
    expect(list.body).toMatch(
      new RegExp(`Approve<span class="visually-hidden"> ${request.RefNo}</span>`),
    );
    expect(list.body).toMatch(
      new RegExp(`Reject<span class="visually-hidden"> ${request.RefNo}</span>`),
    );

    const decided = await decide(app, transaction, 'approve');
    expect(decided.statusCode).toBe(303);
    expect(decided.headers.location).toBe('/sandbox/approvals');
    await app.sandbox.settled();
    expect(backend.received).toHaveLength(2);
    const posted = backend.received[1]!;
    expect(posted).toMatchObject({ Status: '1', ErrDesc: '', TransId: fields.TransId });
    expect(posted.AuthCode).toMatch(/^\d{6}$/);
    expectNoCard(posted, request);
    expect(await enquire(app, asked(request))).toBe('00');

    const after = await approvals(app);
    expect(after.body).toContain('No payment is awaiting approval.');
    expect(after.body).toContain('Approved');
    expect(after.body).not.toContain('value="approve"');
  });

  test('Reject fails it without a backend post: the requery says Payment fail', async () => {
    const backend = await merchantBackend();
    const app = await sandbox();
    const request = entryFields({ PaymentId: '178', BackendURL: backend.url });
    const { transaction } = await submitted(app, request);

    expect((await decide(app, transaction, 'reject')).statusCode).toBe(303);
    await app.sandbox.settled();
    expect(backend.received).toEqual([]);
    expect(await enquire(app, asked(request))).toBe('Payment fail');
    expect((await approvals(app)).body).toContain('Rejected');
  });

  test('a payment is decided once, and only a submitted corporate one', async () => {
    const app = await sandbox();
    const { transaction } = await submitted(app, entryFields({ PaymentId: '178' }));
    await decide(app, transaction, 'approve');
    const again = await decide(app, transaction, 'reject');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('href="/sandbox/approvals"');

    const notSubmitted = await openPage(app, entryFields({ PaymentId: '178' }));
    expect((await decide(app, notSubmitted.transaction, 'approve')).statusCode).toBe(409);
    const card = await openPage(app, entryFields());
    expect((await decide(app, card.transaction, 'approve')).statusCode).toBe(409);
  });

  test('the approvals page lists only corporate payments, not a card a bank is still deciding', async () => {
    const app = await sandbox({ pendingDecisionMs: 60_000 });
    const request = entryFields();
    const { transaction } = await openPage(app, request);
    await postForm(app, '/epayment/pay', {
      transaction,
      cardNumber: '4000000000000010',
      cardName: 'SITI',
      expiryMonth: '12',
      expiryYear: String(new Date().getUTCFullYear() + 1),
      bank: 'MayBank',
      cvv: '123',
      action: 'pay',
    });
    expect(await enquire(app, asked(request))).toBe('Payment Pending');
    const list = await approvals(app);
    expect(list.body).not.toContain(request.RefNo);
  });
});

describe('e-wallets', () => {
  const wallet = (pin: string, mobile = '012-345 6789') => ({ mobile, pin, action: 'pay' });

  test("the entry for Touch 'n Go eWallet opens its page: mobile number and PIN", async () => {
    const app = await sandbox();
    const { body } = await openPage(app, entryFields({ PaymentId: '538' }));
    expect(body).toContain('Pay with Touch &#39;n Go eWallet');
    expect(body).toContain('<label for="mobile">Mobile number</label>');
    expect(body).toContain('<label for="pin">6-digit PIN</label>');
    expect(body).toContain(
      'Test PINs: 111111 is approved; 000000 is declined for insufficient balance.',
    );
    expect(body).toContain('action="/epayment/wallet/pay"');
    expect(body).toMatch(/<button[^>]*value="pay"[^>]*>Pay</);
  });

  test('PIN 111111 pays: Status 1, no card, to the browser and the backend', async () => {
    const backend = await merchantBackend();
    const app = await sandbox();
    const request = entryFields({ PaymentId: '523', BackendURL: backend.url });
    const { transaction } = await openPage(app, request);
    const page = await postForm(app, '/epayment/wallet/pay', { transaction, ...wallet('111111') });

    const { fields } = handedBack(page.body);
    expect(fields).toMatchObject({ Status: '1', ErrDesc: '' });
    expect(fields.AuthCode).toMatch(/^\d{6}$/);
    expectNoCard(fields, request);
    await app.sandbox.settled();
    expect(backend.received).toEqual([fields]);
    expect(await enquire(app, asked(request))).toBe('00');
  });

  test('PIN 000000 is declined for the balance, and the backend hears nothing', async () => {
    const backend = await merchantBackend();
    const app = await sandbox();
    const request = entryFields({ PaymentId: '210', BackendURL: backend.url });
    const { transaction } = await openPage(app, request);
    const page = await postForm(app, '/epayment/wallet/pay', { transaction, ...wallet('000000') });

    const { fields } = handedBack(page.body);
    expect(fields).toMatchObject({
      Status: '0',
      ErrDesc: 'Fail(Bank Declined Transaction)',
      AuthCode: '',
    });
    expectNoCard(fields, request);
    await app.sandbox.settled();
    expect(backend.received).toEqual([]);
    expect(await enquire(app, asked(request))).toBe('Payment fail');
  });

  test('any other PIN is asked again, the mobile number kept and the PIN not', async () => {
    const app = await sandbox();
    const request = entryFields({ PaymentId: '801' });
    const { transaction } = await openPage(app, request);
    const page = await postForm(
      app,
      '/epayment/wallet/pay',
      { transaction, ...wallet('123456', '019-876 5432') },
      'en',
    );
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('<a href="#pin">Wrong PIN. Use the test PIN 111111 or 000000.</a>');
    expect(page.body).toContain('value="019-876 5432"');
    expect(page.body).not.toContain('123456');
    expect(page.body).toMatch(
      /id="pin"[^>]*aria-describedby="pin-hint pin-error" aria-invalid="true"/,
    );
    expect(await enquire(app, asked(request))).toBe('Record not found');

    const corrected = await postForm(app, '/epayment/wallet/pay', {
      transaction,
      ...wallet('111111'),
    });
    expect(handedBack(corrected.body).fields.Status).toBe('1');
  });

  test('a mobile number and a PIN that are not one are each asked for, in Malay by default', async () => {
    const app = await sandbox();
    const { transaction } = await openPage(app, entryFields({ PaymentId: '538' }));
    const page = await postForm(app, '/epayment/wallet/pay', {
      transaction,
      ...wallet('12', '12345'),
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Masukkan nombor telefon bimbit Malaysia, contohnya 012-345 6789.');
    expect(page.body).toContain('Masukkan PIN 6 digit.');
  });

  test('Cancel hands back Customer Cancel Transaction', async () => {
    const app = await sandbox();
    const request = entryFields({ PaymentId: '538' });
    const { transaction } = await openPage(app, request);
    const page = await postForm(app, '/epayment/wallet/pay', { transaction, action: 'cancel' });
    const { fields } = handedBack(page.body);
    expect(fields).toMatchObject({ Status: '0', ErrDesc: 'Customer Cancel Transaction' });
    expectNoCard(fields, request);
  });
});

test('an unknown PaymentId is refused with Payment not allowed, and no page of any method', async () => {
  const app = await sandbox();
  const page = await postForm(app, gatewayPaths.entry, { ...entryFields({ PaymentId: '16' }) });
  expect(page.statusCode).toBe(400);
  expect(page.body).toContain('Payment not allowed');
  expect(page.body).not.toContain('name="transaction"');
});

test('the home page lists the test banks and wallets, and links to the approvals page', async () => {
  const app = await sandbox({ bankTimeoutMs: 10_000 });
  const page = await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'en' } });
  expect(page.body).toContain('Test banks and wallets');
  for (const text of [
    'Maybank2u',
    'Agrobank',
    'Bank Muamalat',
    'after 10 seconds the payment fails',
    'Maybank2E',
    'GrabPay',
    'Transaction Timeout',
    'Fail(Bank Declined Transaction)',
    'href="/sandbox/approvals"',
  ]) {
    expect(page.body).toContain(text);
  }
});
