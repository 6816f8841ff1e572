import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { historyApi } from '@portal/domain/contracts/history';
import { routeOf } from '../../lib/endpoint-route';
import { requireRole } from '../../sessions/session-plugin';
import { paymentHistory } from './history-service';

/** `/history`: the logged-in user's payments. */
export async function historyRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(historyApi.list, ['history']),
    handler: async (request) =>
      paymentHistory(app.db, (await requireRole(request, 'user')).id, request.query),
  });
}
