import * as z from 'zod';
import { contentPages } from '../content-pages';
import { languages } from '../languages';
import type { Endpoint } from './endpoint';

export const contentApi = {
  page: {
    method: 'GET',
    path: '/content',
    summary: "One of the portal's own pages (about, payment information, policies) in a language",
    query: z.object({ page: z.enum(contentPages), lang: z.enum(languages) }),
    answer: z.strictObject({
      page: z.enum(contentPages),
      lang: z.enum(languages),
      title: z.string(),
      body: z.string().describe('Markdown: headings, paragraphs, lists, bold, italics, links'),
      updated_at: z.string().describe('When its words last changed'),
    }),
    errors: ['not_found'],
  },
} as const satisfies Record<string, Endpoint>;
