import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
} from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { catalogues, officeCatalogues } from './catalogues';
import { account, browserLocales, fill, findAndAdd, logIn, wcagViolations } from './journeys';
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
          id_type: 'new_id',
          id_no: '900101125678',
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

test('The state admin puts up a new announcement and the portal helpline in the back office; a citizen sees both', async ({
  page,
  browser,
  request,
}) => {
  const office = officeCatalogues.en;
  const before = await changeSettings(request, {});
  try {
    await page.goto('/#/office?lang=en');
    await logIn(page, 'en', 'admin@staff.portal.test');
    await page.getByRole('link', { name: office.nav.settings }).click();

    // A file that is no picture is refused before anything is kept; a PNG is uploaded on choosing.
    const announcement = page.getByRole('form', { name: office.settings.announcementHeading });
    const picture = announcement.getByLabel(office.settings.picture, { exact: true });
    await picture.setInputFiles({
      name: 'poster.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await expect(announcement.getByText(catalogues.en.errors.file_not_accepted)).toBeVisible();
    await picture.setInputFiles(
      fileURLToPath(new URL('../apps/server/src/demo/images/logos/mps.png', import.meta.url)),
    );
    await expect(
      announcement.getByText(fill(office.settings.pictureUploaded, { width: 200, height: 240 })),
    ).toBeVisible();
    await expect(
      announcement.getByRole('img', { name: office.settings.picturePreview }),
    ).toBeVisible();
    const words = {
      ms: 'Bayar cukai taksiran sebelum 28 Februari',
      en: 'Pay your assessment tax before 28 February',
      zh: '请在2月28日前缴交门牌税',
    };
    for (const [lang, name] of [
      ['ms', 'Bahasa Malaysia'],
      ['en', 'English'],
      ['zh', '中文'],
    ] as const) {
      await announcement
        .getByLabel(fill(office.settings.alt, { language: name }))
        .fill(words[lang]);
    }
    await announcement
      .getByLabel(office.settings.announcementShown)
      .selectOption(office.settings.shown);
    await announcement.getByLabel(office.review.reason).fill('Assessment deadline');
    await announcement.getByRole('button', { name: office.settings.submit }).click();
    await expect(announcement.getByText(office.settings.saved)).toBeVisible();

    // A period that closes before it opens is refused under its field, then put right.
    const helpline = page.getByRole('form', { name: office.settings.helplineHeading });
    await helpline.getByLabel(office.settings.phone).fill('088-999 000');
    const monday = helpline.getByRole('group', { name: 'Monday' });
    await monday.getByLabel(office.settings.opens, { exact: true }).fill('08:00');
    await monday.getByLabel(office.settings.closes, { exact: true }).fill('07:00');
    await helpline.getByLabel(office.review.reason).fill('Helpline number for 2027');
    await helpline.getByRole('button', { name: office.settings.submit }).click();
    await expect(helpline.getByText(catalogues.en.validation.time_order)).toBeVisible();
    await monday.getByLabel(office.settings.closes, { exact: true }).fill('16:00');
    await helpline.getByRole('button', { name: office.settings.submit }).click();
    await expect(helpline.getByText(office.settings.saved)).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);

    const { context, page: citizen } = await newVisit(browser);
    await citizen.goto('/?lang=en');
    const dialog = citizen.getByRole('dialog', { name: catalogues.en.siteNotices.announcement });
    await expect(dialog.getByText(words.en)).toBeVisible();
    const poster = dialog.locator('img');
    await expect
      .poll(() => poster.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(200);
    await dialog.getByRole('button', { name: catalogues.en.siteNotices.close }).click();
    await citizen.goto('/?lang=en#/helpline');
    await expect(citizen.getByRole('link', { name: '088-999 000' })).toBeVisible();
    await expect(citizen.getByText('Monday: 08:00 – 16:00')).toBeVisible();
    await context.close();
  } finally {
    await changeSettings(request, { announcement: before.announcement, helpline: before.helpline });
  }
});
