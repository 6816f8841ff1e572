import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
} from '@playwright/test';
import { catalogues } from './catalogues';
import { account, browserLocales, findAndAdd, wcagViolations } from './journeys';
import { servers, urlOf } from './servers';

/**
 * The site settings as a citizen meets them: the maintenance notice while the portal is closed,
 * and an announcement. Against a portal of their own, since closing it must not close it to the
 * other journeys, and one after the other, since each changes its settings.
 */
const baseURL = urlOf(servers.settings);
test.use({ baseURL, locale: browserLocales.ms });
test.describe.configure({ mode: 'serial' });

const { ms } = catalogues;

/** Changes the portal's site settings as its developers do; answers those now in force. */
async function changeSettings(request: APIRequestContext, changes: object) {
  const answer = await request.put(`${baseURL}/dev/settings`, { data: changes });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { settings: Record<string, unknown> }).settings;
}

/** A visitor's first page of a visit: a browser with nothing cached, holding `storageState`. */
async function newVisit(browser: Browser, storageState?: BrowserContextOptions['storageState']) {
  const context = await browser.newContext({ baseURL, locale: browserLocales.ms, storageState });
  return { context, page: await context.newPage() };
}

test('Closed for maintenance, every page shows the notice and no checkout starts; receipts stay open', async ({
  browser,
  request,
}) => {
  const bill = account('mpt', 'compound');
  const before = await newVisit(browser);
  await findAndAdd(before.page, 'ms', bill);
  // The cart lives in IndexedDB.
  const cart = await before.context.storageState({ indexedDB: true });
  await before.context.close();

  await changeSettings(request, { closing: true });
  try {
    const { context, page } = await newVisit(browser, cart);
    await page.goto('/?lang=ms#/cart');
    const notice = page.getByRole('dialog', { name: ms.siteNotices.closingTitle });
    await expect(notice).toBeVisible();
    await expect(notice.getByText(ms.siteNotices.closingMessage)).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);
    // The page behind the notice is out of reach: its checkout button is there but takes no click.
    const checkout = page.locator('button', { hasText: ms.cart.checkout });
    await expect(checkout).toBeVisible();
    await expect(checkout.click({ timeout: 2000 })).rejects.toThrow();
    await page.keyboard.press('Escape');
    await expect(notice).toBeVisible();

    // The server refuses a checkout however it is sent.
    const { csrf_token: csrfToken } = await (await page.request.get('/api/auth/session')).json();
    const refused = await page.request.post('/api/checkout', {
      headers: { 'x-csrf-token': csrfToken },
      data: {
        items: [
          {
            council: bill.council,
            payment_type: bill.payment_type,
            account_no: bill.query,
            amount: bill.amount,
          },
        ],
        payer: {
          full_name: 'Siti Aminah',
          email: 'siti@example.com',
          phone: '0198765432',
          consent_name: 'Siti Aminah',
          consent_ic_no: '900101125678',
        },
        lang: 'ms',
      },
    });
    expect(refused.status()).toBe(503);
    expect(refused.headers()['retry-after']).toBe('600');
    expect((await refused.json()).error).toBe('service_closed');

    await page.goto('/?lang=ms#/receipt');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ms.pages.receipt);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await context.close();
  } finally {
    await changeSettings(request, { closing: false });
  }

  const after = await newVisit(browser, cart);
  await after.page.goto('/?lang=ms#/cart');
  await after.page.getByRole('button', { name: ms.cart.checkout }).click();
  await expect(after.page.getByRole('heading', { level: 1 })).toHaveText(ms.pages.checkout);
  await after.context.close();
});

test('An announcement shows until its reader closes it, and not again', async ({
  browser,
  request,
}) => {
  const { announcement } = await changeSettings(request, {});
  await changeSettings(request, { announcement: { ...(announcement as object), shown: true } });
  try {
    const { context, page } = await newVisit(browser);
    await page.goto('/?lang=ms');
    const dialog = page.getByRole('dialog', { name: ms.siteNotices.announcement });
    await expect(dialog.getByText(/Pakej Bantuan Covid-19/)).toBeVisible();
    await expect
      .poll(() => dialog.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(800);
    expect(await wcagViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: ms.siteNotices.close }).click();
    await expect(dialog).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Once the page has read its settings and gone quiet, the announcement would be up.
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog', { name: ms.siteNotices.announcement })).toHaveCount(0);
    await context.close();
  } finally {
    await changeSettings(request, { announcement: { ...(announcement as object), shown: false } });
  }
});

test('The maintenance notice and an announcement read in English and Chinese, with no WCAG 2.2 A or AA violation', async ({
  browser,
  request,
}) => {
  const { announcement } = await changeSettings(request, {});
  for (const language of ['en', 'zh'] as const) {
    const words = catalogues[language].siteNotices;
    await changeSettings(request, { closing: true });
    try {
      const { context, page } = await newVisit(browser);
      await page.goto(`/?lang=${language}`);
      const notice = page.getByRole('dialog', { name: words.closingTitle });
      await expect(notice.getByText(words.closingMessage)).toBeVisible();
      expect(await wcagViolations(page)).toEqual([]);
      await context.close();
    } finally {
      await changeSettings(request, { closing: false });
    }

    await changeSettings(request, { announcement: { ...(announcement as object), shown: true } });
    try {
      const { context, page } = await newVisit(browser);
      await page.goto(`/?lang=${language}`);
      const dialog = page.getByRole('dialog', { name: words.announcement });
      await expect(dialog.getByRole('button', { name: words.close })).toBeVisible();
      expect(await wcagViolations(page)).toEqual([]);
      await context.close();
    } finally {
      await changeSettings(request, {
        announcement: { ...(announcement as object), shown: false },
      });
    }
  }
});
