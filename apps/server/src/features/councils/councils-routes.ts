import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { councilsApi } from '@portal/domain/contracts/councils';
import { listCouncils } from './councils-queries';

export async function councilsRoutes(app: FastifyInstance) {
  const { list } = councilsApi;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: list.method,
    url: list.path,
    schema: { summary: list.summary, tags: ['councils'], response: { 200: list.answer } },
    handler: async (_request, reply) => {
      // Availability changes rarely; a minute of caching spares the database on every home page.
      reply.header('cache-control', 'public, max-age=60');
      return listCouncils(app.db);
    },
  });
}
