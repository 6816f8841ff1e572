import { and, desc, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import type { Database } from '../../db/database';
import {
  mailMessages,
  passwordResets,
  paymentItems,
  payments,
  sessions,
  users,
} from '../../db/schema';
import { demoUser } from '../../demo/demo-data';
import { hashPassword } from '../../lib/passwords';
import { hasRole } from '../../sessions/session-plugin';
import { forgetEndedSessions } from '../../sessions/session-store';
import { billPicker } from '../../test/payment-fixtures';
import { buildTestApp, useTestApp } from '../../test/test-app';
import { TestBrowser } from '../../test/test-browser';
import { describeEachDatabase } from '../../test/test-databases';

let now = new Date('2026-11-22T02:00:00Z');
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const minutes = 60 * 1000;
const hours = 60 * minutes;

let serial = 0;
/** A registration no other test uses: each test has its own e-mail address and client address. */
function newcomer() {
  serial++;
  return {
    form: {
      email: `Aminah.${serial}@Example.com`,
      full_name: 'Aminah binti Hassan',
      ic_num: '900101-12-5678',
      phone: '012-345 6789',
      password: 'kopi-susu-panas-2026',
      confirm_password: 'kopi-susu-panas-2026',
    },
    email: `aminah.${serial}@example.com`,
    ip: `198.51.100.${serial}`,
  };
}

async function latestMail(db: Database, recipient: string, kind: string) {
  const [message] = await db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.recipient, recipient), eq(mailMessages.kind, kind)))
    .orderBy(desc(mailMessages.id))
    .limit(1);
  return message;
}

const codeIn = (text: string | null | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1];
const tokenIn = (text: string | null | undefined) => {
  const match = /reset_password\?token=([^\s"&<]+)/.exec(text ?? '')?.[1];
  return match && decodeURIComponent(match);
};

describeEachDatabase('accounts', (db) => {
  const app = useTestApp(db, { clock });

  async function registered(person = newcomer()) {
    const browser = new TestBrowser(app, person.ip);
    const response = await browser.post('/api/auth/register', person.form);
    expect(response.statusCode).toBe(201);
    return { browser, ...person };
  }

  async function verified(person = newcomer()) {
    const account = await registered(person);
    const code = codeIn((await latestMail(db(), account.email, 'email_verification'))?.text);
    expect((await account.browser.post('/api/auth/verify-email', { code })).statusCode).toBe(200);
    return account;
  }

  async function loggedIn(email: string, password: string, ip = '203.0.113.50') {
    const browser = new TestBrowser(app, ip);
    const response = await browser.post('/api/auth/login', { email, password });
    expect(response.statusCode).toBe(200);
    return browser;
  }

  const sessionUser = async (browser: TestBrowser) =>
    (await browser.get('/api/auth/session')).json().user as { email: string } | null;

  test('a new browser gets no user and a CSRF token, in an httpOnly SameSite cookie', async () => {
    const browser = new TestBrowser(app);
    delete browser.cookies.csrf;
    const response = await browser.get('/api/auth/session');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toBeNull();
    expect(body.csrfToken).toMatch(/^[\w-]{40,}$/);
    const cookie = response.cookies.find((candidate) => candidate.name === 'csrf');
    expect(cookie).toMatchObject({ value: body.csrfToken, httpOnly: true, sameSite: 'Lax' });
  });

  test('a state-changing call without the CSRF token, or from another site, is refused and changes nothing', async () => {
    const person = newcomer();
    const withoutToken = await app().inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: person.form,
    });
    expect(withoutToken.statusCode).toBe(403);
    expect(withoutToken.json()).toMatchObject({ error: 'csrf_invalid' });

    const browser = new TestBrowser(app, person.ip);
    const wrongToken = await browser.post('/api/auth/register', person.form, {
      'x-csrf-token': 'guessed',
    });
    expect(wrongToken.statusCode).toBe(403);
    const otherSite = await browser.post('/api/auth/register', person.form, {
      origin: 'https://evil.example',
    });
    expect(otherSite.json()).toMatchObject({ error: 'csrf_invalid' });
    expect(await db().select().from(users).where(eq(users.email, person.email))).toEqual([]);

    const ownSite = await browser.post('/api/auth/register', person.form, {
      origin: 'http://portal.test',
    });
    expect(ownSite.statusCode).toBe(201);
  });

  test('registration stores an argon2id hash, never the password, gives only the user role and logs in', async () => {
    const { browser, email, form } = await registered();
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(row)).not.toContain(form.password);
    expect(row!.roles).toEqual(['user']);
    expect(row!.icNum).toBe('900101125678');
    expect(await sessionUser(browser)).toMatchObject({
      email,
      full_name: 'Aminah binti Hassan',
      phone: '0123456789',
      ic_num_masked: '********5678',
      roles: ['user'],
      email_verified: false,
    });
  });

  test('registration names each invalid field with the spec message, and a taken e-mail', async () => {
    const person = newcomer();
    const browser = new TestBrowser(app, person.ip);
    const invalid = await browser.post('/api/auth/register', {
      ...person.form,
      email: 'not-an-address',
      ic_num: '901301125678',
      phone: '12345',
      confirm_password: 'something else',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      error: 'validation_failed',
      fields: {
        email: 'email_invalid',
        ic_num: 'ic_birth_date_invalid',
        phone: 'phone_invalid',
      },
    });
    const short = await browser.post('/api/auth/register', { ...person.form, ic_num: '12345' });
    expect(short.json().fields).toMatchObject({ ic_num: 'ic_length' });
    const mismatch = await browser.post('/api/auth/register', {
      ...person.form,
      confirm_password: 'something else',
    });
    expect(mismatch.json().fields).toEqual({ confirm_password: 'confirmation_mismatch' });

    await registered(person);
    const again = new TestBrowser(app, '198.51.100.250');
    const taken = await again.post('/api/auth/register', {
      ...person.form,
      email: person.email.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'email_already_exist' });
  });

  test('the e-mailed code confirms the address; a wrong one does not, and five wrong ones spend it', async () => {
    const { browser, email } = await registered();
    const mail = await latestMail(db(), email, 'email_verification');
    const code = codeIn(mail?.text)!;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';

    const refused = await browser.post('/api/auth/verify-email', { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { code: 'code_invalid' } });
    const accepted = await browser.post('/api/auth/verify-email', { code });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user.email_verified).toBe(true);

    const other = await registered();
    const otherCode = codeIn((await latestMail(db(), other.email, 'email_verification'))?.text)!;
    const otherWrong = otherCode === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      await other.browser.post('/api/auth/verify-email', { code: otherWrong });
    }
    const spent = await other.browser.post('/api/auth/verify-email', { code: otherCode });
    expect(spent.json()).toMatchObject({ fields: { code: 'code_invalid' } });
    const resent = await other.browser.post('/api/auth/verify-email/send');
    expect(resent.json()).toEqual({ email: 'email_sent' });
    const newCode = codeIn((await latestMail(db(), other.email, 'email_verification'))?.text);
    expect((await other.browser.post('/api/auth/verify-email', { code: newCode })).statusCode).toBe(
      200,
    );
  });

  test('a failed login says only auth_error, for a wrong password and an unknown address alike', async () => {
    const { email, form } = await registered();
    const browser = new TestBrowser(app, '203.0.113.7');
    const wrongPassword = await browser.post('/api/auth/login', { email, password: 'nope-nope' });
    const unknown = await browser.post('/api/auth/login', {
      email: 'nobody@example.com',
      password: form.password,
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknown.json());
    expect(wrongPassword.json()).toMatchObject({ error: 'auth_error' });
    expect(browser.cookies.sid).toBeUndefined();
  });

  test('login gives a new session id even to a browser that brought one, and ends the old one', async () => {
    const { email, form } = await registered();
    const browser = await loggedIn(email, form.password);
    const first = browser.cookies.sid!;
    const again = await browser.post('/api/auth/login', { email, password: form.password });
    expect(again.statusCode).toBe(200);
    expect(browser.cookies.sid).toBeDefined();
    expect(browser.cookies.sid).not.toBe(first);

    const fixed = new TestBrowser(app);
    fixed.cookies.sid = first;
    expect(await sessionUser(fixed)).toBeNull();
    // The table holds hashes only: the cookie's id is not in it.
    const stored = await db().select({ idHash: sessions.idHash }).from(sessions);
    expect(stored.map((row) => row.idHash)).not.toContain(browser.cookies.sid);
  });

  test('logout ends the session on the server, not only in the browser', async () => {
    const { email, form } = await registered();
    const browser = await loggedIn(email, form.password);
    const sessionId = browser.cookies.sid!;
    expect((await browser.post('/api/auth/logout')).statusCode).toBe(204);
    expect(browser.cookies.sid).toBeUndefined();

    const replayed = new TestBrowser(app);
    replayed.cookies.sid = sessionId;
    expect(await sessionUser(replayed)).toBeNull();
    expect((await replayed.get('/api/history')).json()).toMatchObject({ error: 'login_required' });
  });

  test('a session ends after 30 idle minutes, and after 8 hours however busy', async () => {
    const { email, form } = await registered();
    const idle = await loggedIn(email, form.password);
    advance(29 * minutes);
    expect(await sessionUser(idle)).toMatchObject({ email });
    advance(31 * minutes);
    expect(await sessionUser(idle)).toBeNull();

    const busy = await loggedIn(email, form.password);
    for (let elapsed = 0; elapsed < 8 * hours - 25 * minutes; elapsed += 25 * minutes) {
      advance(25 * minutes);
      expect(await sessionUser(busy)).toMatchObject({ email });
    }
    advance(26 * minutes);
    expect(await sessionUser(busy)).toBeNull();
  });

  test('the jobs forget sessions past their limits', async () => {
    const { email, form } = await registered();
    await loggedIn(email, form.password);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    const count = async () =>
      (await db().select().from(sessions).where(eq(sessions.userId, user!.id))).length;
    expect(await count()).toBe(2);
    await forgetEndedSessions(db(), new Date(now.getTime() + 31 * minutes));
    expect(await count()).toBe(0);
  });

  test('a second server on the same database sees the same session, and its logout', async () => {
    const { email, form } = await registered();
    const browser = await loggedIn(email, form.password);
    const second = await buildTestApp(db(), { clock });
    try {
      const sameBrowser = new TestBrowser(() => second);
      Object.assign(sameBrowser.cookies, browser.cookies);
      expect(await sessionUser(sameBrowser)).toMatchObject({ email });
      await sameBrowser.post('/api/auth/logout');
      expect(await sessionUser(browser)).toBeNull();
    } finally {
      await second.close();
    }
  });

  test('too many logins from one address, or at one account, are refused with rate_limited', async () => {
    const { email, form } = await registered();
    const attacker = new TestBrowser(app, '203.0.113.99');
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await attacker.post('/api/auth/login', {
        email,
        password: `guess-${attempt}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const limited = await attacker.post('/api/auth/login', { email, password: form.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The account is held too, from any address, until the window passes.
    const elsewhere = new TestBrowser(app, '203.0.113.100');
    expect(
      (await elsewhere.post('/api/auth/login', { email, password: form.password })).statusCode,
    ).toBe(429);
    advance(16 * minutes);
    expect(
      (await elsewhere.post('/api/auth/login', { email, password: form.password })).statusCode,
    ).toBe(200);
  });

  test('reset requests and registrations from one address are limited too', async () => {
    const requester = new TestBrowser(app, '203.0.113.130');
    const resets = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      resets.push(
        (await requester.post('/api/auth/forgot-password', { email: `r${attempt}@example.com` }))
          .statusCode,
      );
    }
    expect(resets).toEqual([202, 202, 202, 202, 202, 429]);

    const registrar = new TestBrowser(app, '203.0.113.131');
    const registrations = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      registrations.push(
        (await registrar.post('/api/auth/register', { ...newcomer().form })).statusCode,
      );
    }
    expect(registrations.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(registrations[10]).toBe(429);
  });

  test('a made-up X-Forwarded-For does not dodge the per-address limit', async () => {
    const attacker = new TestBrowser(app, '203.0.113.120');
    const answers = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await attacker.post(
        '/api/auth/login',
        { email: `victim.${attempt}@example.com`, password: 'guess' },
        { 'x-forwarded-for': `198.18.0.${attempt}` },
      );
      answers.push(response.statusCode);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(answers[10]).toBe(429);
  });

  test('forgot password answers the same, in about the same time, whether or not the address has an account', async () => {
    const passwordHash = await hashPassword('whatever-it-was');
    const known = Array.from({ length: 5 }, () => newcomer().email);
    await db()
      .insert(users)
      .values(
        known.map((email) => ({
          email,
          fullName: 'Known',
          icNum: '900101125678',
          phone: '0123456789',
          passwordHash,
        })),
      );
    const timed = async (email: string, index: number) => {
      const browser = new TestBrowser(app, `192.0.2.${100 + index}`);
      const started = performance.now();
      const response = await browser.post('/api/auth/forgot-password', { email });
      return { response, ms: performance.now() - started };
    };
    const knownAnswers = [];
    const unknownAnswers = [];
    for (const [index, email] of known.entries()) {
      unknownAnswers.push(await timed(`nobody.${index}.${serial}@example.com`, index));
      knownAnswers.push(await timed(email, index + 50));
    }
    for (const { response } of [...knownAnswers, ...unknownAnswers]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ status: 'reset_requested' });
    }
    const median = (answers: { ms: number }[]) =>
      answers.map((answer) => answer.ms).sort((a, b) => a - b)[Math.floor(answers.length / 2)]!;
    // The work for a known address happens after the answer; what remains is noise.
    expect(Math.abs(median(knownAnswers) - median(unknownAnswers))).toBeLessThan(25);
    await expect
      .poll(async () => (await latestMail(db(), known[0]!, 'password_reset'))?.id)
      .toBeDefined();
  });

  test('a reset link works once within 24 hours, stores only its hash, and ends every other session', async () => {
    const { email, form } = await registered();
    const elsewhere = await loggedIn(email, form.password);
    const requester = new TestBrowser(app, '192.0.2.200');
    await requester.post('/api/auth/forgot-password', { email });
    await expect
      .poll(async () => tokenIn((await latestMail(db(), email, 'password_reset'))?.text))
      .toBeDefined();
    const token = tokenIn((await latestMail(db(), email, 'password_reset'))?.text)!;
    expect(token.length).toBeGreaterThanOrEqual(22);
    const stored = await db().select().from(passwordResets);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await requester.post('/api/auth/reset-password/check', { token })).json()).toEqual({
      valid: true,
    });
    const newPassword = 'teh-tarik-kurang-manis';
    const mismatch = await requester.post('/api/auth/reset-password', {
      token,
      password: newPassword,
      confirm_password: 'other',
    });
    expect(mismatch.json().fields).toEqual({ confirm_password: 'confirmation_mismatch' });
    const reset = await requester.post('/api/auth/reset-password', {
      token,
      password: newPassword,
      confirm_password: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: 'password_reset' });

    expect(await sessionUser(elsewhere)).toBeNull();
    const oldPassword = new TestBrowser(app, '192.0.2.201');
    expect(
      (await oldPassword.post('/api/auth/login', { email, password: form.password })).statusCode,
    ).toBe(401);
    await loggedIn(email, newPassword, '192.0.2.202');

    const reused = await requester.post('/api/auth/reset-password', {
      token,
      password: 'a-third-password',
      confirm_password: 'a-third-password',
    });
    expect(reused.statusCode).toBe(404);
    expect(reused.json()).toMatchObject({ error: 'invalid_request_not_found' });
    const unknown = await requester.post('/api/auth/reset-password/check', {
      token: 'no-such-token',
    });
    expect(unknown.json()).toMatchObject({ error: 'invalid_request_not_found' });
  });

  test('a reset link older than 24 hours is Invalid Request (1)', async () => {
    const { email } = await registered();
    const requester = new TestBrowser(app, '192.0.2.210');
    await requester.post('/api/auth/forgot-password', { email });
    await expect
      .poll(async () => tokenIn((await latestMail(db(), email, 'password_reset'))?.text))
      .toBeDefined();
    const token = tokenIn((await latestMail(db(), email, 'password_reset'))?.text)!;
    advance(24 * hours + 1000);
    const expired = await requester.post('/api/auth/reset-password', {
      token,
      password: 'too-late-password',
      confirm_password: 'too-late-password',
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ error: 'invalid_request_expired' });
  });

  test('the profile needs a session; a change of name or phone is saved, no change is data_no_changes', async () => {
    expect((await new TestBrowser(app).get('/api/profile')).json()).toMatchObject({
      error: 'login_required',
    });
    const { browser } = await registered();
    const same = await browser.put('/api/profile', {
      full_name: 'Aminah binti Hassan',
      phone: '0123456789',
    });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({ error: 'data_no_changes' });
    const changed = await browser.put('/api/profile', {
      full_name: 'Aminah Hassan',
      phone: '088-123456',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toMatchObject({ full_name: 'Aminah Hassan', phone: '088123456' });
    expect(
      (await browser.put('/api/profile', { full_name: '', phone: 'x' })).json().fields,
    ).toEqual({
      full_name: 'required',
      phone: 'phone_invalid',
    });
  });

  test('changing the password needs the current one and ends the other sessions', async () => {
    const { browser, email, form } = await registered();
    const other = await loggedIn(email, form.password);
    const wrong = await browser.put('/api/profile/password', {
      current_password: 'not-it',
      password: 'nasi-lemak-sedap',
      confirm_password: 'nasi-lemak-sedap',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fields: { current_password: 'password_incorrect' } });
    const changed = await browser.put('/api/profile/password', {
      current_password: form.password,
      password: 'nasi-lemak-sedap',
      confirm_password: 'nasi-lemak-sedap',
    });
    expect(changed.statusCode).toBe(204);
    expect(await sessionUser(browser)).toMatchObject({ email });
    expect(await sessionUser(other)).toBeNull();
  });

  test('history lists the user’s payments newest first, ten a page, filtered by council and status', async () => {
    const { browser, email } = await verified();
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
    const first = (await browser.get('/api/history')).json();
    expect(first.total).toBe(12);
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

  test('a guest’s payment with the same address joins the history once the address is verified', async () => {
    const person = newcomer();
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
    expect((await account.browser.get('/api/history')).json().total).toBe(0);
    const code = codeIn((await latestMail(db(), person.email, 'email_verification'))?.text);
    await account.browser.post('/api/auth/verify-email', { code });
    expect((await account.browser.get('/api/history')).json().total).toBe(1);
  });

  test('the demo user of the README logs in, verified', async () => {
    const browser = await loggedIn(demoUser.email, demoUser.password, '203.0.113.60');
    expect(await sessionUser(browser)).toMatchObject({
      email: demoUser.email,
      email_verified: true,
    });
  });

  test('profile and history need the user role, which _admin also passes', async () => {
    const { browser, email } = await registered();
    const setRoles = (roles: ('user' | '_admin')[]) =>
      db().update(users).set({ roles }).where(eq(users.email, email));
    await setRoles([]);
    expect((await browser.get('/api/history')).json()).toMatchObject({ error: 'forbidden' });
    expect((await browser.get('/api/profile')).statusCode).toBe(403);
    await setRoles(['_admin']);
    expect((await browser.get('/api/history')).statusCode).toBe(200);
  });

  test('a role check passes for the role named or for _admin, never for another role', () => {
    expect(hasRole({ roles: ['user'] }, 'user')).toBe(true);
    expect(hasRole({ roles: ['_admin'] }, 'user')).toBe(true);
    expect(hasRole({ roles: ['user'] }, '_admin')).toBe(false);
    expect(hasRole({ roles: [] }, 'user')).toBe(false);
  });
});
