import { healthApi } from '@portal/domain/contracts/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { routeOf } from '../../lib/endpoint-route';

/** For load balancers and monitors: healthy only once the database answers. */
export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(healthApi.check, ['health']),
    handler: async (request) => {
      try {
        await pingDatabase(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'database did not answer the health check');
        throw new AppError('service_unavailable', 'The database is not answering');
      }
      return { status: 'ok' as const };
    },
  });
}
