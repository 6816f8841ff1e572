import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { imagesApi } from '@portal/domain/contracts/images';
import { AppError } from '../../lib/app-error';
import { routeOf } from '../../lib/endpoint-route';
import { findImage } from '../../lib/stored-images';

export async function imagesRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(imagesApi.get, ['images']),
    handler: async (request, reply) => {
      const image = await findImage(app.db, request.params.id);
      if (!image) throw new AppError('not_found', 'No such picture');
      // Named by its content, a picture never changes: a phone keeps it instead of asking again.
      return reply
        .type(image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.bytes);
    },
  });
}
