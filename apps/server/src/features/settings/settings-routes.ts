import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { imageUrl } from '@portal/domain/contracts/images';
import { settingsApi, type PortalSettings } from '@portal/domain/contracts/settings';
import { isOutdated } from '@portal/domain/app-version';
import { routeOf } from '../../lib/endpoint-route';
import { logUnreadableOncePerWindow } from '../../lib/log-once';
import { readSiteSettings } from '../../lib/site-settings';

/**
 * The settings the web app runs with (docs/site-settings.md): the cart's size and total, which
 * the web app follows to refuse what the server would, and the site settings in force.
 */
export async function settingsRoutes(
  app: FastifyInstance,
  options: { cartLimit: number; gatewayMaxAmountSen: number },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onUnreadable = logUnreadableOncePerWindow(app.log, 'the defaults are in force');
  const settingsInForce = () => readSiteSettings(app.db, onUnreadable);

  api.route({
    ...routeOf(settingsApi.get, ['settings']),
    handler: async (request, reply) => {
      const { version, settings } = await settingsInForce();
      const { announcement } = settings;
      const answer: PortalSettings = {
        version,
        cart_limit: options.cartLimit,
        max_payment: options.gatewayMaxAmountSen,
        closing: settings.closing,
        closing_message: settings.closing_message,
        reopens_at: settings.reopens_at,
        snackbar_message: settings.snackbar_message,
        announcement: announcement?.shown
          ? { id: announcement.id, image: imageUrl(announcement.image), alt: announcement.alt }
          : null,
        app_version: settings.app_version,
        helpline: settings.helpline,
      };
      // Every page asks at start: a short cache spares the database, the tag makes asking again
      // cheap, and a change (closing for maintenance) reaches every browser within the minute.
      const etag = `"${createHash('sha256').update(JSON.stringify(answer)).digest('base64url').slice(0, 22)}"`;
      reply.header('cache-control', 'public, max-age=30').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return answer;
    },
  });

  api.route({
    ...routeOf(settingsApi.appVersion, ['settings']),
    handler: async (request) => {
      const newest = (await settingsInForce()).settings.app_version;
      return { newest, outdated: isOutdated(request.query.version, newest) };
    },
  });
}
