import { formatRinggit } from '@portal/domain/money';
import { expect, test, type Page } from '@playwright/test';
import { demoUser } from '../apps/server/src/demo/demo-data';
import { catalogues, languages, type Language } from './catalogues';
import {
  bill,
  browserLocales,
  cards,
  checkOut,
  confirmationCode,
  fill,
  fillIdentity,
  findAndAdd,
  newPerson,
  openNewestMail,
  payByCard,
  registeredThroughApi,
} from './journeys';

/**
 * Registered users: register, confirm the e-mail with the code (which logs in), log out and in,
 * pay, see the payment in the history; recover a forgotten password through the e-mailed link.
 * Each journey registers its own address.
 */

function toolbar(page: Page) {
  return page.getByRole('banner');
}

function loginDialog(page: Page, language: Language) {
  return page.getByRole('dialog', { name: catalogues[language].login.title });
}

async function logIn(page: Page, language: Language, email: string, password: string) {
  const texts = catalogues[language];
  await toolbar(page).getByRole('button', { name: texts.nav.login }).click();
  const dialog = loginDialog(page, language);
  await dialog.getByLabel(texts.login.email).fill(email);
  await dialog.getByLabel(texts.login.password, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: texts.login.submit, exact: true }).click();
}

/** The subject of the e-mail an address's owner gets when someone registers it again. */
const addressTakenSubject: Record<Language, string> = {
  ms: 'Akaun anda di Portal Bayaran PBT Sabah',
  en: 'Your Sabah Council Payment Portal account',
  zh: '您在沙巴地方政府付款门户的账户',
};

test.describe('in a browser that prefers en', () => {
  test.use({ locale: browserLocales.en });

  test('A citizen registers, confirms the e-mail, logs out and in, pays, and finds the payment in the history', async ({
    page,
  }) => {
    const { en } = catalogues;
    const person = newPerson('faizal');
    await page.goto('/?lang=en');
    await toolbar(page).getByRole('link', { name: en.nav.signUp }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.form);
    await page.getByLabel(en.accounts.field.email).fill(person.email);
    await page.getByLabel(en.accounts.field.full_name).fill(person.full_name);
    await fillIdentity(page, 'en', person);
    await page.getByLabel(en.accounts.field.phone).fill(person.phone);
    await page.getByLabel(en.accounts.field.password, { exact: true }).fill(person.password);
    await page.getByLabel(en.accounts.field.confirm_password).fill('not the same');
    await page.getByRole('button', { name: en.accounts.register.submit, exact: true }).click();
    await expect(page.getByText(en.validation.confirmation_mismatch)).toBeVisible();
    await page.getByLabel(en.accounts.field.confirm_password).fill(person.password);
    await page.getByRole('button', { name: en.accounts.register.submit, exact: true }).click();

    await expect(page.getByRole('heading', { name: en.accounts.verify.heading })).toBeVisible();
    const code = await confirmationCode(page, person.email);
    await page.getByLabel(en.accounts.verify.code).fill(code);
    await page.getByRole('button', { name: en.accounts.verify.submit, exact: true }).click();
    await expect(page.getByText(en.accounts.verify.verified).first()).toBeVisible();

    await toolbar(page).getByRole('button', { name: en.nav.logout }).click();
    await expect(toolbar(page).getByRole('button', { name: en.nav.login })).toBeVisible();
    await page.goto('/#/history');
    await expect(
      page.getByRole('heading', { name: en.accounts.loginRequired.title }),
    ).toBeVisible();

    await logIn(page, 'en', person.email, person.password);
    await expect(toolbar(page).getByRole('link', { name: en.nav.history })).toBeVisible();

    const found = bill('KP04-004002');
    await findAndAdd(page, 'en', found);
    await page.goto('/#/checkout');
    // Filled from the profile.
    await expect(page.getByLabel(en.checkout.full_name)).toHaveValue(person.full_name);
    await expect(page.getByLabel(en.checkout.email, { exact: true })).toHaveValue(person.email);
    await checkOut(page, 'en', person.email, found.amount);
    await payByCard(page, 'en', cards.approve, found.amount);
    await expect(
      page.getByRole('heading', { name: en.payments.confirmation.successful }),
    ).toBeVisible();
    const reference = new URL(page.url().replace('/#/', '/')).searchParams.get('reference')!;

    await toolbar(page).getByRole('link', { name: en.nav.history }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.history);
    const payment = page.getByRole('link', { name: reference });
    await expect(payment).toBeVisible();
    await expect(page.getByText(found.query).first()).toBeVisible();
    await expect(page.getByText(formatRinggit(found.amount)).first()).toBeVisible();
    await payment.click();
    await expect(page.getByRole('article', { name: en.receipts.receipt.title })).toContainText(
      reference,
    );
  });
});

test.describe('in a browser that prefers ms', () => {
  test.use({ locale: browserLocales.ms });

  test('A citizen who forgot the password gets a link by e-mail, sets a new password and logs in with it', async ({
    page,
  }) => {
    const { ms } = catalogues;
    const { person, csrfToken } = await registeredThroughApi(page, 'lupa');
    await page.request.post('/api/auth/logout', { headers: { 'x-csrf-token': csrfToken } });
    await page.goto('/');

    await toolbar(page).getByRole('button', { name: ms.nav.login }).click();
    await loginDialog(page, 'ms').getByRole('button', { name: ms.login.forgot }).click();
    const dialog = page.getByRole('dialog', { name: ms.login.forgotView.title });
    await dialog.getByLabel(ms.login.email).fill(person.email);
    await dialog.getByRole('button', { name: ms.login.forgotView.submit }).click();
    await expect(page.getByText(ms.login.forgotView.sent)).toBeVisible();

    await openNewestMail(page, person.email);
    await page.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ms.pages.resetPassword);
    const newPassword = 'roti-canai-telur-99';
    await page
      .getByRole('textbox', { name: ms.accounts.field.new_password, exact: true })
      .fill(newPassword);
    await page.getByLabel(ms.accounts.field.confirm_new_password).fill(newPassword);
    await page.getByRole('button', { name: ms.accounts.reset.submit }).click();
    await expect(page.getByText(ms.accounts.reset.done)).toBeVisible();

    await page.goto('/');
    await logIn(page, 'ms', person.email, person.password);
    await expect(loginDialog(page, 'ms').getByText(ms.errors.auth_error)).toBeVisible();
    await loginDialog(page, 'ms').getByRole('button', { name: ms.login.close }).click();
    await logIn(page, 'ms', person.email, newPassword);
    await expect(toolbar(page).getByRole('button', { name: ms.nav.logout })).toBeVisible();
  });
});

for (const language of languages) {
  test(`The account errors are told in ${language}: a wrong password, and a bad reset link; registering a taken e-mail says no more than a new one, and its owner is told`, async ({
    page,
  }) => {
    const texts = catalogues[language];
    await page.goto(`/?lang=${language}`);
    await logIn(page, language, demoUser.email, 'not-the-password');
    await expect(loginDialog(page, language).getByText(texts.errors.auth_error)).toBeVisible();
    await loginDialog(page, language).getByRole('button', { name: texts.login.close }).click();

    await page.goto('/#/form');
    await page.getByLabel(texts.accounts.field.email).fill(demoUser.email);
    await page.getByLabel(texts.accounts.field.full_name).fill('Someone Else');
    await fillIdentity(page, language, { id_type: 'new_id', id_no: '900101125678' });
    await page.getByLabel(texts.accounts.field.phone).fill('0123456789');
    await page.getByLabel(texts.accounts.field.password, { exact: true }).fill('whatever-it-is');
    await page.getByLabel(texts.accounts.field.confirm_password).fill('whatever-it-is');
    await page.getByRole('button', { name: texts.accounts.register.submit, exact: true }).click();
    await expect(page.getByRole('heading', { name: texts.accounts.verify.heading })).toBeVisible();
    await expect(
      page.getByText(fill(texts.accounts.verify.sent, { email: demoUser.email })),
    ).toBeVisible();
    await expect(page.getByText(texts.errors.email_already_exist)).toHaveCount(0);
    // The owner hears of it (the three languages' journeys may run at once: any of the rows).
    await expect(async () => {
      await page.goto('/dev/mail');
      const told = page
        .getByRole('row')
        .filter({ hasText: demoUser.email })
        .filter({ hasText: addressTakenSubject[language] });
      await expect(told.first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });

    await page.goto('/#/reset_password?token=no-such-link-at-all');
    await expect(page.getByText(texts.errors.invalid_request_not_found)).toBeVisible();
  });
}
