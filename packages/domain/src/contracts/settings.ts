import * as z from 'zod';
import { contactDetails } from '../contacts';
import { appVersion, malaysiaDateTime, siteSettings, translatedText } from '../site-settings';
import { announcementFormSchema, helplineFormSchema, siteSettingsFormSchema } from '../forms';
import type { Endpoint, OfficeEndpoint } from './endpoint';
import { named } from './named';

/**
 * What the web app runs with (docs/site-settings.md): the rules it follows so that it refuses what
 * the server would, and the site settings a council's staff change without a release.
 */
export const portalSettings = named(
  'PortalSettings',
  z.strictObject({
    /** The stored settings' version; 0 while the defaults are in force. */
    version: z.number().int(),
    /** How many bills the cart may hold. */
    cart_limit: z.number().int(),
    /** The most one payment may be, in sen: the card gateway refuses more. */
    max_payment: z.number().int().describe('The most one payment may be, in sen'),
    closing: z.boolean().describe('Closed for maintenance: no new payment starts'),
    closing_message: translatedText
      .nullable()
      .describe("The maintenance notice; null: the portal's own"),
    reopens_at: malaysiaDateTime
      .nullable()
      .describe('While closed, when the portal is expected back: Malaysia time; null: not said'),
    snackbar_message: translatedText.nullable().describe('Shown once a visit'),
    announcement: z
      .strictObject({
        id: z.string().describe('Dismissed once, remembered by this'),
        image: z.string().describe('Where the browser fetches its picture'),
        alt: translatedText,
      })
      .nullable()
      .describe('The announcement to show, when one is switched on'),
    app_version: z.string().describe("The newest version of the portal's phone app"),
    helpline: contactDetails.nullable().describe("The portal's own helpline; null until it is set"),
  }),
);

export type PortalSettings = z.output<typeof portalSettings>;

export const settingsApi = {
  get: {
    method: 'GET',
    path: '/settings',
    summary: 'What the web app runs with: its limits, and the site settings in force',
    etag: true,
    answer: portalSettings,
    errors: [],
  },
  appVersion: {
    method: 'GET',
    path: '/settings/app-version',
    summary: 'Whether an installed phone app is older than the newest (it sends its version)',
    query: z.object({ version: appVersion.describe('The installed version, e.g. 1.4.2') }),
    answer: z.strictObject({ newest: z.string(), outdated: z.boolean() }),
    errors: [],
  },
} as const satisfies Record<string, Endpoint>;

/** The site settings the state admin changes in the back office, as they are in force. */
export const officeSiteSettings = named(
  'SiteSettings',
  z.strictObject({
    version: z.number().int(),
    closing: z.boolean(),
    closing_message: translatedText.nullable(),
    reopens_at: malaysiaDateTime.nullable(),
    snackbar_message: translatedText.nullable(),
    app_version: z.string(),
    announcement: siteSettings.shape.announcement,
    helpline: contactDetails.nullable(),
  }),
);

export type OfficeSiteSettings = z.output<typeof officeSiteSettings>;

const officeErrors = ['login_required', 'forbidden'] as const;

/**
 * The state admin's site settings (docs/site-settings.md): closing for maintenance, its notice,
 * the snackbar message and the phone app's version; the announcement; the portal's helpline. Each
 * change is a new version, read by every server at its next request.
 */
export const officeSettingsApi = {
  get: {
    method: 'GET',
    path: '/office/settings',
    summary: 'The site settings in force',
    access: '_admin',
    answer: officeSiteSettings,
    errors: officeErrors,
  },
  change: {
    method: 'POST',
    path: '/office/settings',
    summary: 'Change the site settings, with a reason: a new version, in force at once',
    access: '_admin',
    body: siteSettingsFormSchema,
    answer: officeSiteSettings,
    errors: officeErrors,
  },
  announcement: {
    method: 'POST',
    path: '/office/settings/announcement',
    summary: 'Set the announcement (a stored picture and its words) and whether it is shown',
    access: '_admin',
    body: announcementFormSchema,
    answer: officeSiteSettings,
    errors: officeErrors,
  },
  helpline: {
    method: 'POST',
    path: '/office/settings/helpline',
    summary: "Set the portal's own helpline: phone, e-mail, address and opening hours",
    access: '_admin',
    body: helplineFormSchema,
    answer: officeSiteSettings,
    errors: officeErrors,
  },
} as const satisfies Record<string, OfficeEndpoint>;
