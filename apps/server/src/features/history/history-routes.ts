import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { historyQuerySchema } from '@portal/domain/forms';
import { paymentStatuses } from '@portal/domain/payment-status';
import { paymentTypes } from '@portal/domain/payment-types';
import { z } from 'zod';
import { apiErrorSchema } from '../../lib/api-error-schema';
import { requireRole } from '../../sessions/session-plugin';
import { paymentHistory } from './history-service';

const sen = z.number().int().describe('in sen');
const historyPage = z.object({
  payments: z.array(
    z.object({
      reference: z.string(),
      created_at: z.string(),
      paid_at: z.string().nullable(),
      status: z.enum(paymentStatuses),
      amount: sen,
      items: z.array(
        z.object({
          council: z.string(),
          council_name: z.string(),
          payment_type: z.enum(paymentTypes),
          account_no: z.string(),
          amount: sen,
        }),
      ),
    }),
  ),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});

/** `/history`: the logged-in user's payments. */
export async function historyRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/history',
    {
      schema: {
        summary: 'My payments, newest first, optionally of one council or status',
        tags: ['history'],
        querystring: historyQuerySchema,
        response: {
          200: historyPage,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) =>
      paymentHistory(app.db, (await requireRole(request, 'user')).id, request.query),
  );
}
