import { desc, eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { auditLog, staff } from '../../db/schema';
import { demoStaffPassword } from '../../demo/demo-data';
import { hashPassword } from '../../lib/passwords';
import { appCode, demoMember, staffLoggedIn } from '../../test/office-staff';
import { registrations } from '../../test/registered-users';
import { errorBody, useTestApp } from '../../test/test-app';
import { TestBrowser } from '../../test/test-browser';
import { describeEachDatabase, testPersonalData } from '../../test/test-databases';
import { enrolStaff } from './staff-accounts';

let now = new Date('2026-11-25T01:00:00Z');
const clock = () => now;
const minutes = 60 * 1000;
/** Moves the clock on by more than one 30-second step, so that a new code is due. */
const nextStep = () => {
  now = new Date(now.getTime() + 31_000);
  return now;
};

describeEachDatabase('staff login', (db) => {
  const app = useTestApp(db, { clock });
  const finance = demoMember('finance');

  const lastAudit = async () =>
    (await db().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

  const attempt = (
    browser: TestBrowser,
    fields: Partial<Record<'email' | 'password' | 'code', string>>,
  ) =>
    browser.post('/api/office/login', {
      email: finance.email,
      password: demoStaffPassword,
      code: appCode(finance.totpSecret, now),
      ...fields,
    });

  test('a finance officer logs in with password and app code, and it is on record', async () => {
    const browser = new TestBrowser(app, '203.0.113.21');
    const response = await attempt(browser, { code: appCode(finance.totpSecret, nextStep()) });
    expect(response.statusCode).toBe(200);
    expect(response.json().staff).toEqual({
      email: finance.email,
      full_name: finance.fullName,
      role: 'finance',
      council: 'mps',
    });
    const session = (await browser.get('/api/office/session')).json();
    expect(session.staff.email).toBe(finance.email);
    expect(await lastAudit()).toMatchObject({
      actor: finance.email,
      action: 'login',
      councilCode: 'mps',
      ip: '203.0.113.21',
      requestId: response.headers['x-request-id'],
      detail: { second_factor: 'app' },
    });
  });

  test('a wrong password, a wrong code or an unknown address get the same answer, each recorded', async () => {
    const browser = new TestBrowser(app, '203.0.113.22');
    nextStep();
    const wrongCode = String((Number(appCode(finance.totpSecret, now)) + 1) % 1_000_000).padStart(
      6,
      '0',
    );
    const cases = [
      [{ password: 'not-the-password' }, 'password'],
      [{ code: wrongCode }, 'code'],
      [{ email: 'nobody@staff.portal.test' }, 'unknown_email'],
    ] as const;
    for (const [fields, why] of cases) {
      const response = await attempt(browser, fields);
      expect(response.statusCode).toBe(401);
      expect(errorBody(response).error).toBe('auth_error');
      expect(await lastAudit()).toMatchObject({ action: 'login_failed', detail: { why } });
    }
    expect((await browser.get('/api/office/session')).json().staff).toBeNull();
  });

  test('a code works once: the same code again, or an older one after it, is refused', async () => {
    const at = nextStep();
    const code = appCode(finance.totpSecret, at);
    const first = new TestBrowser(app, '203.0.113.23');
    expect((await attempt(first, { code })).statusCode).toBe(200);
    const replay = new TestBrowser(app, '203.0.113.24');
    expect((await attempt(replay, { code })).statusCode).toBe(401);
    expect(await lastAudit()).toMatchObject({
      action: 'login_failed',
      detail: { why: 'code_reused' },
    });
    // The step before is still within the window, but older than the one accepted.
    const older = appCode(finance.totpSecret, new Date(at.getTime() - 30_000));
    expect((await attempt(replay, { code: older })).statusCode).toBe(401);
  });

  test('a recovery code logs in once, typed in any case and with or without its hyphen', async () => {
    const enrolment = await enrolStaff(db(), testPersonalData, {
      email: 'recovery@staff.portal.test',
      fullName: 'Lost Phone',
      role: 'officer',
      councilCode: 'mpt',
      passwordHash: await hashPassword('telefon-hilang-2026'),
    });
    const code = enrolment.recoveryCodes[0]!;
    const login = (typed: string) =>
      new TestBrowser(app, '203.0.113.25').post('/api/office/login', {
        email: 'Recovery@Staff.Portal.Test',
        password: 'telefon-hilang-2026',
        code: typed,
      });
    expect((await login(code.toLowerCase())).statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ detail: { second_factor: 'recovery_code' } });
    expect((await login(code.replace('-', ''))).statusCode).toBe(401);
    expect((await login(enrolment.recoveryCodes[1]!)).statusCode).toBe(200);
    expect(enrolment.totpUri).toMatch(/^otpauth:\/\/totp\/.*recovery%40staff\.portal\.test/);
  });

  test('a malformed code is refused by the form before any password is checked', async () => {
    const response = await attempt(new TestBrowser(app, '203.0.113.26'), { code: '12345' });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).fields).toEqual({ code: 'code_invalid' });
  });

  test('the session ends after 15 idle minutes, and at logout, which is recorded', async () => {
    const browser = await staffLoggedIn(app, 'officer', nextStep());
    now = new Date(now.getTime() + 14 * minutes);
    expect((await browser.get('/api/office/session')).json().staff).not.toBeNull();
    now = new Date(now.getTime() + 16 * minutes);
    expect((await browser.get('/api/office/session')).json().staff).toBeNull();
    expect((await browser.get('/api/office/payments')).statusCode).toBe(401);

    const again = await staffLoggedIn(app, 'officer', nextStep());
    expect((await again.post('/api/office/logout')).statusCode).toBe(204);
    expect((await again.get('/api/office/payments')).statusCode).toBe(401);
    expect(await lastAudit()).toMatchObject({
      action: 'logout',
      actor: demoMember('officer').email,
    });
  });

  test('a disabled staff member cannot log in, and their open session ends', async () => {
    const member = demoMember('finance.mpt@staff.portal.test');
    const browser = await staffLoggedIn(app, member.email, nextStep());
    await db().update(staff).set({ disabledAt: now }).where(eq(staff.email, member.email));
    expect((await browser.get('/api/office/session')).json().staff).toBeNull();
    const response = await new TestBrowser(app, '203.0.113.27').post('/api/office/login', {
      email: member.email,
      password: demoStaffPassword,
      code: appCode(member.totpSecret, nextStep()),
    });
    expect(response.statusCode).toBe(401);
    expect(await lastAudit()).toMatchObject({
      action: 'login_failed',
      detail: { why: 'disabled' },
    });
  });

  test('failed logins slow down: the next attempt waits, with Retry-After', async () => {
    const browser = new TestBrowser(app, '203.0.113.28');
    const admin = demoMember('council_admin');
    let response;
    for (let tries = 0; tries < 6; tries++) {
      response = await browser.post('/api/office/login', {
        email: admin.email,
        password: 'guessing-again',
        code: '000000',
      });
    }
    expect(response!.statusCode).toBe(429);
    expect(Number(response!.headers['retry-after'])).toBeGreaterThan(0);
  });

  test('a burst of 40 concurrent codes, the right one among them, gets the one try that 40 codes in a row would, and does not log in', async () => {
    const browser = new TestBrowser(app, '203.0.113.29');
    const member = demoMember('admin.mpt@staff.portal.test');
    const withCode = (code: string) =>
      browser.post('/api/office/login', {
        email: member.email,
        password: demoStaffPassword,
        code,
      });
    for (let tries = 0; tries < 4; tries++) expect((await withCode('000000')).statusCode).toBe(401);
    now = new Date(now.getTime() + 1000);
    const right = appCode(member.totpSecret, now);
    const wrong = (n: number) => String((Number(right) + n) % 1_000_000).padStart(6, '0');
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, n) => withCode(n === 12 ? right : wrong(n + 1))),
    );
    expect(burst.map((answer) => answer.statusCode).filter((status) => status !== 429)).toEqual([
      401,
    ]);
    expect((await browser.get('/api/office/session')).json().staff).toBeNull();
  });

  test('a citizen’s session opens nothing in the back office', async () => {
    const { registered } = registrations(app, db);
    const citizen = await registered();
    expect((await citizen.browser.get('/api/office/session')).json().staff).toBeNull();
    expect((await citizen.browser.get('/api/office/payments')).statusCode).toBe(401);
  });

  test('the audit log cannot be changed or emptied, not even by the portal’s own statements', async () => {
    await expect(db().update(auditLog).set({ reason: 'tampered' })).rejects.toThrow();
    await expect(db().delete(auditLog)).rejects.toThrow();
    await expect(db().execute(sql`truncate ${auditLog}`)).rejects.toThrow();
    expect((await lastAudit())?.reason).not.toBe('tampered');
  });
});
