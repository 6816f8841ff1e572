import { officeSettingsApi, type OfficeSiteSettings } from '@portal/domain/contracts/settings';
import { createHash } from 'node:crypto';
import { contactOfForm, type AnnouncementForm, type SiteSettingsForm } from '@portal/domain/forms';
import { languages } from '@portal/domain/languages';
import type { SiteSettings, TranslatedText } from '@portal/domain/site-settings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { officeRouteOf } from '../../lib/endpoint-route';
import { findImage } from '../../lib/stored-images';
import {
  changeSiteSettings,
  readSiteSettings,
  type SiteSettingsInForce,
} from '../../lib/site-settings';
import { auditedChange } from '../audit';
import { requireStaff } from '../staff';

function present({ version, settings }: SiteSettingsInForce): OfficeSiteSettings {
  return {
    version,
    closing: settings.closing,
    closing_message: settings.closing_message,
    reopens_at: settings.reopens_at,
    snackbar_message: settings.snackbar_message,
    app_version: settings.app_version,
    announcement: settings.announcement,
    helpline: settings.helpline,
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

/**
 * The announcement a form asks for. Its id stays while its picture and words do, so a reader who
 * closed it is not shown it again; a new picture or new words are a new announcement.
 */
function announcementOf(form: AnnouncementForm, current: SiteSettings['announcement']) {
  const alt = Object.fromEntries(
    languages.map((lang) => [lang, form[`alt_${lang}`]]),
  ) as TranslatedText;
  const content = JSON.stringify([form.image, languages.map((lang) => alt[lang])]);
  const unchanged =
    current !== null &&
    JSON.stringify([current.image, languages.map((lang) => current.alt[lang])]) === content;
  const id = unchanged
    ? current.id
    : `a-${createHash('sha256').update(content).digest('hex').slice(0, 16)}`;
  return { id, shown: form.shown === 'yes', image: form.image, alt };
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

  /** Stores `changes` as a new version and records who made it and why. */
  async function change(
    request: FastifyRequest,
    action: 'settings_changed' | 'announcement_changed' | 'helpline_changed',
    changes: Partial<SiteSettings>,
    { reason, detail }: { reason: string; detail: Record<string, string | boolean | null> },
  ) {
    const member = await requireStaff(request);
    const after = await auditedChange(
      app.db,
      request,
      member,
      (tx) => changeSiteSettings(tx, changes, member.email),
      ({ version }) => ({ action, target: `version ${version}`, reason, detail }),
    );
    return present(after);
  }

  api.route({
    ...officeRouteOf(officeSettingsApi.change, tags),
    handler: async (request) => {
      const form = request.body;
      const before = await readSiteSettings(app.db);
      // Opening the portal forgets when it was expected back.
      const reopensAt = form.closing === 'yes' && form.reopens_at ? form.reopens_at : null;
      return change(
        request,
        'settings_changed',
        {
          closing: form.closing === 'yes',
          closing_message: messageOf(form, 'closing_message'),
          reopens_at: reopensAt,
          snackbar_message: messageOf(form, 'snackbar_message'),
          app_version: form.app_version,
        },
        {
          reason: form.reason,
          detail: {
            closing: form.closing === 'yes',
            closing_before: before.settings.closing,
            reopens_at: reopensAt,
            app_version: form.app_version,
          },
        },
      );
    },
  });

  api.route({
    ...officeRouteOf(officeSettingsApi.announcement, tags),
    handler: async (request) => {
      const form = request.body;
      if (!(await findImage(app.db, form.image))) {
        throw new AppError('validation_failed', 'No such picture is stored', { image: 'required' });
      }
      const { settings } = await readSiteSettings(app.db);
      const announcement = announcementOf(form, settings.announcement);
      return change(
        request,
        'announcement_changed',
        { announcement },
        {
          reason: form.reason,
          detail: { id: announcement.id, shown: announcement.shown, image: form.image },
        },
      );
    },
  });

  api.route({
    ...officeRouteOf(officeSettingsApi.helpline, tags),
    handler: async (request) => {
      const form = request.body;
      const helpline = contactOfForm(form);
      return change(
        request,
        'helpline_changed',
        { helpline },
        {
          reason: form.reason,
          detail: { phone: helpline?.phone ?? null, email: helpline?.email ?? null },
        },
      );
    },
  });
}
