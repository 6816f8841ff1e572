import * as z from 'zod';
import { councilCodes } from '../councils';
import { reasonFormSchema, refundFormSchema, refundMadeSchema } from '../forms';
import { refundReasons, refundStatuses } from '../refunds';
import type { OfficeEndpoint } from './endpoint';
import { idParams, pageNumber } from './params';
import { named } from './named';

const sen = z.number().int().describe('in sen');

/** A refund as the back office shows it (docs/refunds.md). */
export const officeRefund = named(
  'Refund',
  z.strictObject({
    id: z.number().int(),
    /** The payment it gives money back of. */
    reference: z.string(),
    councils: z.array(z.enum(councilCodes)),
    amount: sen,
    reason: z.enum(refundReasons),
    status: z.enum(refundStatuses),
    /** The officer's reason for the refund, or for resolving it otherwise. */
    note: z.string().nullable(),
    /** Who recorded it. */
    staff: z.string().nullable(),
    /** The gateway's reference of the refund made in its merchant portal. */
    gateway_refund_id: z.string().nullable(),
    /** ISO timestamps (UTC). */
    created_at: z.string(),
    refunded_at: z.string().nullable(),
    resolved_at: z.string().nullable(),
    /** An officer's refund: how much of which payment line. */
    lines: z.array(z.strictObject({ line_id: z.number().int(), amount: sen })),
  }),
);

export type OfficeRefund = z.output<typeof officeRefund>;

export const refundQueueQuery = z.object({
  page: pageNumber,
  /** Owed back and not yet refunded (`due`), unless a status is asked for. */
  status: z.enum(refundStatuses).optional(),
  council: z.enum(councilCodes).optional(),
});

export type RefundQueueQuery = z.output<typeof refundQueueQuery>;
export type RefundQueueQueryInput = z.input<typeof refundQueueQuery>;

export const refundQueuePageSize = 20;

const officeErrors = ['login_required', 'forbidden'] as const;

export const refundsApi = {
  record: {
    method: 'POST',
    path: '/office/payments/:reference/refunds',
    summary:
      "Record a refund of all or part of a settled payment, made in the gateway's merchant portal: reversed in the ledger at once",
    access: 'finance',
    params: z.object({ reference: z.string().max(64) }),
    body: refundFormSchema,
    answer: z.strictObject({ refund: officeRefund }),
    errors: [...officeErrors, 'not_found', 'not_refundable', 'refund_exceeds_paid'],
  },
  queue: {
    method: 'GET',
    path: '/office/refunds',
    summary: 'Refunds owed back to payers, oldest first',
    access: 'finance',
    query: refundQueueQuery,
    answer: z.strictObject({
      refunds: z.array(officeRefund),
      page: z.number().int(),
      page_size: z.number().int(),
      total: z.number().int(),
    }),
    errors: officeErrors,
  },
  refunded: {
    method: 'POST',
    path: '/office/refunds/:id/refunded',
    summary: "Record that a refund owed back was made in the gateway's merchant portal",
    access: 'finance',
    params: idParams,
    body: refundMadeSchema,
    answer: z.strictObject({ refund: officeRefund }),
    errors: [...officeErrors, 'not_found', 'not_refundable', 'refund_spans_councils'],
  },
  resolve: {
    method: 'POST',
    path: '/office/refunds/:id/resolve',
    summary: 'Close a refund owed back that was settled otherwise, with a reason',
    access: 'finance',
    params: idParams,
    body: reasonFormSchema,
    answer: z.strictObject({ refund: officeRefund }),
    errors: [...officeErrors, 'not_found', 'not_refundable', 'refund_spans_councils'],
  },
} as const satisfies Record<string, OfficeEndpoint>;
