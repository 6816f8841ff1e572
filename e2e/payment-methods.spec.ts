import { formatRinggit, type Sen } from '@portal/domain/money';
import { expect, test } from '@playwright/test';
import { translator } from '../apps/gateway-sandbox/src/messages';
import { catalogues } from './catalogues';
import {
  bill,
  browserLocales,
  checkOut,
  chooseWayToPay,
  findAndAdd,
  openNewestMail,
  payAtBank,
  payByWallet,
  payer,
  referenceOnCardPage,
  wcagViolations,
} from './journeys';
import { servers } from './servers';

/**
 * Paying by online banking, by a business account whose approver decides later, and by e-wallet,
 * through the sandbox's banks and wallets. Each journey pays its own bills.
 */

const referenceOf = (url: string) =>
  new URL(url.replace('/#/', '/')).searchParams.get('reference')!;

test.describe('in a browser that prefers ms', () => {
  test.use({ locale: browserLocales.ms });

  test('A guest pays two bills of two councils by online banking at a sandbox bank; the receipt names the bank, and no card', async ({
    page,
  }) => {
    const { ms } = catalogues;
    const chosen = [bill('KP01-001004'), bill('KP02-002003')];
    const total = chosen.reduce((sum, found) => sum + found.amount, 0) as Sen;
    for (const found of chosen) await findAndAdd(page, 'ms', found);

    await checkOut(page, 'ms', 'nurul.aina.fpx@example.com', total, payer, {
      method: 'online_banking',
      bank: 'CIMB Clicks',
    });
    await payAtBank(page, 'ms', 'CIMB Clicks', 'approve');

    await expect(
      page.getByRole('heading', { name: ms.payments.confirmation.successful }),
    ).toBeVisible();
    await expect(page.getByTestId('confirmation-total')).toHaveText(formatRinggit(total));
    await page.getByRole('link', { name: ms.payments.confirmation.viewReceipt }).click();
    const receipt = page.getByRole('article', { name: ms.receipts.receipt.title });
    await expect(receipt).toContainText(ms.paymentMethods.online_banking);
    await expect(receipt).toContainText('CIMB Clicks');
    await expect(receipt).not.toContainText('••');
    for (const found of chosen) {
      await expect(receipt.getByRole('row', { name: new RegExp(found.query) })).toContainText(
        formatRinggit(found.amount),
      );
    }
  });
});

test.describe('in a browser that prefers en', () => {
  test.use({ locale: browserLocales.en });

  test('A business pays from its corporate account: the payment waits for its approver, is approved later at the bank, and the receipt arrives by e-mail', async ({
    page,
    context,
  }) => {
    const { en } = catalogues;
    const found = bill('T010012063');
    const email = 'accounts.kedai@example.com';
    await findAndAdd(page, 'en', found);
    await checkOut(page, 'en', email, found.amount, payer, {
      method: 'corporate_banking',
      bank: 'Maybank2E',
    });
    const reference = await referenceOnCardPage(page, 'en');
    await payAtBank(page, 'en', 'Maybank2E', 'submitForApproval');

    // Back at the portal: waiting for the approver, with what happens next, and nothing to press.
    await expect(
      page.getByRole('heading', { name: en.payments.confirmation.pending }),
    ).toBeVisible();
    expect(referenceOf(page.url())).toBe(reference);
    await expect(page.getByText(/Maybank2E/).first()).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);

    // Hours later, at the business, the approver approves it in the bank.
    const approver = await context.newPage();
    const t = translator('en');
    await approver.goto(`http://127.0.0.1:${servers.portal.gatewayPort}/sandbox/approvals`);
    await approver.getByRole('button', { name: `${t('approve')} ${reference}` }).click();
    await expect(approver.getByText(t('approvedState')).first()).toBeVisible();
    await approver.close();

    // The page the payer left open turns to paid by itself; the receipt comes by e-mail.
    await expect(
      page.getByRole('heading', { name: en.payments.confirmation.successful }),
    ).toBeVisible({ timeout: 20_000 });
    await openNewestMail(page, email, async (row) => {
      await expect(row).toContainText(reference);
      await expect(row.getByRole('link', { name: `receipt-${reference}.pdf` })).toBeVisible();
    });
    await expect(page.getByText('Maybank2E').first()).toBeVisible();
  });

  test('A bank that is down is listed at checkout but cannot be chosen, and the page says why', async ({
    page,
  }) => {
    const { en } = catalogues;
    const found = bill('T020012063');
    await findAndAdd(page, 'en', found);
    await page.goto('/#/checkout');
    await chooseWayToPay(page, 'en', { method: 'online_banking', bank: 'Maybank2u' });
    const banks = page.getByLabel(en.checkout.method.bank);
    await expect(
      banks.getByRole('option', {
        name: en.checkout.method.offline.replace('{{name}}', 'Agrobank'),
      }),
    ).toBeDisabled();
    await expect(page.getByText(en.checkout.method.offlineNote)).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);
  });
});

test.describe('in a browser that prefers zh', () => {
  test.use({ locale: browserLocales.zh });

  test('A guest pays a market rent by e-wallet (Chinese)', async ({ page }) => {
    const { zh } = catalogues;
    const found = bill('PSR-01-021');
    await findAndAdd(page, 'zh', found);
    await checkOut(page, 'zh', 'chen.wallet@example.com', found.amount, payer, {
      method: 'ewallet',
      wallet: "Touch 'n Go eWallet",
    });
    await payByWallet(page, 'zh', "Touch 'n Go eWallet");
    await expect(
      page.getByRole('heading', { name: zh.payments.confirmation.successful }),
    ).toBeVisible();
    await page.getByRole('link', { name: zh.payments.confirmation.viewReceipt }).click();
    const receipt = page.getByRole('article', { name: zh.receipts.receipt.title });
    await expect(receipt).toContainText(zh.paymentMethods.ewallet);
    await expect(receipt).toContainText("Touch 'n Go eWallet");
    expect(await wcagViolations(page)).toEqual([]);
  });
});
