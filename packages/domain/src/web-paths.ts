/**
 * Every screen of the web app, named once: the router, its links, the tests, and the server's
 * redirects and e-mailed links all take them from here. Routing is hash based: `paths.cart` is
 * shown as `#/cart`.
 */
export const paths = {
  home: '/',
  about: '/about',
  cart: '/cart',
  checkout: '/checkout',
  confirmation: '/confirmation',
  digitalLicense: '/digital_license',
  faq: '/faq',
  form: '/form',
  helpline: '/helpline',
  history: '/history',
  /** Licence search and renewal, and application status: `?council=mps&search=trading`. */
  licence: '/license',
  /** The public check of a licence, `/license/detail/{licence number}?council=mps` (its QR). */
  licenceCheck: '/license/detail',
  /** A logged-in user's saved accounts (docs/my-accounts.md). */
  myAccounts: '/my_accounts',
  paymentInformation: '/payment_information',
  privacy: '/privacy',
  profile: '/profile',
  receipt: '/receipt',
  /** Where a receipt's QR code leads: the public check that it is genuine. */
  receiptCheck: '/receipt_check',
  refund: '/refund',
  resetPassword: '/reset_password',
  search: '/search',
  terms: '/terms',
  /** What a registered user and a payer agree to; linked from registration and checkout. */
  userAgreement: '/user_agreement',
} as const;

export type PageName = keyof typeof paths;

/** `a=1&b=2`; the domain compiles without DOM or Node types, so URLSearchParams is not at hand. */
function queryOf(query: Record<string, string>): string {
  return Object.entries(query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
}

/** The search screen for one council, as the home page's council picker opens it. */
export function searchPath(council: string): string {
  return `${paths.search}?${queryOf({ council })}`;
}

/**
 * The ways the search screen finds bills: one by its number (the default, `?type=`), or a list by
 * a vehicle's plate or an owner's identity number (`?by=plate`, docs/search.md).
 */
export const searchWays = ['number', 'plate', 'owner'] as const;

export type SearchWay = (typeof searchWays)[number];

/** The search screen on one of its ways, at a council when one is chosen. */
export function searchWayPath(way: SearchWay, council = ''): string {
  const query = { ...(council && { council }), ...(way !== 'number' && { by: way }) };
  return Object.keys(query).length > 0 ? `${paths.search}?${queryOf(query)}` : paths.search;
}

/**
 * One bill, found and ready to add, as a link a council prints on its paper bill (a QR code): its
 * council, type and number, and nothing about whose it is.
 */
export function billPath(bill: { council: string; payment_type: string; account_no: string }) {
  const { council, payment_type: type, account_no: account } = bill;
  return `${paths.search}?${queryOf({ council, type, account })}`;
}

/** The three licence searches of the licence screen. */
export const licenceSearches = ['operating', 'trading', 'application'] as const;

export type LicenceSearch = (typeof licenceSearches)[number];

/** The licence screen, on one of its searches at a council, with a licence number filled in. */
export function licencePath(query: {
  council?: string;
  search?: LicenceSearch;
  licence_no?: string;
}): string {
  const given = Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return Object.keys(given).length > 0 ? `${paths.licence}?${queryOf(given)}` : paths.licence;
}

/** The public check of one licence, where its printed QR code leads. */
export function licenceCheckPath(council: string, licenceNo: string): string {
  return `${paths.licenceCheck}/${encodeURIComponent(licenceNo)}?${queryOf({ council })}`;
}

/** The confirmation screen of one payment, as the server's redirect from the gateway opens it. */
export function confirmationPath(reference: string): string {
  return `${paths.confirmation}?${queryOf({ reference })}`;
}

/** The receipt of one payment. */
export function receiptPath(reference: string): string {
  return `${paths.receipt}?${queryOf({ reference })}`;
}

/** The address of a screen for a redirect or an e-mail: `${publicUrl}/#/receipt_check?...`. */
export function screenUrl(
  publicUrl: string,
  path: (typeof paths)[PageName] | (typeof officePaths)[keyof typeof officePaths],
  query: Record<string, string>,
): string {
  return `${publicUrl}/#${path}?${queryOf(query)}`;
}

/**
 * The council back office's screens (docs/back-office.md), under `#/office`: a route tree of their
 * own, with their own layout and words, that the citizens' screens never load.
 */
export const officePaths = {
  payments: '/office',
  payment: '/office/payments/:reference',
  audit: '/office/audit',
  settlement: '/office/settlement',
  refunds: '/office/refunds',
  switches: '/office/switches',
  councilProfile: '/office/council-profile',
  renewalRules: '/office/renewal-rules',
  staff: '/office/staff',
  settings: '/office/settings',
  content: '/office/content',
  councilApi: '/office/council-api',
  billImport: '/office/bill-import',
  applications: '/office/licence-applications',
  /** Where an invited staff member sets their password and authenticator app, before any login. */
  enrol: '/office/enrol',
} as const;

/** One payment's page in the back office. */
export function officePaymentPath(reference: string): string {
  return officePaths.payment.replace(':reference', encodeURIComponent(reference));
}
