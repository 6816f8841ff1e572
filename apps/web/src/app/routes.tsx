import { lazy, type ComponentType } from 'react';
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { askLicenceCheckAhead } from '../features/licences/check-licence';
import { askReceiptAhead } from '../features/receipts/receipt-request';
import { HomePage } from '../features/home/HomePage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { withWords } from '../i18n/i18n';
import type { PageKey } from '../lib/page-handle';
import { contentPages } from '@portal/domain/content-pages';
import { officePaths, paths } from '@portal/domain/web-paths';

/** A screen of the route table: its address (wouter's pattern), and its code. */
export interface Screen {
  path: string;
  /** Its code; one fetched when first shown can be asked for ahead. */
  Component: ComponentType & { preload?: () => void };
}

/** A citizen's screen, with its name under `pages.<page>`: the window's title, and what reads the page. */
export interface CitizenScreen extends Screen {
  page: PageKey;
  /**
   * Starts the request the screen opens with, when the page opens at its address: it needs
   * nothing but the address, and comes with the screen's code instead of after it.
   */
  askAhead?: (params: Record<string, string | undefined>, search: URLSearchParams) => void;
}

/**
 * A screen whose code, with the parts of the words it shows, is fetched when it is first shown or
 * asked for ahead (`preload`); meanwhile the nearest Suspense shows its loading state, and a
 * failure reaches the route's error page (RouteErrorPage).
 */
function fetched<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const start = () => (loading ??= load().then((Component) => ({ default: Component })));
  return Object.assign(lazy(start), {
    // A failure is shown when the screen renders, from the same promise.
    preload: () => void start().catch(() => {}),
  });
}

/** The confirmation and the receipt open the payment their address names, `?reference=`. */
const askReceiptOfAddress: CitizenScreen['askAhead'] = (_, search) =>
  askReceiptAhead((search.get('reference') ?? '').trim());

/**
 * The route table (docs/screens.md), matched in order. Only home and the 404 page are in the first
 * download; every other screen is fetched when first visited (budget: 120 KB gzip JS for the home
 * route, `npm run bench:web`).
 */
export const citizenScreens: CitizenScreen[] = [
  { path: paths.home, page: 'home', Component: HomePage },
  {
    path: paths.search,
    page: 'search',
    Component: fetched(
      async () =>
        (
          await withWords(
            ['search', 'cart', 'checkout', 'forms', 'names', 'my-accounts'],
            import('../features/search/SearchPage'),
          )
        ).SearchPage,
    ),
  },
  {
    path: paths.cart,
    page: 'cart',
    Component: fetched(
      async () =>
        (await withWords(['cart', 'names', 'search'], import('../features/cart/CartPage')))
          .CartPage,
    ),
  },
  {
    path: paths.checkout,
    page: 'checkout',
    Component: fetched(
      async () =>
        (
          await withWords(
            ['checkout', 'cart', 'forms', 'names', 'payments', 'receipts'],
            import('../features/checkout/CheckoutPage'),
          )
        ).CheckoutPage,
    ),
  },
  {
    path: paths.confirmation,
    page: 'confirmation',
    askAhead: askReceiptOfAddress,
    Component: fetched(
      async () =>
        (
          await withWords(
            ['payments', 'forms', 'names', 'receipts'],
            import('../features/payments/ConfirmationPage'),
          )
        ).ConfirmationPage,
    ),
  },
  {
    path: paths.receipt,
    page: 'receipt',
    askAhead: askReceiptOfAddress,
    Component: fetched(
      async () =>
        (
          await withWords(
            ['receipts', 'forms', 'names'],
            import('../features/receipts/ReceiptPage'),
          )
        ).ReceiptPage,
    ),
  },
  {
    path: paths.receiptCheck,
    page: 'receiptCheck',
    Component: fetched(
      async () =>
        (await withWords(['receipts', 'names'], import('../features/receipts/ReceiptCheckPage')))
          .ReceiptCheckPage,
    ),
  },
  {
    path: paths.form,
    page: 'form',
    Component: fetched(
      async () =>
        (await withWords(['accounts', 'forms'], import('../features/accounts/RegistrationPage')))
          .RegistrationPage,
    ),
  },
  {
    path: paths.resetPassword,
    page: 'resetPassword',
    Component: fetched(
      async () =>
        (await withWords(['accounts', 'forms'], import('../features/accounts/ResetPasswordPage')))
          .ResetPasswordPage,
    ),
  },
  {
    path: paths.profile,
    page: 'profile',
    Component: fetched(
      async () =>
        (
          await withWords(
            ['accounts', 'forms', 'my-accounts'],
            import('../features/accounts/ProfilePage'),
          )
        ).ProfilePage,
    ),
  },
  {
    path: paths.myAccounts,
    page: 'myAccounts',
    Component: fetched(
      async () =>
        (
          await withWords(
            ['my-accounts', 'accounts', 'cart', 'forms', 'names'],
            import('../features/my-accounts/MyAccountsPage'),
          )
        ).MyAccountsPage,
    ),
  },
  {
    path: paths.history,
    page: 'history',
    Component: fetched(
      async () =>
        (
          await withWords(
            ['history', 'accounts', 'names'],
            import('../features/history/HistoryPage'),
          )
        ).HistoryPage,
    ),
  },
  {
    path: paths.licence,
    page: 'licence',
    Component: fetched(
      async () =>
        (
          await withWords(
            ['licences', 'cart', 'forms', 'names', 'search'],
            import('../features/licences/LicencesPage'),
          )
        ).LicencesPage,
    ),
  },
  {
    path: paths.digitalLicense,
    page: 'digitalLicense',
    Component: fetched(
      async () =>
        (
          await withWords(
            ['licences', 'accounts', 'forms', 'names', 'search'],
            import('../features/licences/DigitalLicencePage'),
          )
        ).DigitalLicencePage,
    ),
  },
  {
    // With the licence number its QR code carries, or without (the check's own form).
    path: `${paths.licenceCheck}/:licenceNo?`,
    page: 'licenceCheck',
    askAhead: ({ licenceNo }, search) =>
      askLicenceCheckAhead(search.get('council') ?? '', licenceNo ?? ''),
    Component: fetched(
      async () =>
        (
          await withWords(
            ['licences', 'names', 'receipts'],
            import('../features/licences/LicenceCheckPage'),
          )
        ).LicenceCheckPage,
    ),
  },
  ...contentPages.map((page): CitizenScreen => ({
    path: paths[page],
    page,
    Component:
      page === 'helpline'
        ? fetched(
            async () =>
              (await withWords(['content'], import('../features/content/HelplinePage')))
                .HelplinePage,
          )
        : fetched(
            async () =>
              (await withWords(['content'], import('../features/content/ContentPage'))).ContentPage,
          ),
  })),
  { path: '*', page: 'notFound', Component: NotFoundPage },
];

/**
 * The council back office (docs/back-office.md): its layout, words and screens are fetched only
 * when a page under it is opened, never by a citizen.
 */
export const officeArea = `${officePaths.payments}/*?`;

export const OfficeLayout = fetched(async () => {
  const [{ OfficeLayout }] = await Promise.all([
    withWords(['forms'], import('../features/staff/OfficeLayout')),
    import('../features/staff/office-words').then((words) => words.loadOfficeWords()),
  ]);
  return OfficeLayout;
});

export const officeScreens: Screen[] = [
  {
    path: officePaths.payments,
    Component: fetched(
      async () =>
        (
          await withWords(
            ['forms', 'names', 'payments', 'receipts'],
            import('../features/office-payments/OfficePaymentsPage'),
          )
        ).OfficePaymentsPage,
    ),
  },
  {
    path: officePaths.payment,
    Component: fetched(
      async () =>
        (
          await withWords(
            ['forms', 'names', 'payments', 'receipts'],
            import('../features/office-payments/OfficePaymentPage'),
          )
        ).OfficePaymentPage,
    ),
  },
  {
    path: officePaths.settlement,
    Component: fetched(
      async () =>
        (await withWords(['forms', 'names'], import('../features/settlement/SettlementPage')))
          .SettlementPage,
    ),
  },
  {
    path: officePaths.refunds,
    Component: fetched(
      async () =>
        (
          await withWords(
            ['forms', 'payments', 'receipts'],
            import('../features/refunds/RefundQueuePage'),
          )
        ).RefundQueuePage,
    ),
  },
  {
    path: officePaths.switches,
    Component: fetched(
      async () =>
        (await withWords(['forms', 'names'], import('../features/switches/SwitchesPage')))
          .SwitchesPage,
    ),
  },
  {
    path: officePaths.applications,
    Component: fetched(
      async () =>
        (
          await withWords(
            ['forms', 'names', 'licences'],
            import('../features/licence-applications/ApplicationsPage'),
          )
        ).ApplicationsPage,
    ),
  },
  {
    path: officePaths.councilProfile,
    Component: fetched(
      async () =>
        (await withWords(['forms'], import('../features/council-profile/CouncilProfilePage')))
          .CouncilProfilePage,
    ),
  },
  {
    path: officePaths.renewalRules,
    Component: fetched(
      async () =>
        (await withWords(['forms', 'names'], import('../features/renewal-rules/RenewalRulesPage')))
          .RenewalRulesPage,
    ),
  },
  {
    path: officePaths.billImport,
    Component: fetched(
      async () =>
        (
          await withWords(
            ['forms', 'history', 'names'],
            import('../features/bill-import/BillImportPage'),
          )
        ).BillImportPage,
    ),
  },
  {
    path: officePaths.councilApi,
    Component: fetched(
      async () =>
        (await withWords(['forms'], import('../features/council-api/CouncilApiPage')))
          .CouncilApiPage,
    ),
  },
  {
    path: officePaths.staff,
    Component: fetched(
      async () => (await withWords(['forms'], import('../features/staff/StaffPage'))).StaffPage,
    ),
  },
  {
    path: officePaths.settings,
    Component: fetched(
      async () =>
        (await withWords(['forms'], import('../features/settings/SiteSettingsPage')))
          .SiteSettingsPage,
    ),
  },
  {
    path: officePaths.content,
    Component: fetched(
      async () =>
        (await withWords(['content', 'forms'], import('../features/content/ContentEditorPage')))
          .ContentEditorPage,
    ),
  },
  {
    path: officePaths.enrol,
    Component: fetched(
      async () =>
        (await withWords(['accounts', 'forms'], import('../features/staff/EnrolPage'))).EnrolPage,
    ),
  },
  {
    path: officePaths.audit,
    Component: fetched(
      async () =>
        (await withWords(['forms', 'names'], import('../features/audit/AuditPage'))).AuditPage,
    ),
  },
];

/**
 * Starts fetching the code and words of the citizen screen an address shows, and the request it
 * opens with if it says so, so that they arrive alongside the shell's words rather than after the
 * first render (a round trip less on a slow phone line). The route table decides which screen, as
 * the router will.
 */
export function preloadScreenOf([path, search]: [path: string, search: string]): void {
  for (const screen of citizenScreens) {
    const [matches, params] = matchRoute(parse, screen.path, path);
    if (!matches) continue;
    screen.Component.preload?.();
    screen.askAhead?.(params as Record<string, string | undefined>, new URLSearchParams(search));
    return;
  }
}
