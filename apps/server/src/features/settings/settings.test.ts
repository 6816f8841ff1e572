import { asc, count, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { payments, siteSettingsVersions } from '../../db/schema';
import { demoHelpline } from '../../demo/demo-data';
import { changeSiteSettings, readSiteSettings } from '../../lib/site-settings';
import {
  billPicker,
  cartItemFor,
  gatewayPoster,
  pagePoster,
  signedGatewayResponse,
  startPayment,
  testPayer,
} from '../../test/payment-fixtures';
import { useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';

const message = (words: string) => ({ ms: `${words} (ms)`, en: words, zh: `${words} (zh)` });

describeEachDatabase('the site settings', (db) => {
  const app = useTestApp(db);
  const post = pagePoster(app);
  const pickBill = billPicker(db);
  const settings = () => app().inject('/api/settings');

  test('a new portal runs with its first settings: open, its limits, the Covid announcement on the books but not shown', async () => {
    const answer = await settings();
    expect(answer.statusCode).toBe(200);
    // Version 2: the demo data adds its made-up helpline to the portal's own first version.
    expect(answer.json()).toEqual({
      version: 2,
      cart_limit: 10,
      max_payment: 10_000_000,
      closing: false,
      closing_message: null,
      reopens_at: null,
      snackbar_message: null,
      announcement: null,
      app_version: '1.0.0',
      helpline: demoHelpline,
    });
    const [first, demo] = await db()
      .select()
      .from(siteSettingsVersions)
      .orderBy(asc(siteSettingsVersions.version));
    expect(first).toMatchObject({
      changedBy: 'portal',
      settings: { announcement: { id: 'covid-19-assistance', shown: false }, helpline: null },
    });
    expect(demo).toMatchObject({ changedBy: 'demo data', settings: { helpline: demoHelpline } });
  });

  test('the answer is cached briefly, and asked again costs nothing until it changes', async () => {
    const first = await settings();
    expect(first.headers['cache-control']).toBe('public, max-age=30');
    const etag = String(first.headers.etag);
    const again = await app().inject({ url: '/api/settings', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await changeSiteSettings(
      db(),
      { snackbar_message: message('Payments post within a day') },
      'test',
    );
    const changed = await app().inject({
      url: '/api/settings',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().snackbar_message).toEqual(message('Payments post within a day'));
    await changeSiteSettings(db(), { snackbar_message: null }, 'test');
  });

  test('each change is a new version, with who made it; an announcement switched on is shown with its picture', async () => {
    const before = (await settings()).json().version;
    const { settings: inForce } = await readSiteSettings(db());
    const announcement = inForce.announcement!;
    await changeSiteSettings(
      db(),
      { announcement: { ...announcement, shown: true } },
      'officer@mps.gov.my',
    );
    const answer = (await settings()).json();
    expect(answer.version).toBe(before + 1);
    expect(answer.announcement).toEqual({
      id: 'covid-19-assistance',
      image: `/api/images/${announcement.image}`,
      alt: expect.objectContaining({ en: expect.stringContaining('Covid-19') }),
    });
    expect((await app().inject(answer.announcement.image)).headers['content-type']).toBe(
      'image/jpeg',
    );
    const [latest] = await db()
      .select()
      .from(siteSettingsVersions)
      .where(eq(siteSettingsVersions.version, answer.version));
    expect(latest?.changedBy).toBe('officer@mps.gov.my');
  });

  test('settings stored that no longer read leave the portal running on its defaults', async () => {
    await db()
      .insert(siteSettingsVersions)
      .values({ settings: { closing: 'yes' }, changedBy: 'test' });
    const answer = (await settings()).json();
    expect(answer).toMatchObject({ version: 0, closing: false, announcement: null });
    await changeSiteSettings(db(), {}, 'test');
  });

  test('a phone app older than the newest is told so', async () => {
    await changeSiteSettings(db(), { app_version: '2.1.0' }, 'test');
    const ask = (version: string) => app().inject(`/api/settings/app-version?version=${version}`);
    expect((await ask('2.0.9')).json()).toEqual({ newest: '2.1.0', outdated: true });
    expect((await ask('2.1.0')).json()).toEqual({ newest: '2.1.0', outdated: false });
    expect((await ask('latest')).json()).toMatchObject({ error: 'validation_failed' });
  });

  test('closed for maintenance, no checkout starts, while a payment already at the gateway still settles', async () => {
    const inFlight = await pickBill();
    const started = await startPayment(post, [cartItemFor(inFlight)]);
    await changeSiteSettings(db(), { closing: true }, 'test');
    try {
      expect((await settings()).json().closing).toBe(true);
      const [{ before }] = (await db().select({ before: count() }).from(payments)) as [
        { before: number },
      ];
      const refused = await post('/api/checkout', {
        items: [cartItemFor(await pickBill())],
        payer: testPayer,
        lang: 'en',
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('600');
      expect(refused.json()).toMatchObject({ error: 'service_closed' });
      const [{ after }] = (await db().select({ after: count() }).from(payments)) as [
        { after: number },
      ];
      expect(after).toBe(before);

      const callback = await gatewayPoster(app)(
        'callback',
        signedGatewayResponse(started.reference, inFlight.amountDueSen),
      );
      expect(callback.body).toBe('RECEIVEOK');
      const [settled] = await db()
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.reference, started.reference));
      expect(settled?.status).toBe('successful');
    } finally {
      await changeSiteSettings(db(), { closing: false }, 'test');
    }
    expect(
      (
        await post('/api/checkout', {
          items: [cartItemFor(await pickBill())],
          payer: testPayer,
          lang: 'en',
        })
      ).statusCode,
    ).toBe(200);
  });

  test('outside production, a developer changes the settings at /dev/settings; a wrong one changes nothing', async () => {
    const changed = await app().inject({
      method: 'PUT',
      url: '/dev/settings',
      payload: { app_version: '3.0' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await settings()).json().app_version).toBe('3.0');
    const wrong = await app().inject({
      method: 'PUT',
      url: '/dev/settings',
      payload: { closing: 'soon' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: 'validation_failed',
      fields: { closing: expect.any(String) },
    });
    expect((await settings()).json()).toMatchObject({ app_version: '3.0', closing: false });
  });
});
