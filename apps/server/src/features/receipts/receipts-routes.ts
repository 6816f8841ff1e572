import { cardBrands } from '@portal/domain/cards';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentStatuses } from '@portal/domain/payment-status';
import { paymentTypes } from '@portal/domain/payment-types';
import { z } from 'zod';
import { apiErrorSchema } from '../../lib/api-error-schema';
import { renderReceiptPdf } from './receipt-pdf';
import { checkReceipt, findReceipt } from './receipts-service';

const lookupBody = z
  .unknown()
  .describe(
    '{ reference, receipt_token } from checkout, { reference, email } of the payer, or { reference } of a payment of the logged-in user',
  );
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const sen = z.number().int().describe('in sen');
const nullableText = z.string().nullable();
const status = z.enum(paymentStatuses);

const receipt = z.object({
  reference: z.string(),
  status,
  amount: sen,
  created_at: z.string(),
  paid_at: nullableText,
  release_at: nullableText.describe('While open: when its bills go back to others'),
  payer: z.object({ full_name: z.string(), email: z.string(), phone: z.string() }),
  card: z.object({
    brand: z.enum(cardBrands).nullable(),
    masked_number: nullableText,
    bank: nullableText,
    auth_code: nullableText,
    trans_id: nullableText,
  }),
  failure_reason: nullableText,
  refund: z
    .object({ amount: sen, status: z.enum(['due', 'refunded']) })
    .nullable()
    .describe('Money the gateway took that no bill kept, owed back to the card'),
  items: z.array(
    z.object({
      council: z.string(),
      council_name: z.string(),
      payment_type: z.enum(paymentTypes),
      account_no: z.string(),
      description: z.string(),
      amount: sen,
      paid_until: nullableText,
      license_no: nullableText,
    }),
  ),
  check_url: z.string(),
});

const receiptCheck = z.object({
  reference: z.string(),
  status,
  amount: sen,
  paid_at: nullableText,
  councils: z.array(z.object({ code: z.string(), name: z.string() })),
});

async function callerOf(request: FastifyRequest) {
  return { userId: (await request.currentUser())?.id, ip: request.ip };
}

export async function receiptsRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/receipts/find',
    {
      schema: {
        summary: 'A payment and its receipt, for its payer',
        tags: ['receipts'],
        body: lookupBody,
        response: { 200: receipt, ...errors },
      },
    },
    async (request) =>
      findReceipt(app.db, options.publicUrl, request.body, await callerOf(request), app.clock()),
  );

  api.post(
    '/receipts/pdf',
    {
      schema: {
        summary: 'The receipt as a PDF, for its payer',
        tags: ['receipts'],
        body: lookupBody,
        response: { 200: z.unknown().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const receipt = await findReceipt(
        app.db,
        options.publicUrl,
        request.body,
        await callerOf(request),
        app.clock(),
      );
      const pdf = await renderReceiptPdf(receipt);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${receipt.reference}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  api.get(
    '/receipts/check',
    {
      schema: {
        summary: 'Whether a receipt is genuine (its QR code): council, reference, date, total',
        tags: ['receipts'],
        querystring: z.object({ reference: z.string().optional(), code: z.string().optional() }),
        response: { 200: receiptCheck, 404: apiErrorSchema },
      },
    },
    (request) => checkReceipt(app.db, request.query),
  );
}
