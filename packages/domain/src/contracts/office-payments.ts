import * as z from 'zod';
import { councilCodes } from '../councils';
import { isoDate, reviewDecisionSchema } from '../forms';
import { paymentMethods } from '../payment-methods';
import { paymentStatuses } from '../payment-status';
import { paymentTypes } from '../payment-types';
import type { OfficeEndpoint } from './endpoint';
import { officeRefund } from './refunds';
import { named } from './named';
import { pageNumber } from './params';

/**
 * Payments as council staff see them (docs/back-office.md): found by what a citizen on the phone
 * can quote, with everything the portal heard from the gateway about each. Council staff see the
 * payments that pay their council; the state-wide admin sees all.
 */
export const officePaymentsQuery = z.object({
  page: pageNumber,
  /** A payment reference, a payer's e-mail, or an account or licence number. */
  q: z.string().trim().max(254).optional(),
  status: z.enum(paymentStatuses).optional(),
  council: z.enum(councilCodes).optional(),
  /** Only payments an officer must look at. */
  review: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  /** Malaysia dates of the checkout, both included. */
  from: isoDate.optional(),
  to: isoDate.optional(),
});

export type OfficePaymentsQuery = z.output<typeof officePaymentsQuery>;
export type OfficePaymentsQueryInput = z.input<typeof officePaymentsQuery>;

const sen = z.number().int().describe('in sen');

const paymentSummary = named(
  'OfficePaymentSummary',
  z.strictObject({
    reference: z.string(),
    /** ISO timestamps (UTC). */
    created_at: z.string(),
    paid_at: z.string().nullable(),
    status: z.enum(paymentStatuses),
    /** Why an officer must look at it; null when nothing is wrong. */
    review_reason: z.string().nullable(),
    amount: sen,
    payment_method: z.enum(paymentMethods),
    /** The bank or e-wallet; null for a card. */
    payment_channel: z.string().nullable(),
    payer_name: z.string(),
    payer_email: z.string(),
    councils: z.array(z.enum(councilCodes)),
  }),
);

export type OfficePaymentSummary = z.output<typeof paymentSummary>;

export const officePaymentsPageSize = 20;

const paymentLine = named(
  'OfficePaymentLine',
  z.strictObject({
    id: z.number().int(),
    council: z.enum(councilCodes),
    payment_type: z.enum(paymentTypes),
    account_no: z.string(),
    description: z.string(),
    amount: sen,
    /** What is left of it to refund: its amount less refunds made or at the gateway. */
    refundable: sen,
  }),
);

const gatewayEvent = named(
  'GatewayEvent',
  z.strictObject({
    received_at: z.string(),
    /** return, callback or requery */
    source: z.string(),
    /** applied, duplicate, flagged, unknown, refund_due, to_confirm */
    outcome: z.string(),
    note: z.string().nullable(),
  }),
);

const sentMail = named(
  'SentMail',
  z.strictObject({
    kind: z.string(),
    recipient: z.string(),
    /** queued, sent, outbox, failed */
    status: z.string(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
  }),
);

export const officePayment = named(
  'OfficePayment',
  z.strictObject({
    ...paymentSummary.shape,
    payer_phone: z.string(),
    failure_reason: z.string().nullable(),
    gateway_trans_id: z.string().nullable(),
    /** A `second_approval` review's other transaction: check both in the gateway's report. */
    review_trans_id: z.string().nullable(),
    card_masked: z.string().nullable(),
    card_bank: z.string().nullable(),
    /** The lines the staff member's council is paid; all of them for the state-wide admin. */
    lines: z.array(paymentLine),
    events: z.array(gatewayEvent),
    mails: z.array(sentMail),
    refunds: z.array(officeRefund),
  }),
);

export type OfficePayment = z.output<typeof officePayment>;

/** Why a payment waits for an officer (docs/back-office.md). */
export const reviewReasons = [
  'amount_mismatch',
  'requery_incorrect_amount',
  'requery_refused',
  'second_approval',
] as const;
export type ReviewReason = (typeof reviewReasons)[number];

export const isKnownReviewReason = (reason: string): reason is ReviewReason =>
  (reviewReasons as readonly string[]).includes(reason);

export const requeryAnswers = [
  'paid',
  'failed',
  'not_found',
  'pending',
  'wrong_amount',
  'refused',
  'no_answer',
] as const;

const byReference = z.object({ reference: z.string().max(64) });

/**
 * What resolving a review made of the payment: settled as paid (`applied`), already paid by that
 * very transaction (`duplicate`), its money owed back because its bills were paid meanwhile or it
 * was paid twice (`refund_due`), or the flag dismissed (`rejected`).
 */
export const reviewOutcomes = ['applied', 'duplicate', 'refund_due', 'rejected'] as const;
export type ReviewOutcome = (typeof reviewOutcomes)[number];

const officeErrors = ['login_required', 'forbidden'] as const;

export const officePaymentsApi = {
  find: {
    method: 'GET',
    path: '/office/payments',
    summary: 'Find payments, newest first',
    access: 'officer',
    query: officePaymentsQuery,
    answer: z.strictObject({
      payments: z.array(paymentSummary),
      page: z.number().int(),
      page_size: z.number().int(),
      total: z.number().int(),
    }),
    errors: officeErrors,
  },
  get: {
    method: 'GET',
    path: '/office/payments/:reference',
    summary: 'One payment: its lines, what the gateway said of it, and the e-mails sent',
    access: 'officer',
    params: byReference,
    answer: officePayment,
    errors: [...officeErrors, 'not_found'],
  },
  requery: {
    method: 'POST',
    path: '/office/payments/:reference/requery',
    summary: 'Ask the gateway about the payment now, and apply a paid or failed answer',
    access: 'finance',
    params: byReference,
    answer: z.strictObject({ answer: z.enum(requeryAnswers), payment: officePayment }),
    errors: [...officeErrors, 'not_found', 'rate_limited'],
  },
  resolveReview: {
    method: 'POST',
    path: '/office/payments/:reference/review',
    summary:
      'Resolve a flagged payment: accept it as paid (with the gateway report’s transaction) or reject the flag, with a reason',
    access: 'finance',
    params: byReference,
    body: reviewDecisionSchema,
    answer: z.strictObject({ outcome: z.enum(reviewOutcomes), payment: officePayment }),
    errors: [...officeErrors, 'not_found', 'no_review_pending'],
  },
} as const satisfies Record<string, OfficeEndpoint>;
