import { malaysiaDay, writtenDate } from '@portal/domain/display-filters';
import type { LicenceRecord } from '@portal/domain/licence-records';
import { renewalOptions, type RenewalRules } from '@portal/domain/licences';
import { formatRinggit } from '@portal/domain/money';
import { expect, test } from '@playwright/test';
import { demoBills } from '../apps/server/src/demo/demo-data';
import { catalogues, officeCatalogues, type Language } from './catalogues';
import { browserLocales, fill, logIn, wcagViolations } from './journeys';
import { servers, urlOf } from './servers';

/**
 * A council admin dates a reduction of the licence fee in the back office, and a trader's renewal
 * is priced under it (docs/licences.md). On the hurried portal, whose demo database no other
 * journey renews licences on, so that its reductions change nobody else's prices; the journeys run
 * one after another, as the Chinese one takes over the council of the Malay one.
 */
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: urlOf(servers.hurried) });

/** The rules every council starts with, as the demo leaves them today (its reduction is past). */
const defaultRules: RenewalRules = {
  renewable_statuses: ['active', 'expired', 'approved'],
  early_renewal_days: 60,
  process_fee_sen: 1000,
  reductions: [],
};

/** The first and last day of this month in Malaysia. */
function thisMonth(): { from: string; to: string } {
  const today = malaysiaDay(new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return {
    from: `${today.slice(0, 8)}01`,
    to: `${today.slice(0, 8)}${String(last).padStart(2, '0')}`,
  };
}

const journeys: {
  language: Language;
  council: string;
  email: string;
  name: Record<Language, string>;
  /** A reduction left by an earlier journey, removed first. */
  removes?: number;
}[] = [
  {
    language: 'ms',
    council: 'mps',
    email: 'admin.mps@staff.portal.test',
    name: {
      ms: 'Pengurangan Pembaharuan Lesen Sempena Hari Malaysia 20%',
      en: 'Malaysia Day licence renewal reduction of 20%',
      zh: '马来西亚日执照更新费百分之二十减免优惠',
    },
  },
  {
    language: 'en',
    council: 'mpt',
    email: 'admin.mpt@staff.portal.test',
    name: {
      ms: 'Pengurangan 20% bagi peniaga kecil Tawau',
      en: 'Tawau small traders’ 20% reduction',
      zh: '斗湖小商贩执照费减免百分之二十',
    },
  },
  {
    language: 'zh',
    council: 'mps',
    email: 'admin.mps@staff.portal.test',
    name: {
      ms: 'Pengurangan 20% Tahun Baharu Cina untuk semua lesen perniagaan',
      en: 'Chinese New Year 20% reduction for every business licence',
      zh: '农历新年全体营业执照更新费减免百分之二十',
    },
    removes: 2,
  },
];

for (const { language, council, email, name, removes } of journeys) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: browserLocales[language] });

    test('A council admin sets a 20% reduction for this month, and a trader’s renewal shows it by name at the reduced price', async ({
      page,
    }) => {
      const office = officeCatalogues[language];
      const texts = catalogues[language];
      const { from, to } = thisMonth();

      await page.goto(`/?lang=${language}#/office`);
      await logIn(page, language, email);
      await page.getByRole('link', { name: office.nav.renewalRules }).click();
      await expect(page.getByRole('heading', { name: office.renewalRules.heading })).toBeVisible();
      const reduction = (number: number) =>
        page.getByRole('group', { name: fill(office.renewalRules.reduction, { number }) });
      // The demo's Covid-19 reduction of 2021 is the first.
      await expect(reduction(1)).toBeVisible();
      if (removes) {
        await page
          .getByRole('button', { name: fill(office.renewalRules.remove, { number: removes }) })
          .click();
        await expect(reduction(removes)).toHaveCount(0);
      }
      await page.getByRole('button', { name: office.renewalRules.add }).click();
      const added = reduction(2);
      await added.getByLabel(office.renewalRules.nameMs).fill(name.ms);
      await added.getByLabel(office.renewalRules.nameEn).fill(name.en);
      await added.getByLabel(office.renewalRules.nameZh).fill(name.zh);
      await added.getByLabel(office.renewalRules.method).selectOption('percentage');
      await added.getByLabel(office.renewalRules.value).fill('20');
      await added.getByLabel(office.renewalRules.from).fill(from);
      // A last day before the first is refused under its field, and nothing is sent.
      await added.getByLabel(office.renewalRules.to).fill('2020-01-01');
      await page.getByRole('button', { name: office.renewalRules.submit }).click();
      await expect(added.getByText(texts.validation.end_before_start)).toBeVisible();
      await added.getByLabel(office.renewalRules.to).fill(to);
      await page.getByRole('button', { name: office.renewalRules.submit }).click();
      await expect(page.getByText(office.renewalRules.saved)).toBeVisible();
      // In force today, so it is the one in bold.
      await expect(page.getByRole('table').locator('strong')).toHaveText(name[language]);
      expect(await wcagViolations(page)).toEqual([]);

      const licence = demoBills().find(
        (bill) =>
          bill.councilCode === council &&
          bill.paymentType === 'license' &&
          bill.subType === 'operasi' &&
          bill.status === 'expired',
      )!;
      const record = licence.details as LicenceRecord;
      const today = malaysiaDay(new Date());
      const priced = renewalOptions(
        {
          status: licence.status,
          valid_until: record.valid_until,
          monthly_fee_sen: record.monthly_fee_sen,
        },
        {
          ...defaultRules,
          reductions: [{ name, method: 'percentage', percent: 20, from, to }],
        },
        today,
      );
      if (!priced.renewable) throw new Error('the demo licence should renew');
      const option = priced.options.find((candidate) => candidate.period === 'this_year')!;
      expect(option.reduction_sen).toBeGreaterThan(0);

      await page.goto(`/?lang=${language}#/license?council=${council}&search=operating`);
      await page
        .getByRole('textbox', { name: texts.licences.licenceNo.label })
        .fill(licence.displayNo);
      await page.getByRole('button', { name: texts.licences.submit, exact: true }).click();
      const card = page.getByRole('article');
      await card
        .getByRole('radio', {
          name: new RegExp(
            fill(texts.licences.renewal.period.this_year, {
              date: writtenDate(option.valid_until, language),
            }),
          ),
        })
        .check();
      await expect(card.getByText(name[language], { exact: true })).toBeVisible();
      await expect(card.getByText(`− ${formatRinggit(option.reduction_sen)}`)).toBeVisible();
      await expect(card.getByText(formatRinggit(option.amount_sen)).first()).toBeVisible();
      expect(await wcagViolations(page)).toEqual([]);
      await card.getByRole('button', { name: texts.licences.renewal.addToCart }).click();
      await expect(
        page.getByText(fill(texts.cart.added, { account: licence.displayNo })),
      ).toBeVisible();
    });
  });
}
