import AxeBuilder from '@axe-core/playwright';
import { formatRinggit } from '@portal/domain/money';
import type { PaymentType } from '@portal/domain/payment-types';
import { expect, type Page } from '@playwright/test';
import { demoAccounts, type DemoAccount } from '../apps/server/src/demo/demo-data';
import { catalogues, type Language } from './catalogues';

/** The steps of a citizen's journey that several specs walk: find a bill, add it, read the cart. */

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

/** WCAG 2.2 level A and AA, and the earlier versions' rules it keeps: each violation in a line. */
export async function wcagViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}
