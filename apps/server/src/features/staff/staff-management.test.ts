import { desc, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { auditLog, mailMessages } from '../../db/schema';
import { appCode, staffLoggedIn, steppingClock } from '../../test/office-staff';
import { errorBody, useTestApp } from '../../test/test-app';
import { TestBrowser } from '../../test/test-browser';
import { describeEachDatabase } from '../../test/test-databases';

const { clock, nextStep } = steppingClock('2026-11-25T04:00:00Z');

describeEachDatabase('managing a council’s staff', (db) => {
  const app = useTestApp(db, { clock });
  const password = 'kopi-susu-ikan-bilis';

  /** The token of the newest enrolment link e-mailed to an address (the outbox keeps it). */
  async function linkTokenFor(email: string): Promise<string> {
    const [mail] = await db()
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.recipient, email))
      .orderBy(desc(mailMessages.id))
      .limit(1);
    expect(mail?.kind).toBe('staff_invitation');
    return /token=([\w-]+)/.exec(mail!.text!)![1]!;
  }

  /** Follows the link: reads the secret, and enrols with a password and the app's code. */
  async function enrolFromLink(email: string) {
    const browser = new TestBrowser(app, '203.0.113.90');
    const token = await linkTokenFor(email);
    const shown = await browser.get(`/api/office/enrolment?token=${token}`);
    expect(shown.statusCode, shown.body).toBe(200);
    const { totp_secret: secret } = shown.json();
    const wrong = await browser.post('/api/office/enrolment', {
      token,
      password,
      confirm_password: password,
      code: appCode(secret, new Date(clock().getTime() - 10 * 60_000)),
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorBody(wrong).fields).toMatchObject({ code: 'code_invalid' });
    const enrolled = await browser.post('/api/office/enrolment', {
      token,
      password,
      confirm_password: password,
      code: appCode(secret, nextStep()),
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json().recovery_codes).toHaveLength(10);
    const again = await browser.get(`/api/office/enrolment?token=${token}`);
    expect(errorBody(again).error).toBe('invalid_request_not_found');
    return secret as string;
  }

  async function logIn(email: string, secret: string) {
    const browser = new TestBrowser(app, '203.0.113.91');
    const response = await browser.post('/api/office/login', {
      email,
      password,
      code: appCode(secret, nextStep()),
    });
    return { browser, response };
  }

  test('a council admin invites a finance officer, who sets their password and app from the e-mailed link and logs in', async () => {
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const invited = await admin.post('/api/office/staff', {
      council: 'mps',
      email: 'Aminah.Baru@MPS.gov.my',
      full_name: 'Aminah Baru',
      role: 'finance',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().member).toMatchObject({
      email: 'aminah.baru@mps.gov.my',
      role: 'finance',
      council: 'mps',
      status: 'invited',
    });
    // No login before enrolment, whatever is tried.
    const early = await app().inject({
      method: 'GET',
      url: '/api/office/staff?council=mps',
    });
    expect(early.statusCode).toBe(401);

    const secret = await enrolFromLink('aminah.baru@mps.gov.my');
    const { browser, response } = await logIn('aminah.baru@mps.gov.my', secret);
    expect(response.statusCode, response.body).toBe(200);
    expect(
      (await browser.get('/api/office/settlement?council=mps&day=2026-11-25')).statusCode,
    ).toBe(200);
    const listed = (await admin.get('/api/office/staff?council=mps')).json().staff;
    expect(listed).toContainEqual(
      expect.objectContaining({ email: 'aminah.baru@mps.gov.my', status: 'active' }),
    );
    const duplicate = await admin.post('/api/office/staff', {
      council: 'mps',
      email: 'aminah.baru@mps.gov.my',
      full_name: 'Aminah Lagi',
      role: 'officer',
    });
    expect(errorBody(duplicate).error).toBe('email_already_exist');
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff_invited'))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({
      actor: 'admin.mps@staff.portal.test',
      target: 'aminah.baru@mps.gov.my',
    });
  });

  test('disabled, a staff member’s session ends and no login works; a new role changes what they may do', async () => {
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const invited = (
      await admin.post('/api/office/staff', {
        council: 'mps',
        email: 'jefri@mps.gov.my',
        full_name: 'Jefri',
        role: 'finance',
      })
    ).json().member;
    const secret = await enrolFromLink('jefri@mps.gov.my');
    const { browser } = await logIn('jefri@mps.gov.my', secret);

    const officer = await admin.post(`/api/office/staff/${invited.id}`, {
      role: 'officer',
      active: 'yes',
      reason: 'Moved to the counter',
    });
    expect(officer.json().member.role).toBe('officer');
    expect(
      (await browser.get('/api/office/settlement?council=mps&day=2026-11-25')).statusCode,
    ).toBe(403);

    const disabled = await admin.post(`/api/office/staff/${invited.id}`, {
      role: 'officer',
      active: 'no',
      reason: 'Left the council',
    });
    expect(disabled.json().member.status).toBe('disabled');
    expect((await browser.get('/api/office/payments')).statusCode).toBe(401);
    expect((await logIn('jefri@mps.gov.my', secret)).response.statusCode).toBe(401);

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff_changed'))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ reason: 'Left the council', target: 'jefri@mps.gov.my' });
  });

  test('a lost app: the admin resets it, the old codes stop working, and a new link sets it up again', async () => {
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const invited = (
      await admin.post('/api/office/staff', {
        council: 'mps',
        email: 'siti.hilang@mps.gov.my',
        full_name: 'Siti',
        role: 'officer',
      })
    ).json().member;
    const oldSecret = await enrolFromLink('siti.hilang@mps.gov.my');
    const reset = await admin.post(`/api/office/staff/${invited.id}/reenrol`, {
      reason: 'Phone lost',
    });
    expect(reset.json().member.status).toBe('invited');
    expect((await logIn('siti.hilang@mps.gov.my', oldSecret)).response.statusCode).toBe(401);
    const newSecret = await enrolFromLink('siti.hilang@mps.gov.my');
    expect(newSecret).not.toBe(oldSecret);
    expect((await logIn('siti.hilang@mps.gov.my', newSecret)).response.statusCode).toBe(200);
  });

  test('only a council’s admin, or the state admin, manages its staff; never themselves or the state admin', async () => {
    const invite = { council: 'mpt', email: 'x@mpt.gov.my', full_name: 'X', role: 'officer' };
    const finance = await staffLoggedIn(app, 'finance', nextStep());
    expect((await finance.post('/api/office/staff', invite)).statusCode).toBe(403);
    expect((await finance.get('/api/office/staff?council=mps')).statusCode).toBe(403);
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    expect((await admin.post('/api/office/staff', invite)).statusCode).toBe(403);
    expect((await admin.get('/api/office/staff?council=mpt')).statusCode).toBe(403);
    const mine = (await admin.get('/api/office/staff?council=mps')).json().staff;
    const self = mine.find(
      (member: { email: string }) => member.email === 'admin.mps@staff.portal.test',
    );
    const change = { role: 'officer', active: 'yes', reason: 'x' };
    expect((await admin.post(`/api/office/staff/${self.id}`, change)).statusCode).toBe(403);
    const tawau = (
      await (await staffLoggedIn(app, '_admin', nextStep())).get('/api/office/staff?council=mpt')
    ).json().staff[0];
    expect((await admin.post(`/api/office/staff/${tawau.id}`, change)).statusCode).toBe(404);
    const noReason = await admin.post(`/api/office/staff/${self.id}`, { ...change, reason: '' });
    expect(noReason.statusCode).toBe(400);
  });
});
