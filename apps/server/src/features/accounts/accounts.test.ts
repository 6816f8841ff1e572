import { eq } from 'drizzle-orm';
import pg from 'pg';
import { expect, test } from 'vitest';
import { runsOneTransactionAtATime } from '../../db/database';
import { passwordResets, sessions, users } from '../../db/schema';
import { hasRole } from '../../sessions/session-plugin';
import { forgetEndedSessions } from '../../sessions/session-store';
import { latestMail, registrations } from '../../test/registered-users';
import { buildTestApp, errorBody, useTestApp } from '../../test/test-app';
import { TestBrowser } from '../../test/test-browser';
import { describeEachDatabase, testPersonalData } from '../../test/test-databases';

let now = new Date('2026-11-22T02:00:00Z');
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const minutes = 60 * 1000;
const hours = 60 * minutes;

const tokenIn = (text: string | null | undefined) => {
  const match = /reset_password\?token=([^\s"&<]+)/.exec(text ?? '')?.[1];
  return match && decodeURIComponent(match);
};

describeEachDatabase('accounts', (db) => {
  const app = useTestApp(db, { clock });

  const { newcomer, signedUp, codeSentTo, registered, loggedIn } = registrations(app, db);

  const sessionUser = async (browser: TestBrowser) =>
    (await browser.get('/api/auth/session')).json().user as { email: string } | null;

  test('a new browser gets no user and a CSRF token, in an httpOnly SameSite cookie', async () => {
    const browser = new TestBrowser(app);
    delete browser.cookies.csrf;
    const response = await browser.get('/api/auth/session');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toBeNull();
    expect(body.csrf_token).toMatch(/^[\w-]{40,}$/);
    const cookie = response.cookies.find((candidate) => candidate.name === 'csrf');
    expect(cookie).toMatchObject({ value: body.csrf_token, httpOnly: true, sameSite: 'Lax' });
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
    expect(ownSite.statusCode).toBe(202);
  });

  test('registration stores an argon2id hash and the IC number encrypted, gives only the user role, and logs in once the e-mailed code confirms the address', async () => {
    const { browser, email, form } = await signedUp();
    expect(await sessionUser(browser)).toBeNull();
    await expect
      .poll(async () => (await db().select().from(users).where(eq(users.email, email))).length)
      .toBe(1);
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(row)).not.toContain(form.password);
    expect(row!.roles).toEqual(['user']);
    // At rest the IC number is ciphertext, with a keyed hash to find it by.
    expect(JSON.stringify(row)).not.toContain('900101125678');
    expect(testPersonalData.decrypt(row!.icNum)).toBe('900101125678');
    expect(row!.icNumHash).toBe(testPersonalData.lookupHash('900101125678'));
    expect(row!.emailVerifiedAt).toBeNull();

    const { code } = await codeSentTo(email);
    const confirmed = await browser.post('/api/auth/verify-email', { email, code });
    expect(confirmed.json()).toMatchObject({
      user: {
        email,
        full_name: 'Aminah binti Hassan',
        phone: '0123456789',
        ic_num_masked: '********5678',
        id_type: 'new_id',
        id_no: '900101125678',
        roles: ['user'],
        email_verified: true,
      },
      csrf_token: browser.cookies.csrf,
    });
    expect(await sessionUser(browser)).toMatchObject({ email });
  });

  test('a foreign worker registers with a passport: kept encrypted with its type, masked, and filled into their own forms', async () => {
    const person = newcomer();
    person.form = {
      ...person.form,
      id_type: 'passport_id',
      id_no: 'a1234 5678',
    } as typeof person.form;
    const { browser, email } = await signedUp(person);
    await expect
      .poll(async () => (await db().select().from(users).where(eq(users.email, email))).length)
      .toBe(1);
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row!.idType).toBe('passport_id');
    expect(JSON.stringify(row)).not.toContain('A12345678');
    expect(testPersonalData.decrypt(row!.icNum)).toBe('A12345678');
    expect(row!.icNumHash).toBe(testPersonalData.lookupHash('passport_id:A12345678'));

    const { code } = await codeSentTo(email);
    const confirmed = await browser.post('/api/auth/verify-email', { email, code });
    expect(confirmed.json().user).toMatchObject({
      ic_num_masked: '*****5678',
      id_type: 'passport_id',
      id_no: 'A12345678',
    });
  });

  test('registration names each invalid field with its message, and refuses a common password', async () => {
    const person = newcomer();
    const browser = new TestBrowser(app, person.ip);
    const invalid = await browser.post('/api/auth/register', {
      ...person.form,
      email: 'not-an-address',
      id_no: '901301125678',
      phone: '12345',
      confirm_password: 'something else',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      error: 'validation_failed',
      fields: {
        email: 'email_invalid',
        id_no: 'ic_birth_date_invalid',
        phone: 'phone_invalid',
      },
    });
    const short = await browser.post('/api/auth/register', { ...person.form, id_no: '12345' });
    expect(short.json().fields).toMatchObject({ id_no: 'ic_length' });
    const mismatch = await browser.post('/api/auth/register', {
      ...person.form,
      confirm_password: 'something else',
    });
    expect(mismatch.json().fields).toEqual({ confirm_password: 'confirmation_mismatch' });
    for (const common of [
      'password',
      '12345678',
      'Password1',
      'iloveyou',
      'aaaaaaaa',
      ' '.repeat(8),
    ]) {
      const refused = await browser.post('/api/auth/register', {
        ...person.form,
        password: common,
        confirm_password: common,
      });
      expect(refused.json(), common).toMatchObject({ fields: { password: 'password_common' } });
    }
    // The account's own address, the part before its @, or its holder's name is guessed first.
    for (const personal of [
      person.form.email,
      person.form.email.toUpperCase(),
      `${person.form.email.split('@')[0]}`.padEnd(8, '!'),
      person.form.full_name,
    ]) {
      const refused = await browser.post('/api/auth/register', {
        ...person.form,
        password: personal,
        confirm_password: personal,
      });
      expect(refused.json(), personal).toMatchObject({ fields: { password: 'password_personal' } });
    }
    expect(await db().select().from(users).where(eq(users.email, person.email))).toEqual([]);
  });

  test('registering a taken address answers the same as a new one; its owner is told by e-mail and the account is unchanged', async () => {
    const owner = await registered();
    const [before] = await db().select().from(users).where(eq(users.email, owner.email));
    const stranger = new TestBrowser(app, '198.51.100.250');
    const taken = await stranger.post('/api/auth/register', {
      ...owner.form,
      email: owner.email.toUpperCase(),
      password: 'a different passphrase',
      confirm_password: 'a different passphrase',
    });
    const fresh = await stranger.post('/api/auth/register', newcomer().form);
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    await expect
      .poll(async () => (await latestMail(db(), owner.email, 'address_taken'))?.subject)
      .toBe('Akaun anda di Portal Bayaran PBT Sabah');
    expect((await db().select().from(users).where(eq(users.email, owner.email)))[0]).toEqual(
      before,
    );
    expect(stranger.cookies.sid).toBeUndefined();
  });

  test('whoever confirms an address owns it: registering again before anyone did replaces the details', async () => {
    const person = newcomer();
    const squatter = await signedUp(person);
    const first = await codeSentTo(person.email);
    const owner = await signedUp({
      ...person,
      form: {
        ...person.form,
        password: 'the owners own words',
        confirm_password: 'the owners own words',
      },
    });
    const second = await codeSentTo(person.email, first.mailId);
    // The first code died with the second registration.
    const stale = await squatter.browser.post('/api/auth/verify-email', {
      email: person.email,
      code: first.code,
    });
    expect(stale.json()).toMatchObject({ fields: { code: 'code_invalid' } });
    const confirmed = await owner.browser.post('/api/auth/verify-email', {
      email: person.email,
      code: second.code,
    });
    expect(confirmed.statusCode).toBe(200);
    const squatterLogin = await new TestBrowser(app, '198.51.100.251').post('/api/auth/login', {
      email: person.email,
      password: person.form.password,
    });
    expect(squatterLogin.json()).toMatchObject({ error: 'auth_error' });
  });

  test('the e-mailed code confirms the address; a wrong one does not, and five wrong ones spend it', async () => {
    const { browser, email } = await signedUp();
    const { code, mailId } = await codeSentTo(email);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';

    const refused = await browser.post('/api/auth/verify-email', { email, code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { code: 'code_invalid' } });
    const unknown = await browser.post('/api/auth/verify-email', {
      email: 'nobody@example.com',
      code,
    });
    expect(errorBody(unknown)).toEqual(errorBody(refused));
    const accepted = await browser.post('/api/auth/verify-email', { email, code });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user.email_verified).toBe(true);
    expect(mailId).toBeGreaterThan(0);

    const other = await signedUp();
    const otherCode = await codeSentTo(other.email);
    const otherWrong = otherCode.code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      await other.browser.post('/api/auth/verify-email', { email: other.email, code: otherWrong });
    }
    const spent = await other.browser.post('/api/auth/verify-email', {
      email: other.email,
      code: otherCode.code,
    });
    expect(spent.json()).toMatchObject({ fields: { code: 'code_invalid' } });
    const resent = await other.browser.post('/api/auth/verify-email/send', { email: other.email });
    expect(resent.json()).toEqual({ status: 'verification_sent' });
    const fresh = await codeSentTo(other.email, otherCode.mailId);
    const confirmed = await other.browser.post('/api/auth/verify-email', {
      email: other.email,
      code: fresh.code,
    });
    expect(confirmed.statusCode).toBe(200);
    // Asking for a code for an address with no account answers the same.
    const nobody = await other.browser.post('/api/auth/verify-email/send', {
      email: 'nobody@example.com',
    });
    expect(nobody.json()).toEqual(resent.json());
  });

  test('logging in before confirming the address says so, and sends a new code', async () => {
    const { email, form } = await signedUp();
    const { mailId } = await codeSentTo(email);
    const browser = new TestBrowser(app, '203.0.113.8');
    const early = await browser.post('/api/auth/login', { email, password: form.password });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ error: 'email_not_verified' });
    expect(browser.cookies.sid).toBeUndefined();
    const { code } = await codeSentTo(email, mailId);
    expect((await browser.post('/api/auth/verify-email', { email, code })).statusCode).toBe(200);
    // The wrong password learns nothing of it.
    const other = await signedUp();
    const wrong = await browser.post('/api/auth/login', {
      email: other.email,
      password: 'nope-nope',
    });
    expect(wrong.json()).toMatchObject({ error: 'auth_error' });
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
    expect(errorBody(wrongPassword)).toEqual(errorBody(unknown));
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

  test('the CSRF token changes at login and at logout: a token known before no longer works', async () => {
    const { email, form } = await registered();
    const browser = new TestBrowser(app);
    const before = browser.cookies.csrf!;
    const login = await browser.post('/api/auth/login', { email, password: form.password });
    expect(login.json().csrf_token).toBe(browser.cookies.csrf);
    expect(browser.cookies.csrf).not.toBe(before);
    // A page planted with the old token: the browser now sends the new cookie with it.
    const planted = await browser.call(
      'PUT',
      '/api/profile',
      { full_name: 'Someone Else', phone: '0123456789' },
      { 'x-csrf-token': before },
    );
    expect(planted.json()).toMatchObject({ error: 'csrf_invalid' });

    const loggedInToken = browser.cookies.csrf!;
    expect((await browser.post('/api/auth/logout')).statusCode).toBe(204);
    expect(browser.cookies.csrf).not.toBe(loggedInToken);
    const stale = await browser.post(
      '/api/auth/login',
      { email, password: form.password },
      {
        'x-csrf-token': loggedInToken,
      },
    );
    expect(stale.json()).toMatchObject({ error: 'csrf_invalid' });
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

  test('failed logins slow down: the guesser waits longer and longer, the owner a minute at most, and nobody is locked out', async () => {
    const { email, form } = await registered();
    const attacker = new TestBrowser(app, '203.0.113.99');
    const guess = async (attempt: number) =>
      attacker.post('/api/auth/login', { email, password: `guess-${attempt}` });
    // The first three from one address at one account are free; then each waits twice as long.
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await guess(attempt)).statusCode).toBe(401);
    expect((await guess(3)).statusCode).toBe(401);
    const slowed = await guess(4);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toMatchObject({ error: 'rate_limited' });
    expect(slowed.headers['retry-after']).toBe('1');
    const waits: number[] = [];
    for (let attempt = 5; attempt < 14; attempt++) {
      advance(Number(slowed.headers['retry-after']) * 1000);
      let answer = await guess(attempt);
      while (answer.statusCode === 429) {
        const wait = Number(answer.headers['retry-after']);
        waits.push(wait);
        advance(wait * 1000);
        answer = await guess(attempt);
      }
      expect(answer.statusCode).toBe(401);
    }
    expect(waits.at(-1)).toBeGreaterThanOrEqual(64);
    // Meanwhile the owner, elsewhere, waits a minute at most, and then logs in.
    const owner = new TestBrowser(app, '203.0.113.100');
    const ownerTry = await owner.post('/api/auth/login', { email, password: form.password });
    if (ownerTry.statusCode === 429) {
      expect(Number(ownerTry.headers['retry-after'])).toBeLessThanOrEqual(60);
      advance(Number(ownerTry.headers['retry-after']) * 1000);
    }
    expect(
      (await owner.post('/api/auth/login', { email, password: form.password })).statusCode,
    ).toBe(200);
  });

  test('a burst of 40 concurrent guesses, the right password among them, gets the one try that 40 guesses in a row would, and does not log in', async () => {
    const { email, form } = await registered();
    const attacker = new TestBrowser(app, '203.0.113.98');
    const guess = (password: string) => attacker.post('/api/auth/login', { email, password });
    for (let attempt = 0; attempt < 4; attempt++)
      expect((await guess(`guess-${attempt}`)).statusCode).toBe(401);
    // The wait after four failures is over: in a row, one more guess is read, then another wait.
    advance(1000);
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, n) => guess(n === 12 ? form.password : `burst-${n}`)),
    );
    const answers = burst.map((answer) => answer.statusCode);
    expect(answers.filter((status) => status !== 429)).toEqual([401]);
    expect(await sessionUser(attacker)).toBeNull();
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
    expect(registrations.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(registrations[10]).toBe(429);
  });

  test('a made-up X-Forwarded-For does not dodge the per-address slowing down', async () => {
    const attacker = new TestBrowser(app, '203.0.113.120');
    const answers = [];
    for (let attempt = 0; attempt < 22; attempt++) {
      const response = await attacker.post(
        '/api/auth/login',
        { email: `victim.${attempt}@example.com`, password: 'guess' },
        { 'x-forwarded-for': `198.18.0.${attempt}` },
      );
      answers.push(response.statusCode);
    }
    // Twenty failures from one address are free, whatever the accounts; then it must wait.
    expect(answers.slice(0, 21)).toEqual(Array(21).fill(401));
    expect(answers[21]).toBe(429);
  });

  test('forgot password answers the same whether or not the address has an account, and does a known one’s work only once the answer is out', async () => {
    const { email } = await registered();
    const ask = (address: string, ip: string) =>
      new TestBrowser(app, ip).post('/api/auth/forgot-password', { email: address });
    const unknown = await ask('nobody.at.all@example.com', '192.0.2.150');
    const knownAnswer = async () => {
      const known = await ask(email, '192.0.2.151');
      expect([unknown.statusCode, unknown.json()]).toEqual([known.statusCode, known.json()]);
      expect(known.statusCode).toBe(202);
      expect(known.json()).toEqual({ status: 'reset_requested' });
    };
    if (runsOneTransactionAtATime(db())) {
      await knownAnswer();
    } else {
      // No reset can be written while another connection holds the table: had the answer waited
      // for that work, as its timing would then show, it would not come.
      const pool = (db() as unknown as { $client: pg.Pool }).$client;
      const holder = await pool.connect();
      try {
        await holder.query('begin');
        await holder.query('lock table password_resets in access exclusive mode');
        await knownAnswer();
        expect(await latestMail(db(), email, 'password_reset')).toBeUndefined();
      } finally {
        await holder.query('rollback');
        holder.release();
      }
    }
    await expect
      .poll(async () => (await latestMail(db(), email, 'password_reset'))?.id)
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
    const common = await requester.post('/api/auth/reset-password', {
      token,
      password: '12345678',
      confirm_password: '12345678',
    });
    expect(common.json().fields).toEqual({ password: 'password_common' });
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
    const common = await browser.put('/api/profile/password', {
      current_password: form.password,
      password: 'qwertyuiop',
      confirm_password: 'qwertyuiop',
    });
    expect(common.json()).toMatchObject({ fields: { password: 'password_common' } });
    const changed = await browser.put('/api/profile/password', {
      current_password: form.password,
      password: 'nasi-lemak-sedap',
      confirm_password: 'nasi-lemak-sedap',
    });
    expect(changed.statusCode).toBe(204);
    expect(await sessionUser(browser)).toMatchObject({ email });
    expect(await sessionUser(other)).toBeNull();
  });

  test('the profile needs the user role, which _admin also passes', async () => {
    const { browser, email } = await registered();
    const setRoles = (roles: ('user' | '_admin')[]) =>
      db().update(users).set({ roles }).where(eq(users.email, email));
    await setRoles([]);
    expect((await browser.get('/api/profile')).json()).toMatchObject({ error: 'forbidden' });
    await setRoles(['_admin']);
    expect((await browser.get('/api/profile')).statusCode).toBe(200);
  });

  test('a role check passes for the role named or for _admin, never for another role', () => {
    expect(hasRole({ roles: ['user'] }, 'user')).toBe(true);
    expect(hasRole({ roles: ['_admin'] }, 'user')).toBe(true);
    expect(hasRole({ roles: ['user'] }, '_admin')).toBe(false);
    expect(hasRole({ roles: [] }, 'user')).toBe(false);
  });
});
