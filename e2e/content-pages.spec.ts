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
