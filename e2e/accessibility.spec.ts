import { expect, test } from '@playwright/test';
import { catalogues, languages } from './catalogues';
import { wcagViolations } from './journeys';

const screens = [
  {
    name: 'home',
    path: '/',
    heading: (language: keyof typeof catalogues) => catalogues[language].app.title,
  },
  {
    name: 'page not found',
    path: '/#/no-such-page',
    heading: (language: keyof typeof catalogues) => catalogues[language].pages.notFound,
  },
];

for (const screen of screens) {
  for (const language of languages) {
    test(`The ${screen.name} screen in ${language} has no WCAG 2.2 A or AA violation`, async ({
      page,
    }) => {
      await page.goto(`/?lang=${language}${screen.path.slice(1)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading(language));
      // The council list arrives after the first paint; check the page as a reader finds it.
      await page.waitForLoadState('networkidle');
      expect(await wcagViolations(page)).toEqual([]);
    });
  }
}
