import { expect, test } from '@playwright/test';
import { malaysiaDay, writtenDate } from '@portal/domain/display-filters';
import { catalogues, officeCatalogues, type Language } from './catalogues';
import { browserLocales, logIn, wcagViolations } from './journeys';

/**
 * An officer decides a licence application in the back office, and its applicant follows it. Each
 * language's journey logs in as a staff member of its own and decides an application of its own:
 * an app code works once, and the journeys run side by side.
 */
const journeys: {
  language: Language;
  email: string;
  council: string;
  reference: string;
  licence: string;
  note: string;
}[] = [
  {
    language: 'ms',
    email: 'officer.mps@staff.portal.test',
    council: 'mps',
    reference: 'PL-2026-00102',
    licence: 'LO-2026-009102',
    note: 'Lesen boleh dicetak selepas bayaran fi pertama.',
  },
  {
    language: 'en',
    email: 'admin.mps@staff.portal.test',
    council: 'mps',
    reference: 'PL-2026-00101',
    licence: 'LO-2026-009101',
    note: 'Licence ready to print once the first fee is paid.',
  },
  {
    language: 'zh',
    email: 'admin.mpt@staff.portal.test',
    council: 'mpt',
    reference: 'PL-2026-00202',
    licence: 'LO-2026-009202',
    note: '缴付首期执照费后即可打印执照。',
  },
];

for (const { language, email, council, reference, licence, note } of journeys) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: browserLocales[language] });

    test('An officer moves an application to approved with its licence number, and the applicant sees it approved with its history', async ({
      page,
    }) => {
      const office = officeCatalogues[language];
      const words = catalogues[language];
      const statusOf = words.licences.application.status;
      await page.goto(`/?lang=${language}#/office`);
      await logIn(page, language, email);
      await page.getByRole('link', { name: office.nav.applications }).click();
      await expect(page.getByRole('heading', { name: office.applications.heading })).toBeVisible();

      await page.getByLabel(office.applications.reference).fill(reference.toLowerCase());
      await page.getByRole('button', { name: office.applications.find }).click();
      await expect(page.getByRole('heading', { name: reference })).toBeVisible();
      const history = page.getByRole('table').filter({ hasText: office.applications.by });
      await expect(history.getByRole('row')).not.toHaveCount(1);

      // Approving without the licence number is refused under its field.
      await page
        .getByLabel(office.applications.newStatus)
        .selectOption({ label: statusOf.approved });
      await page.getByRole('button', { name: office.applications.submit }).click();
      await expect(page.getByLabel(office.applications.licenceNo)).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await page.getByLabel(office.applications.licenceNo).fill(licence);
      await page.getByLabel(office.applications.noteToApplicant).fill(note);
      await page.getByRole('button', { name: office.applications.submit }).click();
      await expect(page.getByText(office.applications.changed)).toBeVisible();
      const step = history.getByRole('row').last();
      await expect(step).toContainText(statusOf.approved);
      await expect(step).toContainText(email);
      expect(await wcagViolations(page)).toEqual([]);

      // The applicant's own search.
      await page.goto(`/?lang=${language}#/license?council=${council}&search=application`);
      await page.getByRole('textbox', { name: words.licences.reference.label }).fill(reference);
      await page.getByRole('button', { name: words.licences.submit, exact: true }).click();
      await expect(page.getByText(words.licences.application.next.approved)).toBeVisible();
      const timeline = page.getByRole('region', { name: words.licences.application.history });
      const steps = timeline.getByRole('listitem');
      await expect(steps.first()).toContainText(statusOf.received);
      await expect(steps.last()).toContainText(statusOf.approved);
      await expect(steps.last()).toContainText(note);
      await expect(steps.last()).toContainText(writtenDate(malaysiaDay(new Date()), language));
      await expect(
        page.getByRole('link', {
          name: words.licences.application.openLicence.replace('{{licence}}', licence),
        }),
      ).toBeVisible();
      expect(await wcagViolations(page)).toEqual([]);
    });
  });
}
