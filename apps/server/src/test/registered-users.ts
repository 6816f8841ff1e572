import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/database';
import { mailMessages } from '../db/schema';
import { TestBrowser } from './test-browser';

/** The newest e-mail of a kind to an address, as the outbox holds it. */
export async function latestMail(db: Database, recipient: string, kind: string) {
  const [message] = await db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.recipient, recipient), eq(mailMessages.kind, kind)))
    .orderBy(desc(mailMessages.id))
    .limit(1);
  return message;
}

/** The six-digit code in an e-mail's text. */
export const codeIn = (text: string | null | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1];

/**
 * People who register through the API as the registration form does, for a suite's app and
 * database. Each newcomer has an e-mail address and a client address of their own, so that no
 * test meets another's account or rate limit.
 */
export function registrations(app: () => FastifyInstance, db: () => Database) {
  let serial = 0;

  function newcomer() {
    serial++;
    return {
      form: {
        email: `Aminah.${serial}@Example.com`,
        full_name: 'Aminah binti Hassan',
        id_no: '900101-12-5678',
        phone: '012-345 6789',
        password: 'kopi-susu-panas-2026',
        confirm_password: 'kopi-susu-panas-2026',
      },
      email: `aminah.${serial}@example.com`,
      ip: `198.51.100.${serial}`,
      serial,
    };
  }

  /** Registers as the form does: the answer only says that a code went out. */
  async function signedUp(person = newcomer()) {
    const browser = new TestBrowser(app, person.ip);
    const response = await browser.post('/api/auth/register', person.form);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'verification_sent' });
    return { browser, ...person };
  }

  /** The code of the newest verification e-mail to an address, newer than mail `after`. */
  async function codeSentTo(email: string, after = 0) {
    await expect
      .poll(async () => (await latestMail(db(), email, 'email_verification'))?.id ?? 0)
      .toBeGreaterThan(after);
    const mail = await latestMail(db(), email, 'email_verification');
    return { code: codeIn(mail?.text)!, mailId: mail!.id };
  }

  /** Registers and confirms the address with the e-mailed code, which logs the browser in. */
  async function registered(person = newcomer()) {
    const account = await signedUp(person);
    const { code } = await codeSentTo(account.email);
    const confirmed = await account.browser.post('/api/auth/verify-email', {
      email: account.email,
      code,
    });
    expect(confirmed.statusCode).toBe(200);
    return account;
  }

  async function loggedIn(email: string, password: string, ip = '203.0.113.50') {
    const browser = new TestBrowser(app, ip);
    const response = await browser.post('/api/auth/login', { email, password });
    expect(response.statusCode).toBe(200);
    return browser;
  }

  return { newcomer, signedUp, codeSentTo, registered, loggedIn };
}
