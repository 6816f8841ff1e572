import type { FastifyInstance } from 'fastify';
import { siteSettings } from '@portal/domain/site-settings';
import { checkedRequest } from '../../lib/app-error';
import { changeSiteSettings } from '../../lib/site-settings';

/**
 * `PUT /dev/settings`: changes the site settings, for developers and the browser journeys until
 * the council back office does it. Registered only outside production.
 */
export async function devSettingsRoutes(app: FastifyInstance) {
  app.put('/dev/settings', { schema: { hide: true } }, async (request) => {
    const changes = checkedRequest(siteSettings.partial(), request.body ?? {}, 'settings change');
    return changeSiteSettings(app.db, changes, 'development');
  });
}
