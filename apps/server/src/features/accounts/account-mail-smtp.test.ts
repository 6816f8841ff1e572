import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { mailMessages, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { useTestApp } from '../../test/test-app';
import { TestBrowser } from '../../test/test-browser';
import { describeEachDatabase } from '../../test/test-databases';
import { useSmtpCatcher } from '../../test/smtp-catcher';

const smtp = useSmtpCatcher();
const received = smtp.received;
let suites = 0;

describeEachDatabase('account e-mail over SMTP', (db) => {
  const app = useTestApp(db, { smtpUrl: smtp.url });

  test('the reset e-mail reaches the SMTP server with its link, and the database keeps no copy of it', async () => {
    const email = `smtp.${++suites}@example.com`;
    await db()
      .insert(users)
      .values({
        email,
        fullName: 'Lim Wei Ling',
        icNum: '900101125678',
        phone: '0123456789',
        passwordHash: await hashPassword('the-old-password'),
      });
    const browser = new TestBrowser(app, '192.0.2.77');
    const answer = await browser.post(
      '/api/auth/forgot-password',
      { email },
      { 'accept-language': 'zh-CN' },
    );
    expect(answer.statusCode).toBe(202);

    await expect
      .poll(() => received.find((message) => message.to.includes(email)), { timeout: 10_000 })
      .toBeDefined();
    const message = received.find((candidate) => candidate.to.includes(email))!;
    const unfolded = message.data.replace(/=\r?\n/g, '');
    expect(unfolded).toMatch(/reset_password\?token=3D[\w%-]{20,}/);
    expect(unfolded).toContain('Subject: =?UTF-8?');

    // Recorded once the SMTP server took it: who and what about, never the link.
    const record = async () =>
      (
        await db()
          .select()
          .from(mailMessages)
          .where(and(eq(mailMessages.recipient, email), eq(mailMessages.kind, 'password_reset')))
      )[0];
    await expect.poll(record).toMatchObject({ status: 'sent', text: null, html: null });
  });
});
