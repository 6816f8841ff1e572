import { readFile } from 'node:fs/promises';
import { malaysiaDay, writtenDate } from '@portal/domain/display-filters';
import type { LicenceRecord } from '@portal/domain/licence-records';
import { renewalOptions, type RenewalRules } from '@portal/domain/licences';
import { formatRinggit } from '@portal/domain/money';
import { expect, test } from '@playwright/test';
import { licenceCheckPath } from '@portal/domain/web-paths';
import { demoBills, demoLicencesOf } from '../apps/server/src/demo/demo-data';
import { catalogues, type Language } from './catalogues';
import {
  browserLocales,
  cards,
  checkOut,
  fill,
  holdBack,
  payByCard,
  registeredThroughApi,
  wcagViolations,
} from './journeys';

/**
 * A trader's licence journeys (docs/licences.md). Each language renews the expired operating
 * licence of its own council, so the journeys run side by side on one demo database.
 */

/** The rules every council starts with (docs/licences.md), as the demo leaves them. */
const defaultRules: RenewalRules = {
  renewable_statuses: ['active', 'expired', 'approved'],
  early_renewal_days: 60,
  process_fee_sen: 1000,
  reductions: [],
};

/** The demo's expired operating licence at a council. */
function expiredOperatingLicence(council: string) {
  const licence = demoBills().find(
    (bill) =>
      bill.councilCode === council &&
      bill.paymentType === 'license' &&
      bill.subType === 'operasi' &&
      bill.status === 'expired',
  );
  if (!licence) throw new Error(`no expired operating licence at ${council}`);
  return { ...licence, record: licence.details as LicenceRecord };
}

async function findLicence(
  page: import('@playwright/test').Page,
  language: Language,
  council: string,
  search: 'operating' | 'trading' | 'application',
  number: string,
) {
  const texts = catalogues[language];
  await page.goto(`/?lang=${language}#/license?council=${council}&search=${search}`);
  const label =
    search === 'application' ? texts.licences.reference.label : texts.licences.licenceNo.label;
  await page.getByRole('textbox', { name: label }).fill(number);
  await page.getByRole('button', { name: texts.licences.submit, exact: true }).click();
}

const renewals: { language: Language; council: string; email: string }[] = [
  { language: 'ms', council: 'mpt', email: 'peniaga.tawau@example.com' },
  { language: 'en', council: 'mdpg', email: 'trader.penampang@example.com' },
  { language: 'zh', council: 'mdld', email: 'trader.lahaddatu@example.com' },
];

for (const { language, council, email } of renewals) {
  test.describe(`in a browser that prefers ${language}`, () => {
    test.use({ locale: browserLocales[language] });

    test('A trader finds an expired operating licence, renews it for this year, pays by card, prints it, and its check then says valid to the new date', async ({
      page,
    }) => {
      const texts = catalogues[language];
      const licence = expiredOperatingLicence(council);
      const licenceNo = licence.displayNo;
      const today = malaysiaDay(new Date());
      const answer = renewalOptions(
        {
          status: licence.status,
          valid_until: licence.record.valid_until,
          monthly_fee_sen: licence.record.monthly_fee_sen,
        },
        defaultRules,
        today,
      );
      if (!answer.renewable) throw new Error('the demo licence should renew');
      const option = answer.options.find((candidate) => candidate.period === 'this_year')!;
      const until = writtenDate(option.valid_until, language);

      await findLicence(page, language, council, 'operating', licenceNo.toLowerCase());
      const card = page.getByRole('article');
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(licenceNo);
      await expect(card.getByText(texts.licences.notValidToday, { exact: true })).toBeVisible();
      expect(await wcagViolations(page)).toEqual([]);

      await card
        .getByRole('radio', {
          name: new RegExp(fill(texts.licences.renewal.period.this_year, { date: until })),
        })
        .check();
      await expect(card.getByText(formatRinggit(option.amount_sen)).first()).toBeVisible();
      await card.getByRole('button', { name: texts.licences.renewal.addToCart }).click();
      await expect(page.getByText(fill(texts.cart.added, { account: licenceNo }))).toBeVisible();

      await checkOut(page, language, email, option.amount_sen);
      await payByCard(page, language, cards.approve, option.amount_sen);
      await expect(
        page.getByRole('heading', { name: texts.payments.confirmation.successful }),
      ).toBeVisible();

      await findLicence(page, language, council, 'operating', licenceNo);
      await expect(card.getByText(texts.licences.validToday, { exact: true })).toBeVisible();
      await expect(card.getByText(until)).toBeVisible();
      await card
        .getByRole('textbox', { name: texts.identity.number.new_id })
        .fill(licence.ownerIc!);
      const download = page.waitForEvent('download');
      await card.getByRole('button', { name: texts.licences.print.submit }).click();
      const printed = await download;
      expect(printed.suggestedFilename()).toBe(`licence-${licenceNo}.pdf`);
      const pdfBytes = await readFile((await printed.path())!);
      expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');

      // The printed licence's QR code opens this same check.
      await card.getByRole('link', { name: texts.licences.check.link }).click();
      await expect(
        page.getByRole('status').filter({ hasText: texts.licences.check.valid }),
      ).toHaveText(texts.licences.check.valid);
      await expect(page.getByText(until)).toBeVisible();
      expect(await wcagViolations(page)).toEqual([]);
    });
  });
}

test("A licence's QR code opens its check, which asks for the verdict with the page's code, and again each time it is opened", async ({
  page,
}) => {
  const { ms } = catalogues;
  const active = demoLicencesOf('mps').find((entry) => entry.status === 'active')!;
  // The check's code held back, as on a slow line: the verdict is asked for meanwhile.
  const code = await holdBack(page, '**/assets/LicenceCheckPage-*.js');
  let checks = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/licences/verify') checks++;
  });
  const verdict = page.getByRole('status').filter({ hasText: ms.licences.check.valid });

  await page.goto(`/#${licenceCheckPath('mps', active.licence_no)}`, { waitUntil: 'commit' });
  await page.waitForRequest((request) => request.url().includes('/api/licences/verify?'));
  code.release();
  await expect(verdict).toBeVisible();
  expect(checks).toBe(1);

  await page.goto('/#/');
  await page.goto(`/#${licenceCheckPath('mps', active.licence_no)}`);
  await expect(verdict).toBeVisible();
  await expect.poll(() => checks).toBe(2);
});

test.describe('in a browser that prefers en', () => {
  test.use({ locale: browserLocales.en });

  test('A suspended licence may not renew; an early renewal says when it opens; an application says where it stands', async ({
    page,
  }) => {
    const { en } = catalogues;
    await findLicence(page, 'en', 'mps', 'operating', 'LO-2026-001005');
    await expect(
      page.getByText(fill(en.licences.renewal.notAllowed, { status: en.statuses.suspended })),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: en.licences.renewal.addToCart })).toHaveCount(0);

    await findLicence(page, 'en', 'mps', 'trading', 'LP-2026-001020');
    await expect(
      page.getByText(fill(en.licences.renewal.closed, { date: writtenDate('2028-11-01', 'en') })),
    ).toBeVisible();

    await findLicence(page, 'en', 'mps', 'application', 'PL-2026-00103');
    await expect(
      page.getByText(en.licences.application.next.approved_awaiting_payment),
    ).toBeVisible();
    await page
      .getByRole('link', {
        name: fill(en.licences.application.openLicence, { licence: 'LP-2026-001009' }),
      })
      .click();
    await page.getByRole('button', { name: en.licences.submit, exact: true }).click();
    await expect(page.getByRole('article').getByRole('heading', { level: 3 })).toHaveText(
      'LP-2026-001009',
    );
  });
});

test.describe('digital licences, in a browser that prefers en', () => {
  // The one journey that lets the portal's service worker run: it is what opens the page offline.
  test.use({ locale: browserLocales.en, serviceWorkers: 'allow' });

  test('A holder adds a licence to their digital licences, prints it, and reads the list again offline', async ({
    page,
    context,
  }) => {
    const { en } = catalogues;
    const licence = demoBills().find(
      (bill) =>
        bill.councilCode === 'mdkgu' &&
        bill.paymentType === 'license' &&
        (bill.details as LicenceRecord).valid_until === '2028-12-31',
    )!;
    await registeredThroughApi(page, 'pemegang');
    await page.goto('/?lang=en#/digital_license');
    await expect(page.getByText(en.digital.empty)).toBeVisible();

    await page.getByRole('combobox', { name: en.search.council }).selectOption('mdkgu');
    await page
      .getByRole('combobox', { name: en.digital.category })
      .selectOption((licence.details as LicenceRecord).category);
    await page.getByRole('textbox', { name: en.licences.licenceNo.label }).fill(licence.displayNo);
    await page.getByRole('textbox', { name: en.identity.number.new_id }).fill(licence.ownerIc!);
    await page.getByRole('button', { name: en.digital.add }).click();
    const card = page.getByRole('listitem').filter({ hasText: licence.displayNo });
    await expect(card.getByRole('heading', { name: licence.displayNo })).toBeVisible();
    await expect(card.getByText(en.licences.validToday)).toBeVisible();
    await expect(
      card.getByRole('img', { name: fill(en.digital.qrAlt, { licence: licence.displayNo }) }),
    ).toBeVisible();
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: en.licences.print.submit }).click();
    expect((await download).suggestedFilename()).toBe(`licence-${licence.displayNo}.pdf`);
    expect(await wcagViolations(page)).toEqual([]);

    // Once the service worker keeps the app, the page opens again with no connection at all.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.reload();
    await expect(card.getByRole('heading', { name: licence.displayNo })).toBeVisible();
    await context.setOffline(true);
    await page.reload();
    await expect(card.getByRole('heading', { name: licence.displayNo })).toBeVisible();
    await expect(page.getByText(/^No connection: shown as saved on/)).toBeVisible();
    await context.setOffline(false);
  });
});
