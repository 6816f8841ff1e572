import type { PageName } from './web-paths';

/**
 * The portal's own pages whose words are data (docs/content-pages.md): stored in the database in
 * each language, written in the safe Markdown of `markdown.ts`, editable without a release. Each
 * is a screen of the same name in `web-paths.ts`.
 */
export const contentPages = [
  'about',
  'faq',
  'helpline',
  'paymentInformation',
  'refund',
  'privacy',
  'terms',
  'userAgreement',
] as const satisfies readonly PageName[];

export type ContentPageName = (typeof contentPages)[number];
