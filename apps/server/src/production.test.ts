import { expect, test } from 'vitest';
import { loadConfig } from './config';
import { demoStaffPassword } from './demo/demo-data';
import { appCode, demoMember } from './test/office-staff';
import { useTestApp } from './test/test-app';
import { describeEachDatabase } from './test/test-databases';

interface SetCookie {
  name: string;
  value: string;
  secure?: boolean;
  httpOnly?: boolean;
  path?: string;
}

/** A production configuration, as the deployment guide has it filled in. */
const production = loadConfig({
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://bayar.sabah.gov.my',
  DATABASE_URL: 'postgres://portal@db.internal/portal',
  SMTP_URL: 'smtp://mail.sabah.gov.my',
  MERCHANT_KEY: 'the-council-merchant-key',
  GATEWAY_URL: 'https://payment.ipay88.com.my',
  DATA_ENCRYPTION_KEY: 'k'.repeat(32),
});

/** The production portal's own branches, which a development or test portal never takes. */
describeEachDatabase('a portal running in production', (db) => {
  const at = new Date('2026-11-26T03:00:00Z');
  const app = useTestApp(db, {
    clock: () => at,
    config: { nodeEnv: production.nodeEnv, councilSystems: production.councilSystems },
  });

  test('its cookies are __Host- and Secure, and a webhook must be a public https address', async () => {
    const session = await app().inject('/api/auth/session');
    const [csrf] = session.cookies as SetCookie[];
    expect(csrf).toMatchObject({ name: '__Host-csrf', secure: true, httpOnly: true, path: '/' });
    const cookies: Record<string, string> = { [csrf!.name]: csrf!.value };
    const post = (url: string, payload: object) =>
      app().inject({
        method: 'POST',
        url,
        payload,
        cookies,
        headers: { 'x-csrf-token': csrf!.value },
      });

    const admin = demoMember('council_admin');
    const login = await post('/api/office/login', {
      email: admin.email,
      password: demoStaffPassword,
      code: appCode(admin.totpSecret, at),
    });
    expect(login.statusCode, login.body).toBe(200);
    const staffCookie = (login.cookies as SetCookie[]).find((cookie) =>
      cookie.name.endsWith('office_sid'),
    );
    expect(staffCookie).toMatchObject({ name: '__Host-office_sid', secure: true, httpOnly: true });
    cookies[staffCookie!.name] = staffCookie!.value;
    const csrfNow = (login.cookies as SetCookie[]).find((cookie) => cookie.name === '__Host-csrf');
    if (csrfNow) cookies[csrfNow.name] = csrfNow.value;
    const token = login.json<{ csrf_token: string }>().csrf_token;
    const setWebhook = (url: string) =>
      app().inject({
        method: 'POST',
        url: '/api/office/webhook',
        payload: { council: admin.councilCode, url, reason: 'Revenue system' },
        cookies,
        headers: { 'x-csrf-token': token },
      });

    const plain = await setWebhook('http://erp.mps.gov.my/ledger');
    expect(plain.json()).toMatchObject({ fields: { url: 'url_invalid' } });
    const inward = await setWebhook('https://10.1.1.1/ledger');
    expect(inward.json()).toMatchObject({ fields: { url: 'url_not_public' } });
    const set = await setWebhook('https://erp.mps.gov.my/ledger');
    expect(set.statusCode, set.body).toBe(200);
  });
});
