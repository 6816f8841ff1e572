import * as z from 'zod';
import { paymentStatuses } from '../payment-status';
import type { Endpoint } from './endpoint';
import { named } from './named';

/** A payment named by its reference, with the token its checkout handed this browser, if any. */
export const payerCredentials = named(
  'PayerCredentials',
  z.object({
    reference: z.string().max(64),
    receipt_token: z.string().max(128).optional(),
  }),
);

export type PayerCredentials = z.output<typeof payerCredentials>;

const status = z.enum(paymentStatuses);

/** Where to send the browser: the gateway's entry URL and the signed fields to post to it. */
const gatewayRequest = z.strictObject({
  action: z.string(),
  fields: z.record(z.string(), z.string()),
});

export type GatewayRequest = z.output<typeof gatewayRequest>;

const handoverAnswer = z.strictObject({
  status,
  gateway: gatewayRequest
    .nullable()
    .describe('null when the payment is no longer open: show its status instead'),
  release_at: z.string().nullable().describe('When its bills go back to others if not paid'),
});

export type HandoverAnswer = z.output<typeof handoverAnswer>;

const payerErrors = [
  'not_found',
  'gateway_unavailable',
  'payment_pending_at_bank',
  'rate_limited',
] as const;

export const paymentsApi = {
  handover: {
    method: 'POST',
    path: '/payments/handover',
    summary:
      'Send the payer to the gateway: the signed form to post there, for a payment still open (after checkout, or to continue one)',
    body: payerCredentials,
    answer: handoverAnswer,
    errors: payerErrors,
  },
  cancel: {
    method: 'POST',
    path: '/payments/cancel',
    summary:
      'Cancel an open payment, so that its bills can be paid again; an approval at the gateway wins',
    body: payerCredentials,
    answer: z.strictObject({ status }),
    errors: payerErrors,
  },
} as const satisfies Record<string, Endpoint>;
