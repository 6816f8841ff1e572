import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { imagesApi, officeImagesApi } from '@portal/domain/contracts/images';
import { AppError } from '../../lib/app-error';
import { countAttempt } from '../../lib/rate-limit';
import { officeRouteOf, routeOf, uploadedBytes } from '../../lib/endpoint-route';
import { decodedImage, findImage, storeImage } from '../../lib/stored-images';
import { auditedChange } from '../audit';
import { requireStaff } from '../staff';

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

/**
 * A council's staff store a logo now and then, not hundreds: more than this an hour is refused, so
 * that one council's account cannot fill the database with pictures.
 */
const uploadsPerCouncil = { limit: 20, windowSeconds: 60 * 60 };

/** The back office stores a picture for a setting to name (docs/site-settings.md). */
export async function officeImagesRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...officeRouteOf(officeImagesApi.store, ['office']),
    handler: async (request) => {
      const member = await requireStaff(request);
      if (member.councilCode !== null) {
        const key = `office-images:${member.councilCode}`;
        await countAttempt(app.db, [key], uploadsPerCouncil, app.clock());
      }
      const image = await decodedImage(uploadedBytes(request));
      if (!image) throw new AppError('file_not_accepted', 'Not a PNG or JPEG the portal can show');
      await auditedChange(
        app.db,
        request,
        member,
        (tx) => storeImage(tx, image),
        () => ({
          action: 'image_stored',
          councilCode: member.councilCode,
          target: image.id,
          detail: { type: image.contentType, width: image.width, height: image.height },
        }),
      );
      return { image: image.id, width: image.width, height: image.height };
    },
  });
}
