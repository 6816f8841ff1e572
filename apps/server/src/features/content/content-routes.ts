import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contentApi,
  officeContentApi,
  type OfficeContentPage,
} from '@portal/domain/contracts/content';
import type { ContentPageName } from '@portal/domain/content-pages';
import { contentPages as pages } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { officeRouteOf, routeOf } from '../../lib/endpoint-route';
import { auditedChange } from '../audit';
import { requireStaff } from '../staff';

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

/** The state admin's editing of the portal's own pages (docs/content-pages.md). */
export async function officeContentRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['office'];
  const notFound = () => new AppError('not_found', 'No such page in this language');
  const present = (row: typeof pages.$inferSelect): OfficeContentPage => ({
    page: row.page as ContentPageName,
    lang: row.lang,
    title: row.title,
    body: row.body,
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedBy,
  });

  api.route({
    ...officeRouteOf(officeContentApi.get, tags),
    handler: async (request) => {
      await requireStaff(request);
      const { page, lang } = request.query;
      const [found] = await app.db
        .select()
        .from(pages)
        .where(and(eq(pages.page, page), eq(pages.lang, lang)));
      if (!found) throw notFound();
      return present(found);
    },
  });

  api.route({
    ...officeRouteOf(officeContentApi.change, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const { page, lang, title, body, reason } = request.body;
      const changed = await auditedChange(
        app.db,
        request,
        member,
        async (tx) => {
          const [row] = await tx
            .update(pages)
            .set({ title, body, updatedAt: app.clock(), updatedBy: member.email })
            .where(and(eq(pages.page, page), eq(pages.lang, lang)))
            .returning();
          if (!row) throw notFound();
          return row;
        },
        () => ({
          action: 'content_changed',
          target: `${page}/${lang}`,
          reason,
          detail: { title, length: body.length },
        }),
      );
      return present(changed);
    },
  });
}
