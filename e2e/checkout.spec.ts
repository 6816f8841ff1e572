import { readFile } from 'node:fs/promises';
import { formatRinggit, type Sen } from '@portal/domain/money';
import { expect, test } from '@playwright/test';
import { translator } from '../apps/gateway-sandbox/src/messages';
import { catalogues } from './catalogues';
import {
  bill,
  browserLocales,
  cards,
  cartLines,
  checkOut,
  fill,
  findAndAdd,
  holdBack,
  openNewestMail,
  payByCard,
  payer,
  referenceOnCardPage,
  searchFor,
  wcagViolations,
} from './journeys';
import { hurriedTimings, servers, urlOf } from './servers';

/**
 * A guest pays through the sandbox card gateway. Each journey pays its own bills, none
 * of which another journey searches for, so they run side by side on one demo database.
 */

test.describe('in a browser that prefers ms', () => {
  test.use({ locale: browserLocales.ms });

  test('A guest pays three bills from two councils by card and gets the receipt on screen, as a PDF and by e-mail; the bills then show as paid', async ({
    page,
  }) => {
    const { ms } = catalogues;
    const chosen = [bill('KP03-003001'), bill('T030004021'), bill('PSR-04-007')];
    const total = chosen.reduce((sum, found) => sum + found.amount, 0) as Sen;
    const email = 'nurul.aina.three@example.com';
    for (const found of chosen) await findAndAdd(page, 'ms', found);

    await checkOut(page, 'ms', email, total);
    await payByCard(page, 'ms', cards.approve, total);

    await expect(
      page.getByRole('heading', { name: ms.payments.confirmation.successful }),
    ).toBeVisible();
    await expect(page.getByTestId('confirmation-total')).toHaveText(formatRinggit(total));
    const reference = new URL(page.url().replace('/#/', '/')).searchParams.get('reference')!;
    expect(reference).toMatch(/^A10-\d{8}-\d{6}-[0-9A-Z]{6}$/);
    // Paid bills leave the cart.
    await expect(
      page.getByRole('link', { name: fill(ms.nav.cartLabel_other, { count: 0 }) }),
    ).toBeVisible();

    await page.getByRole('link', { name: ms.payments.confirmation.viewReceipt }).click();
    const receipt = page.getByRole('article', { name: ms.receipts.receipt.title });
    await expect(receipt.getByText(reference)).toBeVisible();
    for (const found of chosen) {
      await expect(receipt.getByRole('row', { name: new RegExp(found.query) })).toContainText(
        formatRinggit(found.amount),
      );
    }
    await expect(receipt.getByRole('row').last()).toContainText(formatRinggit(total));

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: ms.receipts.receipt.download }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toBe(`receipt-${reference}.pdf`);
    const pdfBytes = await readFile((await pdf.path())!);
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The receipt e-mail, with its PDF, reaches the outbox within a few runs of the mail job.
    await openNewestMail(page, email, async (row) => {
      await expect(row).toContainText(reference);
      await expect(row.getByRole('link', { name: `receipt-${reference}.pdf` })).toBeVisible();
    });
    await expect(page.getByText(reference).first()).toBeVisible();
    await expect(page.getByText(formatRinggit(total)).first()).toBeVisible();

    for (const found of chosen) {
      await searchFor(page, 'ms', found);
      const result = page.getByRole('article');
      await expect(result.getByRole('heading', { level: 3 })).toHaveText(found.query);
      await expect(result.getByText(ms.search.nothingToPay)).toBeVisible();
      await expect(result.getByRole('button', { name: ms.search.addToCart })).toHaveCount(0);
    }
  });
});

test('The checkout page with bills in the cart has no WCAG 2.2 A or AA violation, and refuses an incomplete form in place', async ({
  page,
}) => {
  const { en } = catalogues;
  const found = bill('KP03-003002');
  await findAndAdd(page, 'en', found);
  await page.goto('/#/checkout');
  await expect(page.getByTestId('checkout-total')).toHaveText(formatRinggit(found.amount));
  expect(await wcagViolations(page)).toEqual([]);

  await page
    .getByRole('button', { name: fill(en.checkout.pay, { amount: formatRinggit(found.amount) }) })
    .click();
  await expect(page.getByLabel(en.checkout.full_name)).toBeFocused();
  await expect(
    page.getByText(fill(en.form.required, { field: en.checkout.full_name })).first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/#\/checkout$/);
  expect(await wcagViolations(page)).toEqual([]);
});

test.describe('in a browser that prefers ms, on a slow line back from the gateway', () => {
  test.use({ locale: browserLocales.ms });

  test("The confirmation asks for the payment's outcome with its own code, not after it", async ({
    page,
  }) => {
    const { ms } = catalogues;
    const chosen = bill('KP02-002006');
    await findAndAdd(page, 'ms', chosen);
    await checkOut(page, 'ms', 'siti.slowline@example.com', chosen.amount);
    // The confirmation's code held back when the gateway sends the payer back, as on a slow line;
    // every look-up of the payment made meanwhile is counted.
    const code = await holdBack(page, '**/assets/ConfirmationPage-*.js');
    let lookUpsWhileHeld = 0;
    page.on('request', (request) => {
      const lookUp = new URL(request.url()).pathname === '/api/receipts/find';
      if (lookUp && code.isHeld()) lookUpsWhileHeld++;
    });
    await payByCard(page, 'ms', cards.approve, chosen.amount);
    await expect.poll(() => lookUpsWhileHeld).toBe(1);
    code.release();
    await expect(
      page.getByRole('heading', { name: ms.payments.confirmation.successful }),
    ).toBeVisible();
    await expect(page.getByTestId('confirmation-total')).toHaveText(formatRinggit(chosen.amount));
  });
});

test.describe('in a browser that prefers zh', () => {
  test.use({ locale: browserLocales.zh });

  test('When the callback reaches the portal before the browser does, the payer still sees the payment accepted (Chinese, Mastercard)', async ({
    page,
  }) => {
    const { zh } = catalogues;
    const found = bill('PB/2026/0402');
    await findAndAdd(page, 'zh', found);
    await checkOut(page, 'zh', 'chen.wei@example.com', found.amount);
    await payByCard(page, 'zh', cards.approveAfterCallback, found.amount);
    await expect(
      page.getByRole('heading', { name: zh.payments.confirmation.successful }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('confirmation-total')).toHaveText(formatRinggit(found.amount));
  });
});

test.describe('in a browser that prefers en', () => {
  test.use({ locale: browserLocales.en });

  test('A foreign worker with a passport, no MyKad, pays a parking ticket as a guest', async ({
    page,
  }) => {
    const { en } = catalogues;
    const found = bill('T120012063');
    await findAndAdd(page, 'en', found);
    await checkOut(page, 'en', 'rahul.kumar@example.com', found.amount, {
      ...payer,
      full_name: 'Rahul Kumar a/l Subramaniam',
      id_type: 'passport_id',
      id_no: 'k1234 5678',
    });
    await payByCard(page, 'en', cards.approve, found.amount);
    await expect(
      page.getByRole('heading', { name: en.payments.confirmation.successful }),
    ).toBeVisible();
  });

  test('A payment its bank decides later shows as waiting for the bank, then as paid once the bank approves', async ({
    page,
  }) => {
    const { en } = catalogues;
    const found = bill('PB/2026/0105');
    await findAndAdd(page, 'en', found);
    await checkOut(page, 'en', 'pending.bank@example.com', found.amount);
    await payByCard(page, 'en', cards.pendingAtBank, found.amount);

    // Status 6: the payment waits for the bank, which approves a few seconds later by callback.
    await expect(
      page.getByRole('heading', { name: en.payments.confirmation.pending }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: en.payments.confirmation.successful }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('confirmation-total')).toHaveText(formatRinggit(found.amount));
  });

  test('A declined card leaves the bill unpaid and in the cart, with a way to try again', async ({
    page,
  }) => {
    const { en } = catalogues;
    const found = bill('BK26030031');
    await findAndAdd(page, 'en', found);
    await checkOut(page, 'en', 'declined@example.com', found.amount);
    await payByCard(page, 'en', cards.decline, found.amount);

    await expect(
      page.getByRole('heading', { name: en.payments.confirmation.failed }),
    ).toBeVisible();
    await expect(
      page.getByText(
        fill(en.payments.confirmation.reason, { reason: en.payments.failureReasons.card_declined }),
      ),
    ).toBeVisible();
    await expect(page.getByText(en.payments.confirmation.tryAgainText)).toBeVisible();
    await expect(
      page.getByRole('link', { name: en.payments.confirmation.viewReceipt }),
    ).toHaveCount(0);

    await page.getByRole('link', { name: en.payments.confirmation.tryAgain }).click();
    await expect(cartLines(page, 'en')).toHaveCount(1);
    await expect(page.getByTestId('cart-total')).toHaveText(formatRinggit(found.amount));

    // Nothing was taken off the bill, and it can be paid again straight away.
    await searchFor(page, 'en', found);
    await expect(page.getByRole('article').getByTestId('amount-due')).toHaveText(
      formatRinggit(found.amount),
    );
    await checkOut(page, 'en', 'declined@example.com', found.amount);
    await payByCard(page, 'en', cards.approve, found.amount);
    await expect(
      page.getByRole('heading', { name: en.payments.confirmation.successful }),
    ).toBeVisible();
  });
});

test.describe('in a browser that prefers en, coming back from the card page', () => {
  test.use({ locale: browserLocales.en });

  test('A payer who leaves the card page continues the same payment, then cancels it and pays the bill with another card', async ({
    page,
  }) => {
    const { en } = catalogues;
    const t = translator('en');
    const found = bill('KP05-005001');
    const email = 'come.back@example.com';
    await findAndAdd(page, 'en', found);
    await checkOut(page, 'en', email, found.amount);
    await expect(page.getByRole('heading', { name: t('cardDetails') })).toBeVisible();
    const reference = await referenceOnCardPage(page, 'en');

    // Back to the portal without paying: the payment is offered back, not a new one.
    await page.goBack();
    const offer = page.getByRole('region', { name: en.checkout.open.heading });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText(reference);
    await expect(page.getByRole('form', { name: en.checkout.payerHeading })).toHaveCount(0);
    await offer.getByRole('button', { name: en.checkout.open.continue }).click();
    await expect(page.getByRole('heading', { name: t('cardDetails') })).toBeVisible();
    expect(await referenceOnCardPage(page, 'en')).toBe(reference);

    // Gone again; this time the payer cancels, and pays with another card.
    await page.goBack();
    await page.getByRole('button', { name: en.checkout.open.cancel }).click();
    await expect(page.getByText(en.checkout.open.cancelled)).toBeVisible();
    // What was typed is still there.
    await expect(page.getByLabel(en.checkout.email, { exact: true })).toHaveValue(email);
    await page
      .getByRole('button', { name: fill(en.checkout.pay, { amount: formatRinggit(found.amount) }) })
      .click();
    await expect(page.getByRole('heading', { name: t('cardDetails') })).toBeVisible();
    const second = await referenceOnCardPage(page, 'en');
    expect(second).not.toBe(reference);
    await payByCard(page, 'en', cards.approveAfterCallback, found.amount);
    await expect(
      page.getByRole('heading', { name: en.payments.confirmation.successful }),
    ).toBeVisible({ timeout: 15_000 });

    // The receipt names the card the gateway reports.
    await page.getByRole('link', { name: en.payments.confirmation.viewReceipt }).click();
    const receipt = page.getByRole('article', { name: en.receipts.receipt.title });
    await expect(receipt.getByText('Mastercard')).toBeVisible();
    await expect(receipt.getByText('5555 55•• •••• 4444')).toBeVisible();
    // The cancelled payment stays cancelled.
    await page.goto(`/#/confirmation?reference=${reference}`);
    await expect(
      page.getByRole('heading', { name: en.payments.confirmation.cancelled }),
    ).toBeVisible();
  });
});

test.describe('on a portal that gives up on abandoned payments within seconds', () => {
  test.use({ baseURL: urlOf(servers.hurried), locale: browserLocales.en });

  test('A payment whose callback is lost, and whose payer never came back from the gateway, is found paid by the requery', async ({
    page,
  }) => {
    const { en } = catalogues;
    const found = bill('KP01-001005');
    await findAndAdd(page, 'en', found);
    await checkOut(page, 'en', 'lost.callback@example.com', found.amount);
    const reference = await referenceOnCardPage(page, 'en');
    // The payer's browser closes before it hands the gateway's answer back.
    const returnLost = new Promise<void>((resolve) => {
      void page.route('**/api/payments/return', async (route) => {
        await route.abort();
        resolve();
      });
    });
    await payByCard(page, 'en', cards.callbackLost, found.amount);
    await returnLost;
    await page.unrouteAll();

    await page.goto(`/#/confirmation?reference=${reference}`);
    await expect(
      page.getByRole('heading', { name: en.payments.confirmation.successful }),
    ).toBeVisible({ timeout: (hurriedTimings.requeryAfterSeconds + 8) * 1000 });
    await page.getByRole('link', { name: en.payments.confirmation.viewReceipt }).click();
    // The requery names no card: the receipt says so rather than leave it blank.
    const receipt = page.getByRole('article', { name: en.receipts.receipt.title });
    await expect(receipt.getByText(en.receipts.cardNotNamed)).toBeVisible();
    await expect(receipt.getByRole('row').last()).toContainText(formatRinggit(found.amount));
  });

  test('A payment abandoned on the card page expires, and the bill can then be paid', async ({
    page,
  }) => {
    const { en } = catalogues;
    const found = bill('PSR-03-007');
    await findAndAdd(page, 'en', found);
    await checkOut(page, 'en', 'abandoned@example.com', found.amount);
    await expect(
      page.getByRole('heading', { name: translator('en')('cardDetails') }),
    ).toBeVisible();
    const reference = await referenceOnCardPage(page, 'en');

    // The payer walks away from the card page; while the gateway may still be paid, the bill
    // stays locked to that payment.
    await searchFor(page, 'en', found);
    await expect(page.getByText(en.errors.payment_in_progress)).toBeVisible();

    await page.goto(`/#/confirmation?reference=${reference}`);
    await expect(page.getByRole('heading', { name: en.payments.confirmation.expired })).toBeVisible(
      {
        timeout:
          (hurriedTimings.gatewayPageTimeoutSeconds +
            hurriedTimings.releaseMarginSeconds +
            hurriedTimings.requeryAfterSeconds +
            4) *
          1000,
      },
    );
    await expect(page.getByText(en.payments.confirmation.tryAgainText)).toBeVisible();

    await searchFor(page, 'en', found);
    await expect(page.getByRole('article').getByTestId('amount-due')).toHaveText(
      formatRinggit(found.amount),
    );
  });
});
