import { formatRinggit, sumSen } from '@portal/domain/money';
import { plateKey } from '@portal/domain/compounds';
import { expect, test } from '@playwright/test';
import { demoBills, demoDrivers } from '../apps/server/src/demo/demo-data';
import { catalogues, languages } from './catalogues';
import { browserLocales, cards, checkOut, fill, payByCard, wcagViolations } from './journeys';

/**
 * A driver finds a vehicle's parking tickets and compound by its plate and pays them all. Each
 * language pays the driver of a council of its own (the demo has one at each of three), so the
 * journeys run side by side on one demo database.
 */
const drivers = demoDrivers();

languages.forEach((language, index) => {
  const driver = drivers[index]!;
  const owed = demoBills().filter(
    (bill) =>
      bill.councilCode === driver.council &&
      bill.amountDueSen > 0 &&
      plateKey(String(bill.details.vehicle_plate ?? '')) === plateKey(driver.plate),
  );
  const total = sumSen(owed.map((bill) => bill.amountDueSen));

  test.describe(`in ${language}`, () => {
    test.use({ locale: browserLocales[language] });

    test(`A driver finds three parking tickets and a compound by plate, adds them all and pays by card (${language})`, async ({
      page,
    }) => {
      const texts = catalogues[language];
      await page.goto(`/?lang=${language}#/search?council=${driver.council}`);
      await page
        .getByRole('navigation', { name: texts.search.waysLabel })
        .getByRole('link', { name: texts.search.ways.plate })
        .click();
      // Typed as a driver might: lower case, no spaces.
      await page
        .getByRole('textbox', { name: texts.search.plateQuery.label })
        .fill(plateKey(driver.plate).toLowerCase());
      await page.getByRole('button', { name: texts.search.submit, exact: true }).click();

      await expect(
        page.getByRole('heading', {
          level: 3,
          name: fill(texts.search.list.found_other, { count: owed.length }),
        }),
      ).toBeFocused();
      const rows = page.getByRole('list', { name: texts.search.list.label }).getByRole('listitem');
      await expect(rows).toHaveCount(4);
      await expect(rows.filter({ hasText: texts.paymentTypes.ticket })).toHaveCount(3);
      for (const bill of owed) {
        await expect(rows.filter({ hasText: bill.displayNo })).toContainText(
          formatRinggit(bill.amountDueSen),
        );
      }
      expect(await wcagViolations(page)).toEqual([]);

      await page
        .getByRole('button', { name: fill(texts.search.list.addAll_other, { count: owed.length }) })
        .click();
      await expect(
        page.getByText(fill(texts.cart.addedMany_other, { count: owed.length })),
      ).toBeVisible();
      await expect(page.getByText(texts.search.list.allInCart)).toBeVisible();

      await checkOut(page, language, `driver.${language}@example.com`, total);
      await payByCard(page, language, cards.approve, total);
      // Loaded afresh after the gateway's return, while the other languages' journeys run too.
      await expect(
        page.getByRole('heading', { name: texts.payments.confirmation.successful }),
      ).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('confirmation-total')).toHaveText(formatRinggit(total));

      await page.getByRole('link', { name: texts.payments.confirmation.viewReceipt }).click();
      const receipt = page.getByRole('article', { name: texts.receipts.receipt.title });
      for (const bill of owed) {
        await expect(receipt.getByRole('row', { name: new RegExp(bill.displayNo) })).toContainText(
          formatRinggit(bill.amountDueSen),
        );
      }

      // Paid, the plate has nothing left to list.
      await page.goto(`/?lang=${language}#/search?council=${driver.council}&by=plate`);
      await page.getByRole('textbox', { name: texts.search.plateQuery.label }).fill(driver.plate);
      await page.getByRole('button', { name: texts.search.submit, exact: true }).click();
      await expect(page.getByText(texts.search.list.none, { exact: true }).last()).toBeVisible();
      expect(await wcagViolations(page)).toEqual([]);
    });
  });
});
