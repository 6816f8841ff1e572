import * as z from 'zod';
import { contactDetails } from './contacts';
import { imageId } from './images';
import { languages, type Language } from './languages';

/** A council's or the portal's words in each language the portal speaks. */
export const translatedText = z.strictObject(
  Object.fromEntries(languages.map((lang) => [lang, z.string().trim().min(1).max(500)])) as Record<
    Language,
    z.ZodString
  >,
);

export type TranslatedText = z.output<typeof translatedText>;

/**
 * A Malaysia wall-clock date and time, `2026-11-25T14:00`, as a datetime-local field gives it and
 * `writtenDateTime` reads it (docs/dates.md).
 */
export const malaysiaDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/)
  .refine((text) => {
    const date = new Date(`${text.slice(0, 10)}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text.slice(0, 10));
  });

/** A version as app stores number them: 1.4.2. */
export const appVersion = z.string().regex(/^\d{1,4}(\.\d{1,4}){0,2}$/);

/**
 * What the portal is run with, changed without a release (docs/site-settings.md): one document,
 * kept as a new version at every change.
 */
export const siteSettings = z.strictObject({
  /** Closed for maintenance: no new payment starts, and every page says so. */
  closing: z.boolean(),
  /** What the maintenance notice says; the portal's own words when none is set. */
  closing_message: translatedText.nullable(),
  /**
   * While closed, when the portal is expected back, which the notice says. Absent from versions
   * stored before it existed: not said.
   */
  reopens_at: malaysiaDateTime.nullable().default(null),
  /** Shown once a visit in the snackbar, when set. */
  snackbar_message: translatedText.nullable(),
  /** A picture with a message, shown until the reader dismisses it; remembered by its id. */
  announcement: z
    .strictObject({
      id: z.string().regex(/^[a-z0-9-]{1,60}$/),
      shown: z.boolean(),
      image: imageId,
      alt: translatedText,
    })
    .nullable(),
  /** The newest version of the portal's phone app: an older one is told to update. */
  app_version: appVersion,
  /**
   * The portal's own helpline, for questions about the portal rather than a council's bill; the
   * FAQ names its number. Absent from versions stored before it existed: none.
   */
  helpline: contactDetails.nullable().default(null),
});

export type SiteSettings = z.output<typeof siteSettings>;

/** What the portal runs with when no settings are stored, or the stored ones cannot be read. */
export const defaultSiteSettings: SiteSettings = {
  closing: false,
  closing_message: null,
  reopens_at: null,
  snackbar_message: null,
  announcement: null,
  app_version: '1.0.0',
  helpline: null,
};
