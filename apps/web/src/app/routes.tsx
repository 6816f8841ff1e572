import type { RouteObject } from 'react-router';
import { HomePage } from '../features/home/HomePage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { withWords } from '../i18n/i18n';
import type { PageHandle } from '../lib/page-handle';
import { contentPages } from '@portal/domain/content-pages';
import { officePaths, paths } from '@portal/domain/web-paths';
import { RouteErrorPage } from './RouteErrorPage';
import { AppLayout, AppLayoutFallback } from './shell/AppLayout';

function handle(page: PageHandle['page']): PageHandle {
  return { page };
}

/**
 * The route table (docs/screens.md). Only home and the 404 page are in the first download; every other
 * screen is fetched when first visited (budget: 110 KB gzip JS for the home route, `npm run bench:web`).
 */
export const routes: RouteObject[] = [
  {
    // The council back office (docs/back-office.md): its layout, words and screens are fetched only
    // when a page under it is opened, never by a citizen.
    path: officePaths.payments,
    ErrorBoundary: RouteErrorPage,
    // Nothing of the citizens' shell while the back office's code arrives.
    HydrateFallback: () => null,
    lazy: async () => {
      const [{ OfficeLayout }] = await Promise.all([
        withWords(['forms'], import('../features/staff/OfficeLayout')),
        import('../features/staff/office-words').then((words) => words.loadOfficeWords()),
      ]);
      return { Component: OfficeLayout };
    },
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (
            await withWords(
              ['forms', 'names', 'payments', 'receipts'],
              import('../features/office-payments/OfficePaymentsPage'),
            )
          ).OfficePaymentsPage,
        }),
      },
      {
        path: officePaths.payment,
        lazy: async () => ({
          Component: (
            await withWords(
              ['forms', 'names', 'payments', 'receipts'],
              import('../features/office-payments/OfficePaymentPage'),
            )
          ).OfficePaymentPage,
        }),
      },
      {
        path: officePaths.settlement,
        lazy: async () => ({
          Component: (
            await withWords(['forms', 'names'], import('../features/settlement/SettlementPage'))
          ).SettlementPage,
        }),
      },
      {
        path: officePaths.refunds,
        lazy: async () => ({
          Component: (
            await withWords(
              ['forms', 'payments', 'receipts'],
              import('../features/refunds/RefundQueuePage'),
            )
          ).RefundQueuePage,
        }),
      },
      {
        path: officePaths.switches,
        lazy: async () => ({
          Component: (
            await withWords(['forms', 'names'], import('../features/switches/SwitchesPage'))
          ).SwitchesPage,
        }),
      },
      {
        path: officePaths.applications,
        lazy: async () => ({
          Component: (
            await withWords(
              ['forms', 'names', 'licences'],
              import('../features/licence-applications/ApplicationsPage'),
            )
          ).ApplicationsPage,
        }),
      },
      {
        path: officePaths.councilProfile,
        lazy: async () => ({
          Component: (
            await withWords(['forms'], import('../features/council-profile/CouncilProfilePage'))
          ).CouncilProfilePage,
        }),
      },
      {
        path: officePaths.renewalRules,
        lazy: async () => ({
          Component: (
            await withWords(
              ['forms', 'names'],
              import('../features/renewal-rules/RenewalRulesPage'),
            )
          ).RenewalRulesPage,
        }),
      },
      {
        path: officePaths.billImport,
        lazy: async () => ({
          Component: (
            await withWords(
              ['forms', 'history', 'names'],
              import('../features/bill-import/BillImportPage'),
            )
          ).BillImportPage,
        }),
      },
      {
        path: officePaths.councilApi,
        lazy: async () => ({
          Component: (await withWords(['forms'], import('../features/council-api/CouncilApiPage')))
            .CouncilApiPage,
        }),
      },
      {
        path: officePaths.staff,
        lazy: async () => ({
          Component: (await withWords(['forms'], import('../features/staff/StaffPage'))).StaffPage,
        }),
      },
      {
        path: officePaths.settings,
        lazy: async () => ({
          Component: (await withWords(['forms'], import('../features/settings/SiteSettingsPage')))
            .SiteSettingsPage,
        }),
      },
      {
        path: officePaths.content,
        lazy: async () => ({
          Component: (
            await withWords(['content', 'forms'], import('../features/content/ContentEditorPage'))
          ).ContentEditorPage,
        }),
      },
      {
        path: officePaths.enrol,
        lazy: async () => ({
          Component: (await withWords(['accounts', 'forms'], import('../features/staff/EnrolPage')))
            .EnrolPage,
        }),
      },
      {
        path: officePaths.audit,
        lazy: async () => ({
          Component: (await withWords(['forms', 'names'], import('../features/audit/AuditPage')))
            .AuditPage,
        }),
      },
    ],
  },
  {
    path: paths.home,
    Component: AppLayout,
    HydrateFallback: AppLayoutFallback,
    children: [
      {
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, Component: HomePage, handle: handle('home') },
          {
            path: paths.search,
            handle: handle('search'),
            lazy: async () => ({
              Component: (
                await withWords(
                  ['search', 'cart', 'checkout', 'forms', 'names', 'my-accounts'],
                  import('../features/search/SearchPage'),
                )
              ).SearchPage,
            }),
          },
          {
            path: paths.cart,
            handle: handle('cart'),
            lazy: async () => ({
              Component: (
                await withWords(['cart', 'names', 'search'], import('../features/cart/CartPage'))
              ).CartPage,
            }),
          },
          {
            path: paths.checkout,
            handle: handle('checkout'),
            lazy: async () => ({
              Component: (
                await withWords(
                  ['checkout', 'cart', 'forms', 'names', 'payments', 'receipts'],
                  import('../features/checkout/CheckoutPage'),
                )
              ).CheckoutPage,
            }),
          },
          {
            path: paths.confirmation,
            handle: handle('confirmation'),
            lazy: async () => ({
              Component: (
                await withWords(
                  ['payments', 'forms', 'names', 'receipts'],
                  import('../features/payments/ConfirmationPage'),
                )
              ).ConfirmationPage,
            }),
          },
          {
            path: paths.receipt,
            handle: handle('receipt'),
            lazy: async () => ({
              Component: (
                await withWords(
                  ['receipts', 'forms', 'names'],
                  import('../features/receipts/ReceiptPage'),
                )
              ).ReceiptPage,
            }),
          },
          {
            path: paths.receiptCheck,
            handle: handle('receiptCheck'),
            lazy: async () => ({
              Component: (
                await withWords(
                  ['receipts', 'names'],
                  import('../features/receipts/ReceiptCheckPage'),
                )
              ).ReceiptCheckPage,
            }),
          },
          {
            path: paths.form,
            handle: handle('form'),
            lazy: async () => ({
              Component: (
                await withWords(
                  ['accounts', 'forms'],
                  import('../features/accounts/RegistrationPage'),
                )
              ).RegistrationPage,
            }),
          },
          {
            path: paths.resetPassword,
            handle: handle('resetPassword'),
            lazy: async () => ({
              Component: (
                await withWords(
                  ['accounts', 'forms'],
                  import('../features/accounts/ResetPasswordPage'),
                )
              ).ResetPasswordPage,
            }),
          },
          {
            path: paths.profile,
            handle: handle('profile'),
            lazy: async () => ({
              Component: (
                await withWords(
                  ['accounts', 'forms', 'my-accounts'],
                  import('../features/accounts/ProfilePage'),
                )
              ).ProfilePage,
            }),
          },
          {
            path: paths.myAccounts,
            handle: handle('myAccounts'),
            lazy: async () => ({
              Component: (
                await withWords(
                  ['my-accounts', 'accounts', 'cart', 'forms', 'names'],
                  import('../features/my-accounts/MyAccountsPage'),
                )
              ).MyAccountsPage,
            }),
          },
          {
            path: paths.history,
            handle: handle('history'),
            lazy: async () => ({
              Component: (
                await withWords(
                  ['history', 'accounts', 'names'],
                  import('../features/history/HistoryPage'),
                )
              ).HistoryPage,
            }),
          },
          {
            path: paths.licence,
            handle: handle('licence'),
            lazy: async () => ({
              Component: (
                await withWords(
                  ['licences', 'cart', 'forms', 'names', 'search'],
                  import('../features/licences/LicencesPage'),
                )
              ).LicencesPage,
            }),
          },
          {
            path: paths.digitalLicense,
            handle: handle('digitalLicense'),
            lazy: async () => ({
              Component: (
                await withWords(
                  ['licences', 'accounts', 'forms', 'names', 'search'],
                  import('../features/licences/DigitalLicencePage'),
                )
              ).DigitalLicencePage,
            }),
          },
          ...[paths.licenceCheck, `${paths.licenceCheck}/:licenceNo`].map((path): RouteObject => ({
            path,
            handle: handle('licenceCheck'),
            lazy: async () => ({
              Component: (
                await withWords(
                  ['licences', 'names', 'receipts'],
                  import('../features/licences/LicenceCheckPage'),
                )
              ).LicenceCheckPage,
            }),
          })),
          ...contentPages.map((page): RouteObject => ({
            path: paths[page],
            handle: handle(page),
            lazy:
              page === 'helpline'
                ? async () => ({
                    Component: (
                      await withWords(['content'], import('../features/content/HelplinePage'))
                    ).HelplinePage,
                  })
                : async () => ({
                    Component: (
                      await withWords(['content'], import('../features/content/ContentPage'))
                    ).ContentPage,
                  }),
          })),
          { path: '*', Component: NotFoundPage, handle: handle('notFound') },
        ],
      },
    ],
  },
];
