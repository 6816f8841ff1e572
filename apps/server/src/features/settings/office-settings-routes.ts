import { officeSettingsApi, type OfficeSiteSettings } from '@portal/domain/contracts/settings';
import type { SiteSettingsForm } from '@portal/domain/forms';
import { languages } from '@portal/domain/languages';
import type { SiteSettings, TranslatedText } from '@portal/domain/site-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { officeRouteOf } from '../../lib/endpoint-route';
import {
  changeSiteSettings,
  readSiteSettings,
  type SiteSettingsInForce,
} from '../../lib/site-settings';
import { recordAudit } from '../audit';
import { requireStaff } from '../staff';

function present({ version, settings }: SiteSettingsInForce): OfficeSiteSettings {
  return {
    version,
    closing: settings.closing,
    closing_message: settings.closing_message,
    snackbar_message: settings.snackbar_message,
    app_version: settings.app_version,
  };
}

/** A message the form gave in every language, or null when it gave none (the portal's own). */
function messageOf(form: SiteSettingsForm, prefix: 'closing_message' | 'snackbar_message') {
  const texts = languages.map((lang) => form[`${prefix}_${lang}`]);
  if (texts.every((text) => text === '')) return null;
  return Object.fromEntries(
    languages.map((lang) => [lang, form[`${prefix}_${lang}`]]),
  ) as TranslatedText;
}

/** The state admin's site settings in the back office (docs/site-settings.md). */
export async function officeSettingsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['office'];

  api.route({
    ...officeRouteOf(officeSettingsApi.get, tags),
    handler: async (request) => {
      await requireStaff(request);
      return present(await readSiteSettings(app.db));
    },
  });

  api.route({
    ...officeRouteOf(officeSettingsApi.change, tags),
    handler: async (request) => {
      const member = await requireStaff(request);
      const form = request.body;
      const changes: Partial<SiteSettings> = {
        closing: form.closing === 'yes',
        closing_message: messageOf(form, 'closing_message'),
        snackbar_message: messageOf(form, 'snackbar_message'),
        app_version: form.app_version,
      };
      const before = await readSiteSettings(app.db);
      const after = await changeSiteSettings(app.db, changes, member.email);
      await recordAudit(app.db, request, member, {
        action: 'settings_changed',
        target: `version ${after.version}`,
        reason: form.reason,
        detail: {
          closing: changes.closing ?? null,
          closing_before: before.settings.closing,
          app_version: form.app_version,
        },
      });
      return present(after);
    },
  });
}
