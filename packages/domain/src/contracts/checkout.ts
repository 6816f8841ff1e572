import * as z from 'zod';
import { renewalPeriods } from '../licences';
import { assessmentSelections } from '../assessments';
import { checkoutPayerSchema } from '../forms';
import { defaultLanguage, languages } from '../languages';
import { councilCodes } from '../councils';
import { paymentMethods } from '../payment-methods';
import { paymentTypes } from '../payment-types';
import type { Endpoint } from './endpoint';
import { named } from './named';

/** The charge a local government charge item was quoted for; the server quotes it again. */
const checkoutCharge = z.object({
  license_no: z.string().max(64),
  customer_name: z.string().max(200),
  total_no_of_people: z.number(),
  start_date: z.string().max(32),
  end_date: z.string().max(32),
});

/**
 * One cart item as checkout takes it. The amount is what the payer chose; the server re-reads the
 * bill and refuses a stale or tampered one as `cart_changed` (docs/cart.md).
 */
export const checkoutItem = named(
  'CheckoutItem',
  z.object({
    council: z.string().max(16),
    payment_type: z.enum(paymentTypes),
    account_no: z.string().max(64),
    amount: z.number().int().positive().describe('in sen'),
    /** Assessment only. */
    selection: z.enum(assessmentSelections).optional(),
    /** Local government charge only. */
    charge: checkoutCharge.optional(),
    /** Licence only: renew it to the end of this year or next (docs/licences.md). */
    renewal: z.strictObject({ period: z.enum(renewalPeriods) }).optional(),
  }),
);

export type CheckoutItem = z.input<typeof checkoutItem>;

export const checkoutRequest = z.object({
  items: z.array(checkoutItem).max(100),
  payer: checkoutPayerSchema,
  payment_id: z
    .string()
    .max(8)
    .default('2')
    .describe(
      "The gateway's PaymentId of the bank, wallet or card chosen (the methods answer's); a card when left out",
    ),
  /** The language of the gateway's page and of the e-mailed receipt. */
  lang: z.enum(languages).default(defaultLanguage),
});

export type CheckoutRequest = z.input<typeof checkoutRequest>;

const checkoutAnswer = z.strictObject({
  reference: z.string().describe('e.g. A10-20261122-000123-K3M9QX; the gateway RefNo'),
  receipt_token: z
    .string()
    .describe('Lets the browser that holds it continue, cancel and see this payment'),
  amount: z.number().int().describe('in sen'),
});

export type CheckoutAnswer = z.output<typeof checkoutAnswer>;

const sen = z.number().int().describe('in sen');

/** One bank, wallet or the card, as the checkout offers it. */
const offeredChannel = z.strictObject({
  payment_id: z.string().describe("The gateway's PaymentId: what checkout's payment_id takes"),
  name: z.string().describe("The bank's or wallet's own name"),
  online: z.boolean().describe('false while the bank or wallet is down: it cannot be chosen'),
  min_amount: sen,
  max_amount: sen,
});

export type OfferedChannel = z.output<typeof offeredChannel>;

const offeredMethods = z.strictObject({
  methods: z.array(
    z.strictObject({ method: z.enum(paymentMethods), channels: z.array(offeredChannel) }),
  ),
});

export type OfferedMethods = z.output<typeof offeredMethods>;

export const checkoutApi = {
  methods: {
    method: 'GET',
    path: '/checkout/methods',
    summary:
      'How a cart of these councils can be paid: each method every one of them takes, with its banks or wallets, whether each is up, and its limits',
    query: z.object({
      councils: z
        .string()
        .max(400)
        .regex(new RegExp(`^(${councilCodes.join('|')})(,(${councilCodes.join('|')}))*$`))
        .describe("The cart's councils, comma separated, e.g. mps,mpt"),
    }),
    answer: offeredMethods,
    errors: [],
  },
  create: {
    method: 'POST',
    path: '/checkout',
    summary:
      'Turn a cart into a payment that holds its bills; the payments handover then sends the payer to the gateway',
    body: checkoutRequest,
    answer: checkoutAnswer,
    errors: [
      'no_account_selected',
      'cart_full',
      'not_found',
      'council_not_available',
      'payment_type_not_available',
      'license_status_not_allowed',
      'payment_in_progress',
      'cart_changed',
      'amount_too_large',
      'payment_method_not_available',
      'amount_outside_method_limit',
      'too_many_open_payments',
      'rate_limited',
      'service_closed',
    ],
  },
} as const satisfies Record<string, Endpoint>;
