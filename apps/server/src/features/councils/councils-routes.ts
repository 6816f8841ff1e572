import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { councilsApi } from '@portal/domain/contracts/councils';
import { routeOf } from '../../lib/endpoint-route';
import { logUnreadableOncePerWindow } from '../../lib/log-once';
import { listCouncils } from './councils-queries';

export async function councilsRoutes(app: FastifyInstance) {
  const onUnreadable = logUnreadableOncePerWindow(app.log, 'listed without it');
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(councilsApi.list, ['councils']),
    handler: async (_request, reply) => {
      // Availability changes rarely; a minute of caching spares the database on every home page.
      reply.header('cache-control', 'public, max-age=60');
      return listCouncils(app.db, onUnreadable);
    },
  });
}
