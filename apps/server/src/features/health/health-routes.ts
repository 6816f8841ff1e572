import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/database';
import { AppError } from '../../lib/app-error';

/** For load balancers and monitors: healthy only once the database answers. */
export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        summary: 'Whether the portal and its database answer',
        tags: ['health'],
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (request) => {
      try {
        await pingDatabase(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'database did not answer the health check');
        throw new AppError('service_unavailable', 'The database is not answering');
      }
      return { status: 'ok' as const };
    },
  );
}
