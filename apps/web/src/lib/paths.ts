/**
 * Every route of the portal (spec section 2), named once and used by the router, the links and the
 * tests (STYLE.md 8). Routing is hash based: `paths.cart` is shown as `#/cart`.
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
} as const;

export type PageName = keyof typeof paths;

/** The search screen for one council, as the home page's council picker opens it. */
export function searchPath(council: string): string {
  return `${paths.search}?${new URLSearchParams({ council }).toString()}`;
}

/** The confirmation screen of one payment, as the server's redirect from the gateway opens it. */
export function confirmationPath(reference: string): string {
  return `${paths.confirmation}?${new URLSearchParams({ reference }).toString()}`;
}

/** The receipt of one payment. */
export function receiptPath(reference: string): string {
  return `${paths.receipt}?${new URLSearchParams({ reference }).toString()}`;
}
