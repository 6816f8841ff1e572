import * as z from 'zod';
import { paymentMethods } from '../payment-methods';
import { applicationRecord } from '../application-records';
import { billRecord } from '../bill-records';
import { paymentTypes } from '../payment-types';
import {
  apiKeyFormSchema,
  reasonFormSchema,
  webhookFormSchema,
  webhookRemovalFormSchema,
} from '../forms';
import { councilQuery } from './councils';
import type { Endpoint, OfficeEndpoint } from './endpoint';
import { idParams } from './params';
import { named } from './named';

/**
 * The council API (docs/council-api.md): how a council's own billing and licensing systems keep
 * the portal's bills current and take its payments back into their books. Machines call it with a
 * key a council admin made in the back office, sent as `Authorization: Bearer <key>`.
 */

/** The most records one call may send; more go in further calls. */
export const maxBatchRecords = 1000;

/** Why the portal refused one record of a batch. */
export const recordRefusals = [
  // the record is not a valid bill of its type: `fields` names what is wrong
  'invalid',
  // the record names a council other than the key's
  'other_council',
  // a citizen is paying the bill right now: send the record again after `release_at`
  'payment_in_progress',
  // another call changed the same bill at the same moment: send the record again
  'changed_meanwhile',
  // a citizen paid the bill through the portal after the record's `as_of` (or it has none): take
  // `payment_reference` in from the ledger feed and send the record again with a later `as_of`
  'paid_by_portal',
  // an officer moved the application on in the portal, and the record's history lacks that step:
  // take the officer's decision into the council's system, then send the history with it
  'decided_in_portal',
] as const;

export type RecordRefusal = (typeof recordRefusals)[number];

export const recordOutcomes = ['created', 'updated', 'unchanged', 'refused'] as const;

export type RecordOutcome = (typeof recordOutcomes)[number];

const recordResult = named(
  'RecordResult',
  z.strictObject({
    /** The record's place in the batch, from 0. */
    index: z.number().int(),
    payment_type: z.string().nullable(),
    account_no: z.string().nullable(),
    outcome: z.enum(recordOutcomes),
    reason: z.enum(recordRefusals).optional(),
    /** For `invalid`: what is wrong, by the field's path in the record. */
    fields: z.record(z.string(), z.string()).optional(),
    /** For `payment_in_progress`: when the payment lets the bill go at the latest (ISO). */
    release_at: z.string().optional(),
    /** For `paid_by_portal`: the payment's reference, as the ledger feed names it. */
    payment_reference: z.string().optional(),
    /** For `paid_by_portal`: when the payment settled (ISO); an `as_of` after it is taken. */
    paid_at: z.string().optional(),
  }),
);

export type RecordResult = z.output<typeof recordResult>;

export const batchAnswer = named(
  'BatchAnswer',
  z.strictObject({
    /** Whether the outcomes were written: false for a dry run, or an atomic batch with a refusal. */
    applied: z.boolean(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
    records: z.array(recordResult),
  }),
);

export type BatchAnswer = z.output<typeof batchAnswer>;

const yesOrNo = z.enum(['true', 'false']).default('false');

export const councilBillsApi = {
  upsert: {
    method: 'POST',
    path: '/council/v1/bills',
    summary:
      'Create or update bills and licences of the key’s council, by payment type and account number',
    query: z.object({
      atomic: yesOrNo.describe('true: all records are written, or none when one is refused'),
      dry_run: yesOrNo.describe('true: answer what would happen, and write nothing'),
    }),
    body: z.object({
      records: z
        .array(billRecord)
        .min(1)
        .max(maxBatchRecords)
        .describe('Each checked on its own; one payment type and account number at most once'),
    }),
    // A thousand records of a few hundred characters each, with room for long licence records.
    bodyLimit: 4 * 1024 * 1024,
    answer: batchAnswer,
    errors: ['auth_error', 'rate_limited', 'too_large'],
  },
} as const satisfies Record<string, Endpoint>;

/**
 * Licence applications, which citizens follow by their reference (docs/licences.md). The answer
 * is the bills' own: each record's `account_no` is the application's reference, and its
 * `payment_type` null, since an application is no bill.
 */
export const councilApplicationsApi = {
  upsert: {
    method: 'POST',
    path: '/council/v1/applications',
    summary:
      'Create or update licence applications of the key’s council, with their status history, by reference',
    query: z.object({
      atomic: yesOrNo.describe('true: all records are written, or none when one is refused'),
      dry_run: yesOrNo.describe('true: answer what would happen, and write nothing'),
    }),
    body: z.object({
      records: z
        .array(applicationRecord)
        .min(1)
        .max(maxBatchRecords)
        .describe('Each checked on its own; one reference at most once'),
    }),
    bodyLimit: 4 * 1024 * 1024,
    answer: batchAnswer,
    errors: ['auth_error', 'rate_limited', 'too_large'],
  },
} as const satisfies Record<string, Endpoint>;

/** What a ledger entry records: money taken in, or given back by a refund. */
export const ledgerEntryKinds = ['payment', 'refund'] as const;

/** One entry of the council's ledger, as its accounting system takes it into its books. */
export const feedEntry = named(
  'FeedEntry',
  z.strictObject({
    id: z
      .string()
      .describe('ledger-<n>: the same in the feed and in a webhook; take an entry in once by it'),
    position: z.string().describe('Its place in the feed: send the last one taken as `after`'),
    kind: z.enum(ledgerEntryKinds),
    /** ISO time (UTC) it was posted: a payment settled, or a refund made. */
    posted_at: z.string(),
    amount_sen: z.number().int().describe('Negative for a refund'),
    tax_sen: z
      .number()
      .int()
      .describe(
        'The tax included in amount_sen, as the bill stated it; 0 where none; negative for a refund',
      ),
    discount_sen: z
      .number()
      .int()
      .describe(
        'Taken off the bill besides amount_sen (special discount, arrears waiver, renewal reduction); 0 where none; negative for a refund, which withdraws it',
      ),
    payment_reference: z.string(),
    /** The portal's key of the refund, for a refund. */
    refund_reference: z.string().nullable(),
    payment_type: z.enum(paymentTypes),
    account_no: z.string().describe('As the council prints it'),
    description: z.string(),
    payment_method: z
      .enum(paymentMethods)
      .describe('How the payment was made: the gateway settles each method apart'),
    payment_channel: z
      .string()
      .nullable()
      .describe('The bank or e-wallet it was paid from; null for a card'),
  }),
);

export type FeedEntry = z.output<typeof feedEntry>;

export const councilLedgerApi = {
  feed: {
    method: 'GET',
    path: '/council/v1/ledger',
    summary:
      "The council's ledger entries after a position, in order: every one exactly once, page by page",
    query: z.object({
      after: z
        .string()
        .regex(/^\d{1,16}$/)
        // Positions are counted as whole numbers up to 2^53: a larger one could not be given back.
        .refine((after) => Number.isSafeInteger(Number(after)))
        .default('0')
        .describe('The `next` of the previous page; 0, or none, for the first'),
      limit: z.coerce.number().int().min(1).max(1000).default(500),
    }),
    answer: z.strictObject({
      entries: z.array(feedEntry),
      next: z.string().describe('What to send as `after` next time, even when no entry came'),
      more: z.boolean().describe('True when more entries are ready now'),
    }),
    errors: ['auth_error', 'rate_limited'],
  },
} as const satisfies Record<string, Endpoint>;

/** A council API key as the back office lists it; the key itself is shown once, at creation. */
export const apiKeyRecord = named(
  'ApiKey',
  z.strictObject({
    id: z.number().int(),
    council: z.string(),
    name: z.string(),
    /** The key's last four characters, to tell keys apart. */
    hint: z.string(),
    created_by: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  }),
);

export type ApiKeyRecord = z.output<typeof apiKeyRecord>;

const officeErrors = ['login_required', 'forbidden'] as const;

/** A council admin's keys for the council API (docs/council-api.md). */
export const apiKeysApi = {
  list: {
    method: 'GET',
    path: '/office/api-keys',
    summary: "A council's API keys, newest first, revoked ones included",
    access: 'council_admin',
    query: councilQuery,
    answer: z.strictObject({ keys: z.array(apiKeyRecord) }),
    errors: officeErrors,
  },
  create: {
    method: 'POST',
    path: '/office/api-keys',
    summary: 'Make a key for one of the council’s systems: the answer is the only time it shows',
    access: 'council_admin',
    body: apiKeyFormSchema,
    answer: z.strictObject({ key: z.string(), record: apiKeyRecord }),
    errors: officeErrors,
  },
  revoke: {
    method: 'POST',
    path: '/office/api-keys/:id/revoke',
    summary: 'Revoke a key, with a reason: its next call is refused',
    access: 'council_admin',
    params: idParams,
    body: reasonFormSchema,
    answer: apiKeyRecord,
    errors: [...officeErrors, 'not_found'],
  },
} as const satisfies Record<string, OfficeEndpoint>;

/** A council's webhook as the back office shows it: where it posts, and how delivery stands. */
export const webhookState = named(
  'Webhook',
  z.strictObject({
    webhook: z
      .strictObject({
        url: z.string(),
        created_by: z.string(),
        created_at: z.string(),
        /** The feed position of the last entry the council's system acknowledged. */
        delivered_position: z.string(),
        last_delivered_at: z.string().nullable(),
        /**
         * Failed posts of the entry now due; 0 when delivery is up to date or going well. Why a post
         * failed is in the server's log only: told to a browser, it would map the networks the
         * server can reach.
         */
        attempts: z.number().int(),
        /** When the next post is due: after a failure, when it is tried again. */
        next_attempt_at: z.string(),
      })
      .nullable(),
  }),
);

export type WebhookState = z.output<typeof webhookState>;

/** A council admin's webhook for the council's system (docs/council-api.md). */
export const webhooksApi = {
  get: {
    method: 'GET',
    path: '/office/webhook',
    summary: "The council's webhook, if it has one, and how its delivery stands",
    access: 'council_admin',
    query: councilQuery,
    answer: webhookState,
    errors: officeErrors,
  },
  set: {
    method: 'POST',
    path: '/office/webhook',
    summary: 'Post each new ledger entry to this address, signed with a new secret shown this once',
    access: 'council_admin',
    body: webhookFormSchema,
    answer: webhookState.extend({ secret: z.string() }),
    errors: officeErrors,
  },
  remove: {
    method: 'POST',
    path: '/office/webhook/remove',
    summary: 'Stop posting ledger entries to the council’s address',
    access: 'council_admin',
    body: webhookRemovalFormSchema,
    answer: webhookState,
    errors: officeErrors,
  },
} as const satisfies Record<string, OfficeEndpoint>;
