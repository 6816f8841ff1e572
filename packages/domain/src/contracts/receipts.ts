import * as z from 'zod';
import { cardBrands } from '../cards';
import { paymentMethods } from '../payment-methods';
import { paymentStatuses } from '../payment-status';
import { paymentTypes } from '../payment-types';
import type { Endpoint } from './endpoint';
import { requiredByService } from './params';
import { citizenRefundStatuses } from '../refunds';
import { named } from './named';

const sen = z.number().int().describe('in sen');
const nullableText = z.string().nullable();
const status = z.enum(paymentStatuses);

/** One service line of a receipt: what was paid of one bill (docs/receipts.md). */
const receiptItem = named(
  'ReceiptItem',
  z.strictObject({
    council: z.string(),
    council_name: z.string(),
    payment_type: z.enum(paymentTypes),
    account_no: z.string().describe('As the council prints it'),
    description: z.string(),
    amount: sen,
    tax: sen.describe(
      'in sen: the tax included in the amount, as the bill stated it; 0 where none',
    ),
    discount: sen.describe('in sen: taken off the bill besides the amount; 0 where none'),
    discount_name: z
      .strictObject({ ms: z.string(), en: z.string(), zh: z.string() })
      .nullable()
      .describe('The named reduction the discount is, in each language (a licence renewal’s)'),
    paid_until: nullableText.describe('Assessment only: YYYY/Q, the last quarter it covers'),
    license_no: nullableText.describe('Local government charge only: the licence it belongs to'),
  }),
);

export type ReceiptItem = z.output<typeof receiptItem>;

/**
 * A payment as its payer sees it on the confirmation and receipt pages, in the PDF and in the
 * e-mail. Only the payer gets it: with the token handed out at checkout, with the reference and
 * the payer's e-mail, or as the logged-in user whose payment it is.
 */
const receipt = named(
  'Receipt',
  z.strictObject({
    reference: z.string(),
    status,
    amount: sen,
    created_at: z.string().describe('ISO timestamp (UTC); shown in Malaysia time'),
    paid_at: nullableText,
    release_at: nullableText.describe('While open: when its bills go back to others'),
    payer: z.strictObject({ full_name: z.string(), email: z.string(), phone: z.string() }),
    method: z.enum(paymentMethods).describe('How it is paid, as the gateway reports it'),
    channel: nullableText.describe('The bank or e-wallet it is paid from; null for a card'),
    card: z.strictObject({
      brand: z.enum(cardBrands).nullable().describe('null when the gateway named none we know'),
      masked_number: nullableText.describe(
        'First 6 and last 4 digits, as the gateway returns them',
      ),
      bank: nullableText,
      auth_code: nullableText,
      trans_id: nullableText,
    }),
    failure_reason: nullableText.describe("The gateway's reason for a failed payment"),
    refunds: z
      .array(
        z.strictObject({
          id: z.number().int(),
          amount: sen,
          kind: z
            .enum(['owed_back', 'council'])
            .describe('Money the gateway took that no bill kept, or a refund the council made'),
          status: z
            .enum(citizenRefundStatuses)
            .describe('resolved: an owed refund the council settled another way'),
          refunded_at: nullableText,
        }),
      )
      .describe('Money given back, or owed back, to the card (docs/refunds.md)'),
    items: z.array(receiptItem),
    check_url: z.string().describe('The public page that confirms the receipt is genuine (its QR)'),
  }),
);

export type Receipt = z.output<typeof receipt>;

/**
 * What the public check page shows of a genuine receipt: no personal data, but each line's council,
 * payment type, account number and amount as the receipt prints them, so that a checker can tell
 * which bills it paid.
 */
const receiptCheck = z.strictObject({
  reference: z.string(),
  status,
  amount: sen,
  paid_at: nullableText,
  items: z.array(
    receiptItem.pick({
      council: true,
      council_name: true,
      payment_type: true,
      account_no: true,
      amount: true,
    }),
  ),
});

export type ReceiptCheck = z.output<typeof receiptCheck>;

/**
 * `{ reference, receipt_token }` from checkout, `{ reference, email }` of the payer, or
 * `{ reference }` of a payment of the logged-in user. The service tells which, so the body is only
 * described here.
 */
const receiptLookup = named(
  'ReceiptLookup',
  z
    .object({
      reference: requiredByService(z.string(), 'The payment reference'),
      receipt_token: z.string().optional(),
      email: z.string().optional(),
    })
    .describe(
      '{ reference, receipt_token } from checkout, { reference, email } of the payer, or { reference } of a payment of the logged-in user',
    ),
);

export type ReceiptLookupRequest = z.input<typeof receiptLookup>;

const lookupErrors = ['not_found', 'rate_limited'] as const;

export const receiptsApi = {
  find: {
    method: 'POST',
    path: '/receipts/find',
    summary: 'A payment and its receipt, for its payer',
    body: receiptLookup,
    answer: receipt,
    errors: lookupErrors,
  },
  pdf: {
    method: 'POST',
    path: '/receipts/pdf',
    summary: 'The receipt as a PDF, for its payer',
    body: receiptLookup,
    file: { types: ['application/pdf'] },
    answer: z.unknown(),
    errors: lookupErrors,
  },
  check: {
    method: 'GET',
    path: '/receipts/check',
    summary:
      'Whether a receipt is genuine (its QR code): reference, date, total, and the council, type, account and amount of each line',
    query: z.object({ reference: z.string().optional(), code: z.string().optional() }),
    answer: receiptCheck,
    errors: ['not_found'],
  },
} as const satisfies Record<string, Endpoint>;
