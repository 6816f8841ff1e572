import * as z from 'zod';
import { paymentMethods } from '../payment-methods';
import { councilCodes } from '../councils';
import { isoDate, settlementSignatureSchema } from '../forms';
import { paymentTypes } from '../payment-types';
import type { OfficeEndpoint } from './endpoint';

/**
 * A council's settlement for a day (docs/back-office.md): every ledger entry posted that Malaysia
 * day for the council's bills, which is what the gateway pays into the council's account and what
 * its accounting system takes in. Made from the ledger itself, so it matches it to the sen.
 */
export const settlementQuery = z.object({
  council: z.enum(councilCodes),
  /** A Malaysia calendar day, YYYY-MM-DD. */
  day: isoDate,
});

export type SettlementQuery = z.output<typeof settlementQuery>;

const sen = z.number().int().describe('in sen');

const settlementLine = z.strictObject({
  reference: z.string(),
  /** A payment taken in, or a refund given back of it (a negative amount). */
  entry: z.enum(['payment', 'refund']),
  /** ISO timestamp (UTC) of the posting. */
  posted_at: z.string(),
  payment_type: z.enum(paymentTypes),
  account_no: z.string(),
  description: z.string(),
  amount: sen,
  /** How it was paid: the gateway pays each method out apart, so the books reconcile by it. */
  payment_method: z.enum(paymentMethods),
  /** The bank or e-wallet; null for a card. */
  payment_channel: z.string().nullable(),
});

export type SettlementLine = z.output<typeof settlementLine>;

export const settlementReport = z.strictObject({
  council: z.enum(councilCodes),
  day: z.string(),
  lines: z.array(settlementLine),
  count: z.number().int(),
  total: sen,
});

export type SettlementReport = z.output<typeof settlementReport>;

const settlementErrors = ['login_required', 'forbidden'] as const;

export const settlementApi = {
  day: {
    method: 'GET',
    path: '/office/settlement',
    summary: 'A council’s settled lines and total for a Malaysia day, from the ledger',
    access: 'finance',
    query: settlementQuery,
    answer: settlementReport,
    errors: settlementErrors,
  },
  csv: {
    method: 'GET',
    path: '/office/settlement/csv',
    summary: 'The same day’s settlement as CSV, for the council’s accounting system',
    access: 'finance',
    query: settlementQuery,
    file: { types: ['text/csv'] },
    answer: z.unknown(),
    errors: settlementErrors,
  },
  auditCsv: {
    method: 'GET',
    path: '/office/settlement/audit-csv',
    summary:
      'What staff did about the council that day, from the audit log, as CSV to keep with the settlement',
    access: 'finance',
    query: settlementQuery,
    file: { types: ['text/csv'] },
    answer: z.unknown(),
    errors: settlementErrors,
  },
  pdf: {
    method: 'GET',
    path: '/office/settlement/pdf',
    summary:
      'The same day’s settlement as a PDF signed by the portal, to print and file with the accounts',
    access: 'finance',
    query: settlementQuery,
    file: { types: ['application/pdf'] },
    answer: z.unknown(),
    errors: settlementErrors,
  },
  checkSignature: {
    method: 'POST',
    path: '/office/settlement/check',
    summary:
      'Whether a settlement PDF’s signature is the portal’s for that council and day, as the ledger stands',
    access: 'finance',
    body: settlementQuery.extend(settlementSignatureSchema.shape),
    answer: z.strictObject({ genuine: z.boolean(), count: z.number().int(), total: sen }),
    errors: settlementErrors,
  },
  summary: {
    method: 'GET',
    path: '/office/settlement/summary',
    summary: 'Every council’s settled count and total for a Malaysia day (state admin)',
    access: '_admin',
    query: z.object({ day: isoDate }),
    answer: z.strictObject({
      day: z.string(),
      councils: z.array(
        z.strictObject({ council: z.enum(councilCodes), count: z.number().int(), total: sen }),
      ),
      count: z.number().int(),
      total: sen,
    }),
    errors: settlementErrors,
  },
} as const satisfies Record<string, OfficeEndpoint>;
