import { expect, test } from '@playwright/test';
import { catalogues, languages } from './catalogues';
import { account, findAndAdd, holdBack } from './journeys';

const { ms, en, zh } = catalogues;

test('A citizen sees the portal in Malay first and can switch to English and Chinese', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ms.app.title);
  await expect(page.getByRole('heading', { name: ms.home.steps.search.title })).toBeVisible();

  await page.getByLabel(ms.nav.language).selectOption('English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.app.title);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.app.title);

  await page.getByLabel(en.nav.language).selectOption('中文');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh.app.title);
  await expect(page).toHaveTitle(new RegExp(zh.app.title));
});

for (const language of languages) {
  test(`The home page shows the three steps and the councils in ${language}`, async ({ page }) => {
    const texts = catalogues[language];
    await page.goto(`/?lang=${language}`);
    for (const step of ['search', 'checkout', 'status'] as const) {
      await expect(page.getByRole('heading', { name: texts.home.steps[step].title })).toBeVisible();
    }
    const picker = page.getByLabel(texts.home.picker.label);
    await expect(
      picker.locator('option', { hasText: 'Majlis Perbandaran Sandakan' }),
    ).toBeEnabled();
    // Pitas is closed for an upgrade in the demo data: listed, but not selectable.
    await expect(picker.locator('option', { hasText: 'Majlis Daerah Pitas' })).toBeDisabled();
    await expect(picker.locator('option')).toHaveCount(24); // the prompt and the 23 councils
  });
}

test('Choosing a council on the home page opens the search for that council', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel(ms.home.picker.label).selectOption({ label: 'Majlis Perbandaran Tawau' });
  await page.getByRole('button', { name: ms.home.picker.continue }).click();
  await expect(page).toHaveURL(/#\/search\?council=mpt$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ms.pages.search);
});

test('A footer link opens its page, with its own title', async ({ page }) => {
  await page.goto('/?lang=en');
  await page.getByRole('contentinfo').getByRole('link', { name: en.pages.faq }).click();
  await expect(page).toHaveURL(/#\/faq$/);
  // The heading is the page's stored title; the window's title is the screen's name.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
  await expect(page).toHaveTitle(new RegExp(`^${en.pages.faq}`));
});

test('A page loaded afresh opens at its top, not where the last page loaded in the tab was left', async ({
  page,
}) => {
  // As after the card gateway sends the payer back: a new page load in the same tab.
  await page.goto('/?lang=en#/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Scrolled again until the FAQ's text has arrived and the page is tall enough to be 600 px down.
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, 600);
        return window.scrollY;
      }),
    )
    .toBe(600);
  await page.goto('about:blank');
  await page.goto('/?lang=en#/helpline');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Restoring a position happens once the page has drawn; give it the chance to go wrong. (The
  // main area is a screen high at least, so even the page still loading could be scrolled.)
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('A phone can add the portal to its home screen: the manifest names it, opens it at home, and has its icons', async ({
  page,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const answer = await page.request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await answer.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: ms.app.title, start_url: '/', display: 'standalone' });
  // Chromium offers to install an app with a 192 and a 512 px icon; Android crops a maskable one.
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of pngs) {
    const image = await page.request.get(icon.src);
    expect(image.headers()['content-type']).toBe('image/png');
    // A PNG's width and height are the two numbers after its header chunk's name.
    const bytes = await image.body();
    const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
    expect(`${width}x${height}`).toBe(icon.sizes);
  }
});

test('An unknown address shows the page-not-found screen with a way home', async ({ page }) => {
  await page.goto('/#/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ms.pages.notFound);
  await page.getByRole('link', { name: ms.notFound.backHome }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ms.app.title);
});

test("The shell's words in the reader's language set off with the portal's code, not after it", async ({
  page,
}) => {
  // The app's code held back, as on a slow line where it is by far the largest download.
  const code = await holdBack(page, /\/assets\/shell-[\w-]{8}\.js$/);
  const wordsAskedFor: string[] = [];
  page.on('request', (request) => {
    const words = /\/assets\/(ms|en|zh)-[\w-]{8}\.js$/.exec(request.url());
    if (words) wordsAskedFor.push(words[1]!);
  });
  await page.goto('/?lang=zh#/', { waitUntil: 'commit' });
  // Only the Chinese shell's words: no screen's code has run yet to ask for any others.
  await page.waitForRequest(/\/assets\/zh-[\w-]{8}\.js$/);
  expect(wordsAskedFor).toEqual(['zh']);
  code.release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh.app.title);
  expect(wordsAskedFor.filter((language) => language !== 'zh')).toEqual([]);
});

test('An address typed without the hash reaches the same screen', async ({ page }) => {
  await page.goto('/license?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.licence);
  // The language chosen through the address is remembered.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.notFound);
});

test('No screen does anything the content security policy refuses', async ({ page }) => {
  // Each refusal is an event on the document; kept in the session's storage across navigations.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = JSON.parse(sessionStorage.getItem('csp-refusals') ?? '[]') as string[];
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
      sessionStorage.setItem('csp-refusals', JSON.stringify(seen));
    });
  });
  // The search checks its form with the domain's schemas; registration and the cart load more.
  await findAndAdd(page, 'ms', account('mps', 'assessment'));
  for (const screen of ['/?lang=ms#/form', '/?lang=ms#/cart', '/?lang=ms#/checkout']) {
    await page.goto(screen);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(await page.evaluate(() => sessionStorage.getItem('csp-refusals') ?? '[]')).toBe('[]');
});
