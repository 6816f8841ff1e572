import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { historyApi } from '@portal/domain/contracts/history';
import { apiErrorSchema } from '../../lib/api-error-schema';
import { requireRole } from '../../sessions/session-plugin';
import { paymentHistory } from './history-service';

/** `/history`: the logged-in user's payments. */
export async function historyRoutes(app: FastifyInstance) {
  const { list } = historyApi;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: list.method,
    url: list.path,
    schema: {
      summary: list.summary,
      tags: ['history'],
      querystring: list.query,
      response: {
        200: list.answer,
        400: apiErrorSchema,
        401: apiErrorSchema,
        403: apiErrorSchema,
      },
    },
    handler: async (request) =>
      paymentHistory(app.db, (await requireRole(request, 'user')).id, request.query),
  });
}
