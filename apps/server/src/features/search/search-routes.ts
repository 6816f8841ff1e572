import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../lib/api-error-schema';
import { prepareBillLookup } from './search-queries';
import { quoteLocalCharge, searchBill } from './search-service';

const text = (description: string) => z.string().optional().describe(description);

// Fields are optional here so that the domain schemas, not this layer, name what is missing.
const searchRequest = z.object({
  council: text('Council code, e.g. mps'),
  payment_type: text('assessment, license, compound, ticket, market, booking or engineer'),
  query: text('The account, licence, compound, ticket, stall, booking or plan number'),
  plan_type: text('Engineering plan type, e.g. BUILDING'),
  compound_type: text('Compound type, e.g. vehicle'),
});

const sen = z.number().int().describe('in sen');
const foundBill = z.object({
  council: z.string(),
  payment_type: z.string(),
  account_no: z.string(),
  sub_type: z.string().nullable(),
  status: z.string(),
  owner_name: z.string().describe('masked'),
  owner_ic: z.string().nullable().describe('masked'),
  address: z.string().nullable(),
  description: z.string(),
  amount_due: sen,
  due_date: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  assessment_options: z
    .array(
      z.object({
        selection: z.enum(['partial', 'arrears', 'full']),
        code: z.union([z.literal(1), z.literal(2), z.literal(3)]),
        minimum: sen,
        maximum: sen,
        paid_until: z.string(),
      }),
    )
    .optional(),
});

const localChargeRequest = z.object({
  council: text('Council code'),
  license_no: text('The licence the charge belongs to'),
  customer_name: text('Who the charge is for'),
  total_no_of_people: z.number().optional(),
  start_date: text('YYYY-MM-DD'),
  end_date: text('YYYY-MM-DD, after the start date'),
  full_name: text('Payer name'),
  email: text('Payer e-mail'),
  phone: text('Payer phone'),
});

const localChargeQuote = z.object({
  council: z.string(),
  payment_type: z.literal('local_government_charge'),
  account_no: z.string(),
  license_no: z.string(),
  customer_name: z.string(),
  people: z.number().int(),
  days: z.number().int(),
  rate_sen: sen,
  amount_due: sen,
  start_date: z.string(),
  end_date: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  description: z.string(),
});

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export async function searchRoutes(app: FastifyInstance, options: { gatewayMaxAmountSen: number }) {
  const lookup = prepareBillLookup(app.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/search',
    {
      schema: {
        summary: 'Find a bill by council, payment type and number',
        tags: ['search'],
        body: searchRequest,
        response: { 200: foundBill, ...errors },
      },
    },
    (request) => searchBill(lookup, request.body),
  );

  api.post(
    '/local-charges/quote',
    {
      schema: {
        summary: 'Price a local government charge (people x days x rate) for a licence',
        tags: ['search'],
        body: localChargeRequest,
        response: { 200: localChargeQuote, ...errors },
      },
    },
    (request) => quoteLocalCharge(lookup, request.body, options.gatewayMaxAmountSen),
  );
}
