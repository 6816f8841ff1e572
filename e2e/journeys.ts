import AxeBuilder from '@axe-core/playwright';
import { formatRinggit, type Sen } from '@portal/domain/money';
import type { PaymentType } from '@portal/domain/payment-types';
import type { IdentityType } from '@portal/domain/identities';
import { expect, type Locator, type Page } from '@playwright/test';
import { translator } from '../apps/gateway-sandbox/src/messages';
import { Secret, TOTP } from 'otpauth';
import { closeSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  demoAccounts,
  demoBills,
  demoStaff,
  demoStaffPassword,
  type DemoAccount,
} from '../apps/server/src/demo/demo-data';
import { catalogues, officeCatalogues, type Language } from './catalogues';

/** The steps of a citizen's journey that several specs walk: find a bill, add it, pay it, read mail. */

export type SearchableType = Exclude<PaymentType, 'local_government_charge'>;

const accounts = demoAccounts();

/** A demo account of this type at this council (the seed's figures, as the server answers them). */
export function account(council: string, paymentType: SearchableType): DemoAccount {
  const found = accounts.find(
    (candidate) => candidate.council === council && candidate.payment_type === paymentType,
  );
  if (!found) throw new Error(`no demo ${paymentType} account at ${council}`);
  return found;
}

/** `{{name}}` placeholders filled in, as i18next does. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(values[name]));
}

export async function searchFor(page: Page, language: Language, found: DemoAccount) {
  const texts = catalogues[language];
  await page.goto(`/?lang=${language}#/search?council=${found.council}&type=${found.payment_type}`);
  const label = texts.search.query[found.payment_type as SearchableType].label;
  await page.getByRole('textbox', { name: label }).fill(found.query);
  await page.getByRole('button', { name: texts.search.submit, exact: true }).click();
}

export async function findAndAdd(page: Page, language: Language, found: DemoAccount) {
  const texts = catalogues[language];
  await searchFor(page, language, found);
  const result = page.getByRole('article');
  await expect(result.getByRole('heading', { level: 3 })).toHaveText(found.query);
  await expect(result.getByTestId('amount-due')).toHaveText(formatRinggit(found.amount));
  await result.getByRole('button', { name: texts.search.addToCart }).click();
  await expect(page.getByText(fill(texts.cart.added, { account: found.query }))).toBeVisible();
}

export function cartLines(page: Page, language: Language) {
  return page
    .getByRole('region', { name: catalogues[language].cart.listLabel })
    .getByRole('listitem');
}

/**
 * WCAG 2.2 level A and AA, and the earlier versions' rules it keeps: each violation in a line.
 * Checked once what is fading in has arrived: a snackbar half-way through its entrance is not yet
 * the colours the reader sees.
 */
export async function wcagViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

/** The widths a page is read at: a phone, a tablet, and the desktops people use. */
export const readingWidths = [390, 768, 1024, 1280, 1440] as const;

/**
 * Holds back the requests `pattern` matches (a screen's code, say) until `release` is called, as a
 * slow line would; `isHeld` says whether one is waiting now.
 */
export async function holdBack(page: Page, pattern: string | RegExp) {
  let held = false;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    held = true;
    await released;
    held = false;
    await route.continue();
  });
  return { release, isHeld: () => held };
}

/** Once the browser has drawn two more frames: what the last change moved has been laid out. */
export async function afterTwoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

/**
 * What a reader cannot see: each visible element whose content is wider than its box where
 * overflow is hidden or clipped (nothing to scroll to), at each of `widths`, named with its width.
 * The viewport is resized in place, so one page load serves every width. Form fields (their text
 * scrolls under the caret) and visually hidden text (a 1-pixel box clipped on purpose) are not
 * content cut off.
 */
export async function clippedContent(
  page: Page,
  widths: readonly number[] = readingWidths,
): Promise<string[]> {
  const height = page.viewportSize()?.height ?? 900;
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    // The resize's media queries and layout have been applied.
    await afterTwoFrames(page);
    const clipped = await page.evaluate(() => {
      const skipped = new Set(['INPUT', 'SELECT', 'TEXTAREA', 'IMG', 'SVG', 'VIDEO', 'CANVAS']);
      return [document.documentElement, ...document.body.querySelectorAll('*')].flatMap(
        (element) => {
          if (skipped.has(element.tagName.toUpperCase())) return [];
          const style = getComputedStyle(element);
          if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') return [];
          if (element.scrollWidth <= element.clientWidth + 1) return [];
          const box = element.getBoundingClientRect();
          const hiddenOnPurpose =
            box.width <= 2 || style.clip !== 'auto' || style.clipPath !== 'none';
          if (hiddenOnPurpose || !element.checkVisibility({ visibilityProperty: true })) return [];
          const classes = [...element.classList].map((name) => `.${name}`).join('');
          const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
          return [
            `${element.tagName.toLowerCase()}${classes} "${text}" (${element.scrollWidth} px of content in ${element.clientWidth} px)`,
          ];
        },
      );
    });
    found.push(...clipped.map((element) => `${width} px: ${element}`));
  }
  return found;
}

/** A payable demo bill, by the number printed on it, as a citizen would search for it. */
export function bill(displayNo: string): DemoAccount {
  const found = demoBills().find((candidate) => candidate.displayNo === displayNo);
  if (!found) throw new Error(`no demo bill ${displayNo}`);
  return {
    council: found.councilCode,
    payment_type: found.paymentType,
    query: found.displayNo,
    amount: found.amountDueSen,
  };
}

export const payer = {
  full_name: 'Nurul Aina binti Yusof',
  email: 'nurul.aina@example.com',
  phone: '012-345 6789',
  id_type: 'new_id' as IdentityType,
  id_no: '900101-12-5678',
};

export const cards = {
  approve: '4111 1111 1111 1111',
  decline: '4000 0000 0000 0002',
  approveAfterCallback: '5555 5555 5555 4444',
  pendingAtBank: '4000 0000 0000 0010',
  callbackLost: '4000 0000 0000 0028',
} as const;

/** Picks an identity type and types its number in a form that asks for one. */
export async function fillIdentity(
  scope: Page | Locator,
  language: Language,
  identity: { id_type: IdentityType; id_no: string },
) {
  const texts = catalogues[language];
  await scope.getByRole('combobox', { name: texts.identity.type }).selectOption(identity.id_type);
  await scope.getByLabel(texts.identity.number[identity.id_type]).fill(identity.id_no);
}

/** How a journey pays: a card, a bank by its name, or an e-wallet by its name. */
export type WayToPay =
  | { method: 'card' }
  | { method: 'online_banking' | 'corporate_banking'; bank: string }
  | { method: 'ewallet'; wallet: string };

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Chooses how to pay on the checkout page: the way, then its bank or wallet. */
export async function chooseWayToPay(page: Page, language: Language, how: WayToPay) {
  const texts = catalogues[language];
  await page
    .getByRole('radio', { name: new RegExp(`^${escaped(texts.paymentMethods[how.method])}`) })
    .check();
  if ('bank' in how) {
    await page.getByLabel(texts.checkout.method.bank).selectOption({ label: how.bank });
  }
  if ('wallet' in how) await page.getByRole('radio', { name: how.wallet, exact: true }).check();
}

/** From the cart to the gateway: the payer's details and identity, how to pay, then Pay. */
export async function checkOut(
  page: Page,
  language: Language,
  email: string,
  total: Sen,
  who: typeof payer = payer,
  how: WayToPay = { method: 'card' },
) {
  const texts = catalogues[language];
  await page.goto('/#/cart');
  await page.getByRole('button', { name: texts.cart.checkout }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.pages.checkout);
  await page.getByLabel(texts.checkout.full_name).fill(who.full_name);
  await page.getByLabel(texts.checkout.email, { exact: true }).fill(email);
  await page.getByLabel(texts.checkout.phone).fill(who.phone);
  await fillIdentity(page, language, who);
  await chooseWayToPay(page, language, how);
  await page
    .getByRole('button', { name: fill(texts.checkout.pay, { amount: formatRinggit(total) }) })
    .click();
}

/**
 * At the sandbox's page for a bank, in the payer's language: logs in (with a company ID for a
 * business account), then approves, rejects, or submits it for the company's approver.
 */
export async function payAtBank(
  page: Page,
  language: Language,
  bank: string,
  then: 'approve' | 'reject' | 'submitForApproval',
) {
  const t = translator(language);
  await expect(page.getByRole('heading', { name: t('logInTo', { bank }) })).toBeVisible();
  if (then === 'submitForApproval') await page.getByLabel(t('companyId')).fill('SYARIKAT01');
  await page.getByLabel(t('userId')).fill('nurulaina');
  await page.getByLabel(t('password'), { exact: true }).fill('rahsia-ujian');
  await page.getByRole('button', { name: t('logIn'), exact: true }).click();
  await page.getByRole('button', { name: t(then), exact: true }).click();
}

/** At the sandbox's page for an e-wallet: a mobile number and the test PIN that approves. */
export async function payByWallet(page: Page, language: Language, wallet: string) {
  const t = translator(language);
  await expect(page.getByRole('heading', { name: t('payWith', { wallet }) })).toBeVisible();
  await page.getByLabel(t('mobileNumber')).fill('012-345 6789');
  await page.getByLabel(t('walletPin')).fill('111111');
  await page.getByRole('button', { name: t('pay'), exact: true }).click();
}

/**
 * The gateway's card page speaks the browser's language, as a hosted page does, so each journey's
 * browser prefers the language the payer reads the portal in.
 */
export const browserLocales: Record<Language, string> = { ms: 'ms-MY', en: 'en-MY', zh: 'zh-CN' };

/** On the sandbox's hosted card page, in the payer's language: the card, and Pay. */
export async function payByCard(page: Page, language: Language, cardNumber: string, total: Sen) {
  const t = translator(language);
  await expect(page.getByRole('heading', { name: t('cardDetails') })).toBeVisible();
  const amountShown = formatRinggit(total).replace('RM ', 'MYR ');
  await expect(page.getByText(amountShown, { exact: true })).toBeVisible();
  await page.getByLabel(t('cardNumber')).fill(cardNumber);
  await page.getByLabel(t('cardName')).fill(payer.full_name.toUpperCase());
  await page.getByLabel(t('month'), { exact: true }).selectOption('12');
  await page
    .getByLabel(t('year'), { exact: true })
    .selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel(t('bank')).selectOption('CIMB Bank');
  await page.getByLabel(t('cvv')).fill('123');
  await page.getByRole('button', { name: `${t('pay')} ${amountShown}` }).click();
}

/** The reference the gateway shows for the payment, as the payer could read it off the page. */
export async function referenceOnCardPage(page: Page, language: Language): Promise<string> {
  const t = translator(language);
  const reference = page.locator('dt', { hasText: t('reference') }).locator('+ dd');
  return (await reference.textContent())!.trim();
}

/**
 * Opens the newest message to `recipient` in the local outbox (`/dev/mail`), as its recipient
 * would read it, waiting for the mail job to have written it and for its row to pass `rowShows`.
 */
export async function openNewestMail(
  page: Page,
  recipient: string,
  rowShows: (row: Locator) => Promise<void> = async () => {},
) {
  const newestRow = () => page.getByRole('row', { name: new RegExp(recipient) }).first();
  await expect(async () => {
    await page.goto('/dev/mail');
    await expect(newestRow().getByRole('link').first()).toBeVisible({ timeout: 1000 });
    await rowShows(newestRow());
  }).toPass({ timeout: 15_000 });
  await newestRow().getByRole('link').first().click();
  await page.waitForURL(/\/dev\/mail\/\d+$/);
}

/** Someone new to the portal, with an address no other journey uses. */
export const newPerson = (tag: string) => ({
  email: `${tag}.${Date.now()}@example.com`,
  full_name: 'Mohd Faizal bin Ahmad',
  id_type: 'new_id' as IdentityType,
  id_no: '850315-12-5011',
  phone: '013-888 1234',
  password: 'ikan-bilis-goreng-88',
});

/** The six-digit code of the newest confirmation e-mail, read in a second tab. */
export async function confirmationCode(page: Page, email: string): Promise<string> {
  const mailbox = await page.context().newPage();
  await openNewestMail(mailbox, email);
  // innerText, not textContent: the code's paragraph must end in a line break, not run into the next word.
  const code = /\b(\d{6})\b/.exec(await mailbox.locator('body').innerText())?.[1];
  await mailbox.close();
  expect(code).toBeDefined();
  return code!;
}

/**
 * A new person registered and confirmed through the API as the web app would, which leaves them
 * logged in, with the session's CSRF token. Call it before the page opens the portal: the page's
 * own session call would race these and replace the CSRF cookie.
 */
export async function registeredThroughApi(page: Page, tag: string) {
  const person = newPerson(tag);
  const { csrf_token: csrfToken } = await (await page.request.get('/api/auth/session')).json();
  const registered = await page.request.post('/api/auth/register', {
    headers: { 'x-csrf-token': csrfToken },
    data: { ...person, confirm_password: person.password },
  });
  expect(registered.status()).toBe(202);
  const code = await confirmationCode(page, person.email);
  const confirmed = await page.request.post('/api/auth/verify-email', {
    headers: { 'x-csrf-token': csrfToken },
    data: { email: person.email, code },
  });
  expect(confirmed.status()).toBe(200);
  const { csrf_token: loggedInToken } = (await confirmed.json()) as { csrf_token: string };
  return { person, csrfToken: loggedInToken };
}

function member(email: string) {
  const found = demoStaff.find((candidate) => candidate.email === email);
  if (!found) throw new Error(`no demo staff member ${email}`);
  return found;
}

/** Of a step, the time a journey needs to type its code and send it before the next one begins. */
const codeTypingMs = 10_000;

/**
 * Claims a 30-second step of a staff member's app code for one journey on one portal, waiting for
 * the next step while another journey holds it, or while too little of this one is left to send
 * its code within it. An app code works once, and the server takes no step older than the last it
 * took (docs/back-office.md); journeys in other workers log in as the same demo staff: a file per
 * step, created only by the first to ask, is the claim all the workers share. Answers the step.
 */
async function claimCodeStep(page: Page, email: string): Promise<number> {
  const portal = new URL(page.url()).port;
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 30_000);
    const left = (step + 1) * 30_000 - now;
    if (left >= codeTypingMs) {
      try {
        closeSync(openSync(join(tmpdir(), `portal-e2e-code-${portal}-${email}-${step}`), 'wx'));
        return step;
      } catch {
        // Another journey holds this step.
      }
    }
    await page.waitForTimeout(left + 100);
  }
}

/** Fills the login form as a staff member would, with the code their app shows now. */
export async function logIn(page: Page, language: Language, email: string) {
  const words = officeCatalogues[language].login;
  const step = await claimCodeStep(page, email);
  await page.getByLabel(words.email).fill(email);
  await page.getByLabel(words.password).fill(demoStaffPassword);
  // The code of the step claimed, even if typing it took the clock into the next.
  const secret = Secret.fromBase32(member(email).totpSecret);
  await page.getByLabel(words.code).fill(TOTP.generate({ secret, timestamp: step * 30_000 }));
  await page.getByRole('button', { name: words.submit }).click();
}
