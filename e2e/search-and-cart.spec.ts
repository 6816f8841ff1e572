import { formatRinggit } from '@portal/domain/money';
import { searchablePaymentTypes } from '@portal/domain/payment-types';
import { expect, test } from '@playwright/test';
import {
  closedDemoPaymentTypes,
  demoAccounts,
  demoBills,
  demoPaymentInProgress,
  unavailableDemoCouncils,
} from '../apps/server/src/demo/demo-data';
import { catalogues } from './catalogues';
import {
  account,
  afterTwoFrames,
  bill,
  cartLines,
  fill,
  findAndAdd,
  searchFor,
  wcagViolations,
} from './journeys';

test('Every payment type has a demo account that is found, priced in ringgit and kept in the cart across a reload', async ({
  page,
}) => {
  const oneOfEach = searchablePaymentTypes.map((paymentType) =>
    demoAccounts().find((candidate) => candidate.payment_type === paymentType)!,
  );
  for (const found of oneOfEach) await findAndAdd(page, 'en', found);

  await page.goto('/#/cart');
  await page.reload();
  await expect(cartLines(page, 'en')).toHaveCount(searchablePaymentTypes.length);
  const total = oneOfEach.reduce((sum, found) => sum + found.amount, 0);
  await expect(page.getByTestId('cart-total')).toHaveText(formatRinggit(total));
});

test('A citizen finds three kinds of bill at two councils, keeps them in the cart across a reload and removes one', async ({
  page,
}) => {
  const { ms } = catalogues;
  const assessment = account('mps', 'assessment');
  const licence = account('mpt', 'license');
  const market = account('mps', 'market');

  await findAndAdd(page, 'ms', assessment);
  await findAndAdd(page, 'ms', licence);
  await findAndAdd(page, 'ms', market);
  await expect(
    page.getByRole('link', { name: fill(ms.nav.cartLabel_other, { count: 3 }) }),
  ).toBeVisible();

  await page.goto('/#/cart');
  await expect(cartLines(page, 'ms')).toHaveCount(3);
  for (const found of [assessment, licence, market]) {
    const line = cartLines(page, 'ms').filter({ hasText: found.query });
    await expect(line.getByTestId('cart-item-amount')).toHaveText(formatRinggit(found.amount));
  }
  await expect(cartLines(page, 'ms').filter({ hasText: licence.query })).toContainText(
    'Majlis Perbandaran Tawau',
  );
  const total = assessment.amount + licence.amount + market.amount;
  await expect(page.getByTestId('cart-total')).toHaveText(formatRinggit(total));

  await page.reload();
  await expect(cartLines(page, 'ms')).toHaveCount(3);
  await expect(page.getByTestId('cart-total')).toHaveText(formatRinggit(total));

  await page
    .getByRole('button', {
      name: fill(ms.cart.removeLabel, { type: ms.paymentTypes.license, account: licence.query }),
    })
    .click();
  await expect(cartLines(page, 'ms')).toHaveCount(2);
  await expect(page.getByTestId('cart-total')).toHaveText(
    formatRinggit(assessment.amount + market.amount),
  );
  await expect(
    page.getByRole('link', { name: fill(ms.nav.cartLabel_other, { count: 2 }) }),
  ).toBeVisible();

  // IndexedDB holds the cart: the removal stays removed.
  await page.reload();
  await expect(cartLines(page, 'ms')).toHaveCount(2);
  await expect(page.getByTestId('cart-total')).toHaveText(
    formatRinggit(assessment.amount + market.amount),
  );
});

test('A link to one bill, as a council prints it on paper, opens the bill found and ready to add, and a found bill gives the same link', async ({
  page,
  context,
}) => {
  const { zh } = catalogues;
  const found = bill('T020008042');
  await page.goto('/?lang=zh#/search?council=mpt&type=ticket&account=T020008042');
  const result = page.getByRole('article');
  await expect(result.getByRole('heading', { level: 3 })).toHaveText(found.query);
  await expect(result).toContainText(formatRinggit(found.amount));
  expect(await wcagViolations(page)).toEqual([]);

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await result.getByRole('button', { name: zh.search.shareLink }).click();
  await expect(page.getByText(zh.search.linkCopied)).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/#\/search\?council=mpt&type=ticket&account=T020008042$/);

  await result.getByRole('button', { name: zh.search.addToCart }).click();
  await expect(result.getByText(zh.search.inCart)).toBeVisible();
  await page.goto('/#/cart');
  await expect(cartLines(page, 'zh')).toHaveCount(1);
});

test('A bill found on a phone comes in without moving anything the reader sees', async ({
  page,
}) => {
  const { ms } = catalogues;
  const found = account('mps', 'compound');
  await page.setViewportSize({ width: 390, height: 844 });
  // The answer comes a second after the tap, as on a slow network. Shifts within half a second of
  // the tap are counted too: the browser leaves them out of its score only when the page draws
  // them in time, which a slow phone may not.
  await page.route('**/api/search', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto(`/#/search?council=${found.council}&type=${found.payment_type}`);
  const number = page.getByRole('textbox', { name: ms.search.query.compound.label });
  await number.fill(found.query);
  await page.evaluate(() => {
    const shifts: number[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries() as (PerformanceEntry & { value: number })[]) {
        shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift' });
  });
  await page.getByRole('button', { name: ms.search.submit, exact: true }).click();
  const result = page.getByRole('article');
  await expect(result.getByRole('heading', { level: 3 })).toBeFocused();
  // The shifts of the frame the bill is drawn in have been reported.
  await afterTwoFrames(page);
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
});

test('The search page opened at its address draws its form whole, nothing moving as it comes', async ({
  page,
}) => {
  const { ms } = catalogues;
  const found = account('mps', 'compound');
  await page.setViewportSize({ width: 390, height: 844 });
  // The screen's code comes after the council list, as on a slow line, where the code is the
  // larger download.
  await page.route('**/assets/SearchPage-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto(`/#/search?council=${found.council}&type=${found.payment_type}`);
  await expect(page.getByRole('textbox', { name: ms.search.query.compound.label })).toBeVisible();
  // Then every shift since the page began, as the browser recorded them.
  await afterTwoFrames(page);
  const shifts = await page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        new PerformanceObserver((entries) => {
          resolve(
            entries
              .getEntries()
              .map((entry) => (entry as PerformanceEntry & { value: number }).value),
          );
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve([]), 500);
      }),
  );
  expect(shifts).toEqual([]);
});

test('An assessment can be paid in part, never below the minimum nor above what is owed', async ({
  page,
}) => {
  const { en } = catalogues;
  const assessment = account('mpt', 'assessment');
  await searchFor(page, 'en', assessment);
  const result = page.getByRole('article');
  await result.getByRole('radio', { name: new RegExp(en.search.assessment.partial) }).check();
  const amount = result.getByRole('textbox', { name: en.search.assessment.amount });
  const add = result.getByRole('button', { name: en.search.addToCart });

  await amount.fill('9.99');
  await add.click();
  await expect(
    result.getByText(fill(en.search.assessment.belowMinimum, { min: 'RM 10.00' })),
  ).toBeVisible();
  await expect(amount).toBeFocused();

  await amount.fill('25.50');
  await add.click();
  await expect(page.getByText(fill(en.cart.added, { account: assessment.query }))).toBeVisible();
  await page.goto('/#/cart');
  await expect(page.getByTestId('cart-total')).toHaveText('RM 25.50');
  await expect(cartLines(page, 'en')).toContainText(en.search.assessment.partial);
});

test('A local government charge is priced people × days × rate and goes into the cart with its licence', async ({
  page,
}) => {
  const { en } = catalogues;
  const licence = account('mps', 'license');
  await page.goto('/?lang=en#/search?council=mps&type=local_government_charge');
  await page.getByLabel(en.search.charge.license_no).fill(licence.query);
  await page.getByLabel(en.search.charge.customer_name).fill('Kedai Kopi Sandakan');
  await page.getByLabel(en.search.charge.total_no_of_people).fill('20');
  await page.getByLabel(en.search.charge.start_date).fill('2026-12-01');
  await page.getByLabel(en.search.charge.end_date).fill('2026-12-11');
  await page.getByRole('button', { name: en.search.charge.submit }).click();

  const result = page.getByRole('article');
  const formula = await result.getByTestId('charge-formula').textContent();
  const [, people, days, rate, amount] =
    /^(\d+) × (\d+) × (RM [\d,.]+) = (RM [\d,.]+)$/.exec(formula ?? '') ?? [];
  // The first and the last day both count (docs/search.md).
  expect([people, days]).toEqual(['20', '11']);
  expect(amount).toBe(await result.getByTestId('amount-due').textContent());
  expect(rate).toMatch(/^RM /);

  await result.getByRole('button', { name: en.search.addToCart }).click();
  await expect(page.getByText(fill(en.cart.added, { account: licence.query }))).toBeVisible();
  await findAndAdd(page, 'en', licence);

  // Removing the licence takes its charge along (docs/cart.md).
  await page.goto('/#/cart');
  await expect(cartLines(page, 'en')).toHaveCount(2);
  await page
    .getByRole('button', {
      name: fill(en.cart.removeLabel, { type: en.paymentTypes.license, account: licence.query }),
    })
    .click();
  await expect(page.getByRole('heading', { name: en.cart.empty })).toBeVisible();
  await page.getByRole('button', { name: en.cart.checkout }).click();
  await expect(page.getByText(en.errors.no_account_selected)).toBeVisible();
});

test('The cart is the same in two tabs of the same browser', async ({ context }) => {
  const { ms } = catalogues;
  const first = await context.newPage();
  const second = await context.newPage();
  await second.goto('/#/cart');
  await expect(second.getByRole('heading', { name: ms.cart.empty })).toBeVisible();

  const ticket = account('mps', 'ticket');
  await findAndAdd(first, 'ms', ticket);
  await expect(cartLines(second, 'ms')).toHaveCount(1);
  await expect(second.getByTestId('cart-total')).toHaveText(formatRinggit(ticket.amount));
  await expect(
    second.getByRole('link', { name: fill(ms.nav.cartLabel_one, { count: 1 }) }),
  ).toBeVisible();
});

for (const language of ['en', 'zh'] as const) {
  test(`Every search error is told in ${language}`, async ({ page }) => {
    const texts = catalogues[language];

    // Not Found!, in the result area, with what to check.
    await searchFor(page, language, { ...account('mps', 'compound'), query: 'KP99-999999' });
    const notFound = page
      .getByRole('region', { name: texts.search.resultHeading })
      .getByRole('alert');
    await expect(notFound.getByText(texts.errors.not_found)).toBeVisible();
    await expect(notFound).toContainText(texts.search.notFoundAdvice.split('{{')[0]!);

    // A council closed for an upgrade.
    await page.goto(`/#/search?council=${unavailableDemoCouncils[0]}`);
    await expect(page.getByText(texts.errors.council_not_available)).toBeVisible();

    // A payment type a council does not take online.
    const closed = closedDemoPaymentTypes()[0]!;
    await page.goto(`/#/search?council=${closed.councilCode}&type=${closed.paymentType}`);
    await expect(page.getByText(texts.errors.payment_type_not_available)).toBeVisible();

    // A suspended licence.
    const suspended = demoBills().find(
      (bill) =>
        bill.councilCode === 'mps' && bill.paymentType === 'license' && bill.status === 'suspended',
    )!;
    await searchFor(page, language, {
      council: 'mps',
      payment_type: 'license',
      query: suspended.displayNo,
      amount: suspended.amountDueSen,
    });
    await expect(page.getByText(texts.errors.license_status_not_allowed)).toBeVisible();

    // An account whose payment is under way at the gateway.
    await searchFor(page, language, {
      council: demoPaymentInProgress.councilCode,
      payment_type: demoPaymentInProgress.paymentType,
      query: demoPaymentInProgress.accountNo,
      amount: 0,
    });
    await expect(page.getByText(texts.errors.payment_in_progress)).toBeVisible();

    // The same bill twice: found again, it says it is in the cart instead of adding it.
    const booking = account('mpt', 'booking');
    await findAndAdd(page, language, booking);
    await searchFor(page, language, booking);
    const again = page.getByRole('article');
    await expect(again.getByText(texts.search.inCart)).toBeVisible();
    await expect(again.getByRole('button', { name: texts.search.addToCart })).toHaveCount(0);
  });
}

for (const language of ['ms', 'zh'] as const) {
  test(`The search page with a bill found, and the cart with bills, have no WCAG 2.2 A or AA violation in ${language}`, async ({
    page,
  }) => {
    const texts = catalogues[language];
    await findAndAdd(page, language, account('mps', 'assessment'));
    await findAndAdd(page, language, account('mpt', 'engineer'));
    expect(await wcagViolations(page)).toEqual([]);

    await page.goto('/#/cart');
    await expect(cartLines(page, language)).toHaveCount(2);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.pages.cart);
    expect(await wcagViolations(page)).toEqual([]);
  });
}
