import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentApi } from '@portal/domain/contracts/content';
import { contentPages as pages } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { routeOf } from '../../lib/endpoint-route';

/** The portal's own pages, in the language asked for (docs/content-pages.md). */
export async function contentRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(contentApi.page, ['content']),
    handler: async (request, reply) => {
      const { page, lang } = request.query;
      const [found] = await app.db
        .select()
        .from(pages)
        .where(and(eq(pages.page, page), eq(pages.lang, lang)));
      if (!found) throw new AppError('not_found', 'No such page in this language');
      // Words change seldom; five minutes spares the database without hiding a correction long.
      reply.header('cache-control', 'public, max-age=300');
      return {
        page,
        lang,
        title: found.title,
        body: found.body,
        updated_at: found.updatedAt.toISOString(),
      };
    },
  });
}
