import { imageUrl } from '@portal/domain/contracts/images';
import { searchablePaymentTypes } from '@portal/domain/payment-types';
import { expect, test } from 'vitest';
import { pageCsrf, useTestApp } from '../test/test-app';
import { TestBrowser } from '../test/test-browser';
import { describeEachDatabase } from '../test/test-databases';
import { demoAccounts, demoLicencesOf, demoPaymentInProgress, demoUser } from './demo-data';
import { demoImages } from './demo-images';

/** What the README promises a visitor of a portal started with the demo data. */
describeEachDatabase('the demo data as a visitor finds it', (db) => {
  const app = useTestApp(db);
  const search = (body: object) =>
    app().inject({ method: 'POST', url: '/api/search', payload: body, ...pageCsrf });

  test.each(demoAccounts())(
    'finds $payment_type $query at $council owing exactly the demo amount',
    async (account) => {
      const response = await search(account);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        council: account.council,
        payment_type: account.payment_type,
        account_no: account.query,
        amount_due: account.amount,
      });
    },
  );

  test('every searchable payment type has demo accounts', () => {
    const types = new Set(demoAccounts().map((account) => account.payment_type));
    expect([...types].sort()).toEqual([...searchablePaymentTypes].sort());
  });

  test('the demo payment in progress holds its bill for an hour from the first start', async () => {
    const response = await search({
      council: demoPaymentInProgress.councilCode,
      payment_type: demoPaymentInProgress.paymentType,
      query: demoPaymentInProgress.accountNo,
    });
    expect(response.statusCode).toBe(409);
    const [held] = response.json().items;
    expect(held).toMatchObject({
      council: demoPaymentInProgress.councilCode,
      account_no: demoPaymentInProgress.accountNo,
    });
    const releaseIn = new Date(held.release_at).getTime() - Date.now();
    expect(releaseIn).toBeGreaterThan(30 * 60_000);
    expect(releaseIn).toBeLessThanOrEqual(60 * 60_000);
  });

  test('the demo user logs in, verified', async () => {
    const browser = new TestBrowser(app, '203.0.113.60');
    const login = await browser.post('/api/auth/login', {
      email: demoUser.email,
      password: demoUser.password,
    });
    expect(login.statusCode).toBe(200);
    expect((await browser.get('/api/auth/session')).json().user).toMatchObject({
      email: demoUser.email,
      email_verified: true,
    });
  });

  test("every council's licences show its logo, and a decided licence its premises", async () => {
    const { logos, premises } = demoImages();
    for (const licence of demoLicencesOf('mdkgu')) {
      const detail = (
        await app().inject({
          method: 'POST',
          url: '/api/licences/find',
          payload: { council: 'mdkgu', category: licence.category, licence_no: licence.licence_no },
          ...pageCsrf,
        })
      ).json();
      expect(detail.council_logo).toBe(imageUrl(logos.get('mdkgu')!.id));
      const decided = licence.valid_until !== null;
      expect(detail.premises_picture).toBe(
        decided ? imageUrl(premises.get(licence.kind)!.id) : null,
      );
    }
    for (const [code, logo] of logos) {
      const served = await app().inject(imageUrl(logo.id));
      expect(served.headers['content-type'], code).toBe('image/png');
      expect(served.rawPayload.equals(logo.bytes)).toBe(true);
    }
  });
});
