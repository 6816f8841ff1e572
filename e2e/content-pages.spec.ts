import { readFileSync } from 'node:fs';
import { contentPages } from '@portal/domain/content-pages';
import { paths } from '@portal/domain/web-paths';
import { expect, test } from '@playwright/test';
import { catalogues, languages } from './catalogues';
import { wcagViolations } from './journeys';

/** The title a new portal's page starts with: the first line of its seeded words. */
function seededTitle(page: string, language: string): string {
  const seeded = new URL(
    `../apps/server/src/db/seed-content/${page}.${language}.md`,
    import.meta.url,
  );
  return readFileSync(seeded, 'utf8').split('\n')[0]!.replace(/^# /, '');
}

for (const page of contentPages) {
  for (const language of languages) {
    test(`The ${page} page reads in ${language}, reached from the footer, with no WCAG 2.2 A or AA violation`, async ({
      page: browser,
    }) => {
      await browser.goto(`/?lang=${language}`);
      await browser
        .getByRole('contentinfo')
        .getByRole('link', { name: catalogues[language].pages[page], exact: true })
        .click();
      await expect(browser).toHaveURL(new RegExp(`#${paths[page]}$`));
      await expect(browser.getByRole('heading', { level: 1 })).toHaveText(
        seededTitle(page, language),
      );
      await expect(
        browser.getByRole('article').getByRole('heading', { level: 2 }).first(),
      ).toBeVisible();
      expect(await wcagViolations(browser)).toEqual([]);
    });
  }
}

test('The FAQ gives the helpline number to dial, and the helpline page every council’s contacts', async ({
  page: browser,
}) => {
  await browser.goto(`/?lang=en#${paths.faq}`);
  // The demo's helpline (docs/helpline.md): a made-up number, set as the portal's site setting.
  await expect(
    browser.getByRole('article').getByRole('link', { name: '088-000 000' }).first(),
  ).toHaveAttribute('href', 'tel:088000000');
  await browser.goto(`/?lang=en#${paths.helpline}`);
  const councils = browser.getByRole('region', { name: 'Councils' }).getByRole('listitem');
  await expect(councils).toHaveCount(23);
  await expect(councils.filter({ hasText: 'Majlis Perbandaran Tawau' })).toContainText(
    'Monday – Thursday: 08:00 – 13:00, 14:00 – 17:00',
  );
  await expect(councils.filter({ hasText: 'Majlis Daerah Pitas' })).toContainText(
    'has not yet published its contact details',
  );
});
