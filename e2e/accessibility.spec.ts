import { expect, test, type Page } from '@playwright/test';
import { formatRinggit, sumSen } from '@portal/domain/money';
import {
  confirmationPath,
  licenceCheckPath,
  officePaths,
  officePaymentPath,
  paths,
  receiptPath,
  searchPath,
} from '@portal/domain/web-paths';
import {
  demoBills,
  demoPaymentUnderReview,
  type DemoAccount,
} from '../apps/server/src/demo/demo-data';
import { catalogues, languages, type Language } from './catalogues';
import {
  browserLocales,
  cards,
  checkOut,
  clippedContent,
  findAndAdd,
  logIn,
  payByCard,
  wcagViolations,
  type SearchableType,
} from './journeys';
import { servers, urlOf } from './servers';

const screens = [
  {
    name: 'home',
    path: '/',
    heading: (language: keyof typeof catalogues) => catalogues[language].app.title,
  },
  {
    name: 'page not found',
    path: '/#/no-such-page',
    heading: (language: keyof typeof catalogues) => catalogues[language].pages.notFound,
  },
];

for (const screen of screens) {
  for (const language of languages) {
    test(`The ${screen.name} screen in ${language} has no WCAG 2.2 A or AA violation`, async ({
      page,
    }) => {
      await page.goto(`/?lang=${language}${screen.path.slice(1)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading(language));
      // The council list arrives after the first paint; check the page as a reader finds it.
      await page.waitForLoadState('networkidle');
      expect(await wcagViolations(page)).toEqual([]);
    });
  }
}

/*
 * Nothing cut off (docs/screens.md): on every page, in each language, at each reading width, no
 * visible element's content is wider than its box where overflow is hidden. Each page is loaded
 * once per language and read at every width by resizing the window.
 */

/** Every screen a citizen can open without a payment of their own. */
const publicScreens = [
  paths.home,
  searchPath('mps'),
  paths.cart,
  paths.checkout,
  paths.confirmation,
  paths.receipt,
  paths.receiptCheck,
  paths.licence,
  licenceCheckPath('mps', 'LO-2026-001001'),
  paths.digitalLicense,
  paths.form,
  paths.resetPassword,
  paths.history,
  paths.profile,
  paths.about,
  paths.faq,
  paths.helpline,
  paths.paymentInformation,
  paths.refund,
  paths.privacy,
  paths.terms,
  paths.userAgreement,
  '/no-such-page',
];

/** The back office's screens, as the state admin, who sees them all, finds them. */
const officeScreens = [
  officePaths.payments,
  officePaymentPath(demoPaymentUnderReview.reference),
  officePaths.refunds,
  officePaths.settlement,
  officePaths.switches,
  officePaths.councilProfile,
  officePaths.renewalRules,
  officePaths.billImport,
  officePaths.councilApi,
  officePaths.staff,
  officePaths.settings,
  officePaths.content,
  officePaths.audit,
];

/** Opens a screen in a language as a reader finds it, and lists what it cuts off at each width. */
async function clippedOn(page: Page, path: string, language: Language): Promise<string[]> {
  await page.goto(`/?lang=${language}#${path}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  return (await clippedContent(page)).map((element) => `${path} in ${language} at ${element}`);
}

for (const language of languages) {
  test(`No public screen in ${language} cuts off its content at any reading width`, async ({
    page,
  }) => {
    // Some 20 page loads a language, each read at five widths.
    test.setTimeout(240_000);
    const clipped: string[] = [];
    for (const path of publicScreens) clipped.push(...(await clippedOn(page, path, language)));
    expect(clipped).toEqual([]);
  });
}

/** The first payable demo bill of a type at a council no other journey pays at. */
function payableBill(council: string, paymentType: SearchableType): DemoAccount {
  const found = demoBills().find(
    (candidate) =>
      candidate.councilCode === council &&
      candidate.paymentType === paymentType &&
      candidate.amountDueSen > 0 &&
      ['unpaid', 'active', 'expired'].includes(candidate.status),
  );
  if (!found) throw new Error(`no payable ${paymentType} bill at ${council}`);
  return {
    council: found.councilCode,
    payment_type: paymentType,
    query: found.displayNo,
    amount: found.amountDueSen,
  };
}

test.describe('in a browser that prefers ms', () => {
  test.use({ locale: browserLocales.ms });

  test('A payment of three councils reads whole at every width, in every language: cart, checkout, confirmation, receipt and its check', async ({
    page,
  }) => {
    // A payment, then five screens a language, each read at five widths.
    test.setTimeout(240_000);
    // Long council names, a quarter paid until and a five-figure amount: the widest receipt.
    const chosen = [
      payableBill('mdktn', 'engineer'),
      payableBill('mdkm', 'assessment'),
      payableBill('mdsptg', 'market'),
    ];
    const total = sumSen(chosen.map((found) => found.amount));
    for (const found of chosen) await findAndAdd(page, 'ms', found);
    const clipped: string[] = [];
    for (const language of languages) {
      for (const path of [paths.cart, paths.checkout]) {
        clipped.push(...(await clippedOn(page, path, language)));
      }
    }

    await page.goto('/?lang=ms#/');
    await checkOut(page, 'ms', 'nurul.aina.binti.yusof.sandakan@example.com', total);
    await payByCard(page, 'ms', cards.approve, total);
    const { ms } = catalogues;
    // The gateway's return loads the app afresh: on a busy machine that can take a while.
    await expect(
      page.getByRole('heading', { name: ms.payments.confirmation.successful }),
    ).toBeVisible({ timeout: 30_000 });
    const reference = new URL(page.url().replace('/#/', '/')).searchParams.get('reference')!;
    await page.goto(`/#${receiptPath(reference)}`);
    await expect(page.getByTestId('receipt-total')).toHaveText(formatRinggit(total));
    const checkUrl = new URL(
      (await page.getByRole('link', { name: ms.receipts.receipt.check }).getAttribute('href'))!,
    );
    const checkPath = checkUrl.hash.slice(1);

    for (const language of languages) {
      for (const path of [confirmationPath(reference), receiptPath(reference), checkPath]) {
        clipped.push(...(await clippedOn(page, path, language)));
      }
    }
    expect(clipped).toEqual([]);
  });
});

test.describe('the back office', () => {
  // A portal of its own: no other journey logs in there as the state admin, whose app code
  // works once.
  test.use({ baseURL: urlOf(servers.hurried) });

  test('No back-office screen cuts off its content at any reading width, in any language', async ({
    page,
  }) => {
    // A dozen screens a language, each read at five widths.
    test.setTimeout(240_000);
    const clipped: string[] = [];
    // Before logging in: the login page, and an invitation's page without its link's token.
    for (const language of languages) {
      for (const path of [officePaths.payments, officePaths.enrol]) {
        clipped.push(...(await clippedOn(page, path, language)));
      }
    }
    await page.goto('/?lang=en#/office');
    await logIn(page, 'en', 'admin@staff.portal.test');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const language of languages) {
      for (const path of officeScreens) clipped.push(...(await clippedOn(page, path, language)));
    }
    expect(clipped).toEqual([]);
  });
});
