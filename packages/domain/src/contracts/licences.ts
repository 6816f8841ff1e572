import * as z from 'zod';
import { languages } from '../languages';
import {
  licenceApplicationStatuses,
  licenceCategories,
  licenceHours,
  licenceKinds,
  renewalPeriods,
} from '../licences';
import type { Endpoint } from './endpoint';
import { requiredByService } from './params';
import { identityTypes } from '../identities';
import { named } from './named';

const sen = z.number().int().describe('in sen');
const day = z.string().describe('YYYY-MM-DD, Malaysia');
const requiredText = (description: string) => requiredByService(z.string(), description);
const picture = (of: string) =>
  z.string().nullable().describe(`Where the browser fetches ${of}, when the council has one`);

/** A council's words in each language the portal speaks. */
const translated = named(
  'Translated',
  z.strictObject(
    Object.fromEntries(languages.map((lang) => [lang, z.string()])) as Record<
      (typeof languages)[number],
      z.ZodString
    >,
  ),
);

/** One priced way to renew (docs/licences.md). */
const renewalOption = named(
  'RenewalOption',
  z.strictObject({
    period: z.enum(renewalPeriods),
    valid_from: day,
    valid_until: day,
    months: z.number().int(),
    licence_fee: sen,
    process_fee: sen,
    reduction: sen,
    amount: sen,
  }),
);

export type RenewalOptionView = z.output<typeof renewalOption>;

/** Whether the licence renews online today, and how; or why not. */
const renewal = z.discriminatedUnion('renewable', [
  z.strictObject({
    renewable: z.literal(true),
    options: z.array(renewalOption),
    reduction_label: translated.nullable().describe('The reduction in force, if any'),
  }),
  z.strictObject({
    renewable: z.literal(false),
    reason: z.enum(['license_status_not_allowed', 'early_renewal_closed']),
    opens_on: day.optional().describe('When early renewal opens'),
  }),
]);

/** A licence as its holder sees it. Owners' names arrive masked, IC numbers all but the last 4. */
const licenceDetail = named(
  'Licence',
  z.strictObject({
    council: z.string(),
    council_logo: picture("the council's logo"),
    licence_no: z.string().describe('As the council prints it'),
    reference: z.string(),
    category: z.enum(licenceCategories),
    kind: z.enum(licenceKinds),
    lesen_print: z.number().int().optional(),
    status: z.string(),
    valid_from: day.nullable(),
    valid_until: day.nullable(),
    valid_today: z.boolean(),
    business_name: z.string(),
    business_type: z.string(),
    business_category: z.string(),
    unit_kind: z.string().optional(),
    unit_count: z.number().int().optional(),
    location: z.string(),
    location_code: z.string().optional(),
    stall_no: z.string().optional(),
    vehicle_plate: z.string().optional(),
    area: z.string().optional(),
    hours: z.enum(licenceHours).optional(),
    capacity: z.number().int().optional(),
    notes: z.string().optional(),
    premises_picture: picture('the picture of the premises, stall or sign'),
    owners: z.array(z.strictObject({ name: z.string(), ic: z.string() })),
    monthly_fee: sen,
    payments: z
      .array(z.strictObject({ reference: z.string(), paid_at: z.string(), amount: sen }))
      .describe('The latest settled payments of this licence, newest first'),
    renewal,
  }),
);

export type LicenceDetail = z.output<typeof licenceDetail>;

/** What the public verification page shows: no IC numbers, no fees. */
const licenceVerdict = z.strictObject({
  council: z.string(),
  council_name: z.string(),
  council_logo: picture("the council's logo"),
  licence_no: z.string(),
  valid: z.boolean().describe('Active, and today within its validity'),
  status: z.string(),
  valid_from: day.nullable(),
  valid_until: day.nullable(),
  business_name: z.string(),
  location: z.string(),
  checked_on: day,
});

export type LicenceVerdict = z.output<typeof licenceVerdict>;

/** A licence its holder keeps in their digital licences: what the public check shows, and its QR. */
const digitalLicence = named(
  'DigitalLicence',
  licenceVerdict.omit({ checked_on: true, valid: true }).extend({
    category: z.enum(licenceCategories),
    kind: z.enum(licenceKinds),
    valid_today: z.boolean(),
    qr_svg: z.string().describe('The QR code to its public check, as SVG'),
  }),
);

export type DigitalLicence = z.output<typeof digitalLicence>;

/** Where an application stands. The applicant's name arrives masked. */
const licenceApplication = z.strictObject({
  council: z.string(),
  reference: z.string(),
  kind: z.enum(licenceKinds),
  business_name: z.string(),
  applicant_name: z.string(),
  status: z.enum(licenceApplicationStatuses),
  submitted_on: day,
  decided_on: day.nullable(),
  licence_no: z.string().nullable().describe('The licence it became, once approved'),
  note: z.string().nullable(),
  history: z
    .array(
      z.strictObject({
        status: z.enum(licenceApplicationStatuses),
        on: day,
        note: z.string().nullable(),
      }),
    )
    .describe('Each change of status, oldest first; the last is the status'),
});

export type LicenceApplicationView = z.output<typeof licenceApplication>;

const licenceSearch = named(
  'LicenceSearch',
  z.object({
    council: requiredText('Council code, e.g. mps'),
    category: requiredText('operating (licences and permits) or trading'),
    licence_no: requiredText('The licence number as printed; hyphens and spaces are ignored'),
  }),
);

/** A licence named by its number and the identity of one of its owners, of any type. */
const licenceOfOwner = named(
  'LicenceOfOwner',
  licenceSearch.extend({
    id_type: z
      .enum(identityTypes)
      .optional()
      .describe("The type of the owner's identity document; new_id (MyKad) when left out"),
    id_no: requiredText("An owner's identity number, as that type's rule takes it"),
  }),
);

export const licencesApi = {
  find: {
    method: 'POST',
    path: '/licences/find',
    summary: 'A licence by its number, with what its holder can do now (renew, pay, print)',
    body: licenceSearch,
    answer: licenceDetail,
    errors: ['not_found', 'council_not_available', 'payment_type_not_available'],
  },
  application: {
    method: 'POST',
    path: '/licences/application',
    summary: 'Where a licence application stands, by its reference',
    body: z.object({
      council: requiredText('Council code'),
      reference: requiredText('The application reference; hyphens and spaces are ignored'),
    }),
    answer: licenceApplication,
    errors: ['not_found', 'council_not_available', 'payment_type_not_available'],
  },
  print: {
    method: 'POST',
    path: '/licences/print',
    summary: "The printed licence as a PDF, for whoever has its number and an owner's IC number",
    body: licenceOfOwner,
    file: { types: ['application/pdf'] },
    answer: z.unknown(),
    errors: ['not_found', 'license_not_printable', 'rate_limited'],
  },
  renewalForm: {
    method: 'POST',
    path: '/licences/renewal-form',
    summary: "The licence's renewal form as a PDF, filled in, for renewing at the counter",
    body: licenceOfOwner,
    file: { types: ['application/pdf'] },
    answer: z.unknown(),
    errors: ['not_found', 'rate_limited'],
  },
  mine: {
    method: 'GET',
    path: '/licences/mine',
    summary: "The logged-in user's digital licences",
    answer: z.strictObject({ licences: z.array(digitalLicence) }),
    errors: ['login_required', 'forbidden'],
  },
  keep: {
    method: 'POST',
    path: '/licences/mine',
    summary:
      "Adds a licence to the user's digital licences, by its number and an owner's IC number",
    body: licenceOfOwner,
    answer: digitalLicence,
    errors: ['not_found', 'rate_limited', 'login_required', 'forbidden'],
  },
  verify: {
    method: 'GET',
    path: '/licences/verify',
    summary: "The public check of a printed licence's QR code: valid today or not",
    query: z.object({
      council: requiredText('Council code'),
      licence_no: requiredText('The licence number'),
    }),
    answer: licenceVerdict,
    errors: ['not_found', 'rate_limited'],
  },
} as const satisfies Record<string, Endpoint>;
