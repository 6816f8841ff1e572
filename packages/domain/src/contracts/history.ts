import * as z from 'zod';
import { councilCodes } from '../councils';
import { paymentMethods } from '../payment-methods';
import { paymentStatuses } from '../payment-status';
import { paymentTypes } from '../payment-types';
import type { Endpoint } from './endpoint';
import { named } from './named';
import { pageNumber } from './params';

/** Which page of the history, and the optional filters (the address holds the same). */
export const historyQuery = z.object({
  page: pageNumber,
  council: z.enum(councilCodes).optional(),
  status: z.enum(paymentStatuses).optional(),
});

export type HistoryQuery = z.output<typeof historyQuery>;

const sen = z.number().int().describe('in sen');

/** One bill a payment paid (docs/receipts.md). */
const historyItem = z.strictObject({
  council: z.enum(councilCodes),
  council_name: z.string(),
  payment_type: z.enum(paymentTypes),
  account_no: z.string(),
  amount: sen,
});

const historyPayment = named(
  'HistoryPayment',
  z.strictObject({
    reference: z.string(),
    /** ISO timestamp (UTC) of the checkout. */
    created_at: z.string(),
    paid_at: z.string().nullable(),
    status: z.enum(paymentStatuses),
    amount: sen,
    payment_method: z.enum(paymentMethods),
    /** The bank or e-wallet it was paid from; null for a card. */
    payment_channel: z.string().nullable(),
    /** Given back to the card of what it took, all refunds made together (docs/refunds.md); 0 when none. */
    refunded: sen,
    items: z.array(historyItem),
  }),
);

export type HistoryPayment = z.output<typeof historyPayment>;

/** One page of a user's payments, newest first. */
export const historyPage = z.strictObject({
  payments: z.array(historyPayment),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});

export type HistoryPage = z.output<typeof historyPage>;

export const historyPageSize = 10;

export const historyApi = {
  list: {
    method: 'GET',
    path: '/history',
    summary: 'My payments, newest first, optionally of one council or status',
    query: historyQuery,
    answer: historyPage,
    errors: ['login_required', 'forbidden'],
  },
} as const satisfies Record<string, Endpoint>;
