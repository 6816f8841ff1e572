import { billPath } from '@portal/domain/web-paths';
import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { developmentDataKey } from '../../config';
import { bills, mailMessages, users } from '../../db/schema';
import { deliverQueuedMail } from '../../mail/mail-queue';
import { createMailer } from '../../mail/mailer';
import { registrations } from '../../test/registered-users';
import { useSmtpCatcher } from '../../test/smtp-catcher';
import { TestBrowser } from '../../test/test-browser';
import { useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';
import { reminderMailRenderer } from './reminder-mail';
import { queueReminders } from './reminders';

const publicUrl = 'http://localhost:8080';
const options = (now: string) => ({
  now: new Date(now),
  publicUrl,
  signingKey: developmentDataKey,
});

describeEachDatabase('reminder e-mails of saved accounts', (db) => {
  const app = useTestApp(db, { config: { publicUrl } });
  const { registered } = registrations(app, db);
  const smtp = useSmtpCatcher();
  let serial = 0;

  /** A bill of the test's own, so that its dates are the test's. */
  async function billOf(values: {
    paymentType: 'assessment' | 'license' | 'compound';
    dueDate: string;
    details?: Record<string, unknown>;
    amountDueSen?: number;
  }) {
    serial++;
    const number = `RM${values.paymentType.slice(0, 2).toUpperCase()}${String(serial).padStart(5, '0')}`;
    const [bill] = await db()
      .insert(bills)
      .values({
        councilCode: 'mps',
        accountNo: number,
        displayNo: number,
        subType: null,
        status: 'unpaid',
        ownerName: 'Siti binti Musa',
        ownerIc: null,
        address: null,
        description: 'Demo',
        amountDueSen: 25_000,
        ...values,
      })
      .returning();
    return bill!;
  }

  /** A user with an assessment, a licence expiring 30 June 2027 and a compound due 31 March. */
  async function userWithThree(lang = 'ms') {
    const person = await registered();
    const three = [
      await billOf({ paymentType: 'assessment', dueDate: '2027-06-30' }),
      await billOf({
        paymentType: 'license',
        dueDate: '2027-12-31',
        details: { valid_until: '2027-06-30' },
      }),
      await billOf({ paymentType: 'compound', dueDate: '2027-03-31' }),
    ];
    for (const bill of three) {
      const saved = await person.browser.call(
        'POST',
        '/api/my-accounts',
        { council: 'mps', payment_type: bill.paymentType, account_no: bill.displayNo },
        { 'accept-language': lang },
      );
      expect(saved.statusCode).toBe(200);
    }
    const [user] = await db().select().from(users).where(eq(users.email, person.email));
    return { ...person, user: user!, bills: three };
  }

  const remindersTo = (email: string) =>
    db()
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.recipient, email), eq(mailMessages.kind, 'reminder')))
      .orderBy(mailMessages.id);

  test('each due event is mailed once, even by two servers at once, and again at the next', async () => {
    const {
      email,
      bills: [assessment],
    } = await userWithThree();
    // 20 March: the compound's week before 31 March has not begun; 14 February 2027: the
    // assessment's fortnight before 28 February has.
    await Promise.all([
      queueReminders(db(), options('2027-02-14T01:00:00Z')),
      queueReminders(db(), options('2027-02-14T01:00:00Z')),
    ]);
    await queueReminders(db(), options('2027-02-20T01:00:00Z'));
    let mails = await remindersTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Cukai taksiran ${assessment!.displayNo}: perlu dibayar sebelum 28 Februari 2027`,
    ]);

    // The compound's week, and the licence's month and week before it expires: one each.
    for (const day of ['2027-03-25', '2027-03-26', '2027-06-01', '2027-06-24', '2027-06-25']) {
      await Promise.all([
        queueReminders(db(), options(`${day}T01:00:00Z`)),
        queueReminders(db(), options(`${day}T01:00:00Z`)),
      ]);
    }
    mails = await remindersTo(email);
    expect(mails).toHaveLength(4);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining('Cukai taksiran'),
      expect.stringContaining('Kompaun'),
      expect.stringContaining('Lesen'),
      expect.stringContaining('Lesen'),
    ]);
  });

  test('the e-mail is in the language the user saved in, links to paying the bill, and carries the RFC 8058 headers', async () => {
    const {
      email,
      bills: [assessment],
    } = await userWithThree('en');
    await queueReminders(db(), options('2027-08-20T01:00:00Z'));
    const [mail] = await remindersTo(email);
    expect(mail!.subject).toBe(`Assessment tax ${assessment!.displayNo}: due by 31 August 2027`);
    const payLink = `${publicUrl}/#${billPath({ council: 'mps', payment_type: 'assessment', account_no: assessment!.displayNo })}`;
    expect(mail!.text).toContain(payLink);
    expect(mail!.text).toContain('RM 250.00');
    expect(mail!.html).toContain(payLink.replaceAll('&', '&amp;'));
    const unsubscribe = mail!.headers['List-Unsubscribe']!;
    expect(unsubscribe).toMatch(
      /^<http:\/\/localhost:8080\/api\/reminders\/unsubscribe\?user=\d+&kind=assessment&signature=[\w-]+>$/,
    );
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toContain(unsubscribe.slice(1, -1));

    // Over SMTP, as a mail server receives it.
    const mailer = createMailer({ smtpUrl: smtp.url(), from: 'Portal <no-reply@portal.test>' });
    await deliverQueuedMail(db(), mailer, { reminder: reminderMailRenderer });
    const caught = smtp.received.find((message) => message.to.includes(email));
    // Long headers arrive folded over lines (RFC 5322); unfolded, they read as sent.
    const headers = caught?.data.split('\r\n\r\n')[0]?.replaceAll(/\r\n[ \t]+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: ${unsubscribe}`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  test('a GET of the unsubscribe link only asks; its one-click POST stops that kind, and a tampered one nothing', async () => {
    const { email, user } = await userWithThree();
    await queueReminders(db(), options('2027-02-20T01:00:00Z'));
    const [mail] = await remindersTo(email);
    const url = new URL(mail!.headers['List-Unsubscribe']!.slice(1, -1));
    const path = `${url.pathname}${url.search}`;
    // A mail client or a link scanner: no cookie, no CSRF token.
    const stranger = new TestBrowser(app, '198.51.100.99');
    Reflect.deleteProperty(stranger.cookies, 'csrf');
    const remindsAssessment = async () =>
      (await db().select().from(users).where(eq(users.id, user.id)))[0]!.remindAssessment;

    const asked = await stranger.get(path);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Hentikan peringatan ini');
    expect(await remindsAssessment()).toBe(true);

    const oneClick = (target: string) =>
      stranger.call('POST', target, 'List-Unsubscribe=One-Click' as never, {
        'content-type': 'application/x-www-form-urlencoded',
      });
    const tampered = path.replace(
      /signature=([\w-])/,
      (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`,
    );
    const refused = await oneClick(tampered);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Pautan ini tidak sah');
    expect((await oneClick(path.replace('kind=assessment', 'kind=compound'))).statusCode).toBe(400);
    expect(await remindsAssessment()).toBe(true);

    const stopped = await oneClick(path);
    expect(stopped.statusCode).toBe(200);
    expect(await remindsAssessment()).toBe(false);
    // No more assessment reminders; the other kinds still come.
    await queueReminders(db(), options('2027-08-20T01:00:00Z'));
    await queueReminders(db(), options('2027-03-25T01:00:00Z'));
    expect((await remindersTo(email)).map((mail) => mail.subject)).toEqual([
      expect.stringContaining('Cukai taksiran'),
      expect.stringContaining('Kompaun'),
    ]);
  });

  test('a kind switched off in the profile is not reminded, nor a bill that owes nothing', async () => {
    const { browser, email, bills: three } = await userWithThree();
    const choices = await browser.put('/api/my-accounts/reminders', {
      assessment: true,
      license: false,
      compound: true,
    });
    expect(choices.json()).toEqual({ assessment: true, license: false, compound: true });
    expect((await browser.get('/api/my-accounts/reminders')).json()).toEqual(choices.json());
    await db().update(bills).set({ amountDueSen: 0 }).where(eq(bills.id, three[0]!.id));
    for (const day of ['2027-02-20', '2027-03-25', '2027-06-01', '2027-06-25']) {
      await queueReminders(db(), options(`${day}T01:00:00Z`));
    }
    expect((await remindersTo(email)).map((mail) => mail.subject)).toEqual([
      expect.stringContaining('Kompaun'),
    ]);
  });
});
