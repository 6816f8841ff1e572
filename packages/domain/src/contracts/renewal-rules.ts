import * as z from 'zod';
import { councilCodes } from '../councils';
import { renewalRulesSchema } from '../forms';
import { languages } from '../languages';
import { licenceStatuses } from '../licences';
import { councilQuery } from './councils';
import type { OfficeEndpoint } from './endpoint';
import { named } from './named';

const day = z.string().describe('YYYY-MM-DD, Malaysia');

const translated = z.strictObject(
  Object.fromEntries(languages.map((lang) => [lang, z.string()])) as Record<
    (typeof languages)[number],
    z.ZodString
  >,
);

/** One reduction of the licence fee, in force from `from` to `to`, both days included. */
const reduction = z.discriminatedUnion('method', [
  named(
    'PercentageReduction',
    z.strictObject({
      name: translated,
      method: z.literal('percentage'),
      percent: z.number().int().describe('Whole percent of the licence fee, 1-100'),
      from: day,
      to: day,
    }),
  ),
  named(
    'DirectReduction',
    z.strictObject({
      name: translated,
      method: z.literal('direct'),
      amount_sen: z.number().int().describe('In sen, taken off the licence fee, never below zero'),
      from: day,
      to: day,
    }),
  ),
]);

/**
 * A council's licence renewal rules (docs/licences.md), with the version a change must name: a
 * change made by someone else since it was read refuses it (`rules_changed`).
 */
export const renewalRules = named(
  'RenewalRules',
  z.strictObject({
    council: z.enum(councilCodes),
    version: z.number().int(),
    process_fee_sen: z.number().int().describe('in sen, charged once a renewal'),
    early_renewal_days: z.number().int(),
    renewable_statuses: z.array(z.enum(licenceStatuses)),
    reductions: z.array(reduction).describe('By their first day'),
  }),
);

export type RenewalRulesView = z.output<typeof renewalRules>;

const officeErrors = ['login_required', 'forbidden'] as const;

export const renewalRulesApi = {
  get: {
    method: 'GET',
    path: '/office/renewal-rules',
    summary: 'A council’s licence renewal rules and reductions, with their version',
    access: 'council_admin',
    query: councilQuery,
    answer: renewalRules,
    errors: [...officeErrors, 'not_found'],
  },
  change: {
    method: 'PUT',
    path: '/office/renewal-rules',
    summary:
      'Replace a council’s renewal rules and reductions, naming the version they were read at',
    access: 'council_admin',
    body: renewalRulesSchema,
    answer: renewalRules,
    errors: [
      ...officeErrors,
      'not_found',
      'validation_failed',
      'reductions_overlap',
      'rules_changed',
    ],
  },
} as const satisfies Record<string, OfficeEndpoint>;
