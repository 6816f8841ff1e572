import * as z from 'zod';
import { contentPages } from '../content-pages';
import { languages } from '../languages';
import { contentPageFormSchema } from '../forms';
import type { Endpoint, OfficeEndpoint } from './endpoint';
import { named } from './named';

const storedPage = z.strictObject({
  page: z.enum(contentPages),
  lang: z.enum(languages),
  title: z.string(),
  body: z.string().describe('Markdown: headings, paragraphs, lists, bold, italics, links'),
  updated_at: z.string().describe('When its words last changed'),
});

export const contentApi = {
  page: {
    method: 'GET',
    path: '/content',
    summary: "One of the portal's own pages (about, payment information, policies) in a language",
    query: z.object({ page: z.enum(contentPages), lang: z.enum(languages) }),
    answer: storedPage,
    errors: ['not_found'],
  },
} as const satisfies Record<string, Endpoint>;

export const contentPageQuery = z.object({
  page: z.enum(contentPages),
  lang: z.enum(languages),
});

const officePage = named(
  'OfficePage',
  z.strictObject({
    ...storedPage.shape,
    /** Who last changed its words: a staff member's e-mail, or the seed. */
    updated_by: z.string(),
  }),
);

export type OfficeContentPage = z.output<typeof officePage>;

/** The state admin's editing of the portal's own pages (docs/content-pages.md). */
export const officeContentApi = {
  get: {
    method: 'GET',
    path: '/office/content',
    summary: 'One of the portal’s own pages in a language, to edit',
    access: '_admin',
    query: contentPageQuery,
    answer: officePage,
    errors: ['login_required', 'forbidden', 'not_found'],
  },
  change: {
    method: 'POST',
    path: '/office/content',
    summary: 'Change a page’s title and words in one language, with a reason',
    access: '_admin',
    body: contentPageFormSchema,
    answer: officePage,
    errors: ['login_required', 'forbidden', 'not_found'],
  },
} as const satisfies Record<string, OfficeEndpoint>;
