/**
 * Schemas of the portal's forms (docs/input-rules.md). Every failure carries a ValidationMessageKey as
 * its message; the web app shows the text for it in ms, en or zh.
 */
import * as z from 'zod';
import { councilCodes, isCouncilCode } from './councils';
import { compoundCategories, compoundTypes, isPlateKey, plateKey } from './compounds';
import { isValidationMessageKey, type ValidationMessageKey } from './errors';
import { isSen, parseRinggit, type Sen } from './money';
import { paymentChannels, paymentMethods } from './payment-methods';
import { paymentTypes, stripsHyphens, toPaymentType } from './payment-types';
import { toPlanType } from './plans';
import {
  licenceApplicationStatuses,
  licenceCategories,
  licenceStatuses,
  reductionMethods,
  type LicenceReduction,
  type LicenceStatus,
} from './licences';
import { languages as languageCodes } from './languages';
import { contentPages as contentPageNames } from './content-pages';
import { contactDetails, type ContactDetails, type OpeningHours } from './contacts';
import { imageId } from './images';
import { malaysiaDateTime } from './site-settings';
import { isoDateMs } from './calendar-days';
import { checkIdentity, defaultIdentityType, identityTypes } from './identities';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * C0 control characters (NUL included) and DEL: nobody types them, PostgreSQL cannot store a NUL,
 * and they can forge lines in logs and e-mails.
 */
/**
 * A control character, or half of a surrogate pair alone: text that is not well-formed Unicode,
 * which no keyboard types, which a database refuses in JSON and a PDF cannot draw
 * (docs/input-rules.md). In a `u` pattern a whole pair is one character, so `\p{Cs}` finds only a
 * half standing alone.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const invalidCharacters = /[\u0000-\u001f\u007f]|\p{Cs}/u;

export function hasInvalidCharacters(value: string): boolean {
  return invalidCharacters.test(value);
}

/** Text that is well-formed Unicode: no half of a surrogate pair alone. */
export function isWellFormedText(value: string): boolean {
  return !/\p{Cs}/u.test(value);
}

/** Trimmed text; 'required' alone when missing or blank. */
const text = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .refine((value) => !hasInvalidCharacters(value), {
    error: 'characters_invalid',
    abort: true,
  });
const name = text.max(100, 'too_long');
/** Lower-cased so that an address is one account however it is typed. */
const email = text.max(254, 'too_long').toLowerCase().pipe(z.email('email_invalid'));
/** Passwords are taken as typed: a space is part of the password; broken Unicode is not. */
const password = z
  .string({ error: 'required' })
  .min(1, { error: 'required', abort: true })
  .refine(isWellFormedText, { error: 'characters_invalid', abort: true });
const newPassword = password.min(8, 'password_too_short').max(128, 'too_long');

/**
 * An identity document: its type (MyKad unless another is chosen) and its number, checked by that
 * type's own rule and kept normalised (identities.ts, docs/input-rules.md). An object of its own, so
 * that a form puts it beside its other fields with z.intersection: the number is judged even while
 * another field is blank, and the reader sees every error at once.
 */
const identity = z
  .object({
    id_type: z.enum(identityTypes, { error: 'required' }).default(defaultIdentityType),
    id_no: text.max(30, 'too_long'),
  })
  .transform((given, context) => {
    const checked = checkIdentity(given.id_type, given.id_no);
    if ('number' in checked) return { ...given, id_no: checked.number };
    context.issues.push({
      code: 'custom',
      message: checked.problem,
      path: ['id_no'],
      input: given.id_no,
    });
    return z.NEVER;
  });

/**
 * Malaysian numbers, kept as digits with the leading 0: mobiles 01x + 7 or 8 digits, landlines
 * 0x + 7 or 8 (Sabah's 087/088/089 + 6 digits have the same length). 60 is the calling code;
 * 02 is the trunk prefix for Singapore, not a Malaysian line.
 */
const phone = text
  .overwrite((raw) => raw.replace(/[\s-]/g, '').replace(/^\+?600?/, '0'))
  .regex(/^0(?:1\d{8,9}|[3-9]\d{7,8})$/, 'phone_invalid');

/** A calendar date as YYYY-MM-DD. */
export const isoDate = text.refine((date) => isoDateMs(date) !== undefined, 'date_invalid');

const passwordPair = { password: newPassword, confirm_password: password };
const passwordsMatch = (form: { password: string; confirm_password: string }) =>
  form.password === form.confirm_password;
const mismatch = { error: 'confirmation_mismatch', path: ['confirm_password'] };

export const loginSchema = z.object({ email, password });

/**
 * A staff login: the password and the second factor together, the six digits of the authenticator
 * app or one of the recovery codes (ten letters and digits, grouped by a hyphen when printed).
 */
export const staffLoginSchema = z.object({
  email,
  password,
  code: text
    .overwrite((code) => code.replace(/[\s-]/g, '').toUpperCase())
    .regex(/^(\d{6}|[A-Z2-7]{10})$/, 'code_invalid'),
});

/** What a finance officer decides of a payment flagged for review (docs/back-office.md). */
export const reviewDecisions = ['accept', 'reject'] as const;

/**
 * A review's resolution: accepted as paid, with the transaction the gateway's own report shows, or
 * rejected; either way with the reason, which goes into the audit log.
 */
export const reviewDecisionSchema = z
  .object({
    decision: z.enum(reviewDecisions, { error: 'required' }),
    trans_id: z
      .string()
      .trim()
      .max(64, 'too_long')
      .regex(/^[\w./-]*$/, 'characters_invalid')
      .default(''),
    reason: text.max(500, 'too_long'),
  })
  .refine((form) => form.decision === 'reject' || form.trans_id !== '', {
    path: ['trans_id'],
    error: 'required',
  });

/**
 * A finance officer's refund of a settled payment (docs/refunds.md): all that is left of every
 * line the officer's council is paid, or of one line, or an amount of one line; always with a
 * reason. The server checks the amount against what is left.
 */
/**
 * The gateway's own reference of a refund an officer made in its merchant portal, as that portal
 * shows it: what the council's finance office finds the refund by there.
 */
const gatewayRefundId = text.max(64, 'too_long');

/** An officer's record of a refund owed back that they made in the gateway's merchant portal. */
export const refundMadeSchema = z.object({ gateway_refund_id: gatewayRefundId });

export const refundFormSchema = z
  .object({
    line: z.string({ error: 'required' }).regex(/^(?:all|[1-9]\d{0,9})$/, { error: 'required' }),
    /** Ringgit as typed; blank for all that is left. */
    amount: z
      .string()
      .trim()
      .max(20, 'too_long')
      .default('')
      .refine((amount) => amount === '' || (parseRinggit(amount) ?? 0) > 0, 'amount_invalid'),
    reason: text.max(500, 'too_long'),
    gateway_refund_id: gatewayRefundId,
  })
  .refine((form) => form.line !== 'all' || form.amount === '', {
    path: ['amount'],
    error: 'amount_invalid',
  });

/**
 * A staff action that needs only its reason: settling an owed refund otherwise than through the
 * gateway, or having a staff member set up their second factor again.
 */
export const reasonFormSchema = z.object({ reason: text.max(500, 'too_long') });

/** The roles a council admin gives their council's staff; the state admin is made by command. */
export const councilStaffRoles = ['officer', 'finance', 'council_admin'] as const;

/** A council admin's invitation of a new staff member of a council (docs/back-office.md). */
export const staffInviteSchema = z.object({
  council: z.enum(councilCodes, { error: 'required' }),
  email,
  full_name: name,
  role: z.enum(councilStaffRoles, { error: 'required' }),
});

/** A council admin's change to a staff member: their role, whether they may log in, and why. */
export const staffChangeSchema = z.object({
  role: z.enum(councilStaffRoles, { error: 'required' }),
  active: z.enum(['yes', 'no'], { error: 'required' }),
  reason: text.max(500, 'too_long'),
});

/** Which record a form acts on (a staff member, a key): its id, as a select sends it. */
const recordChoice = z.string().regex(/^[1-9]\d{0,9}$/, 'required');
const staffMemberChoice = { member: recordChoice };

/** The back office's form for a change: the member chosen, then the change itself. */
export const staffChangeFormSchema = staffChangeSchema.extend(staffMemberChoice);

/** The back office's form to reset a member's authenticator: the member chosen, and why. */
export const staffReenrolFormSchema = reasonFormSchema.extend(staffMemberChoice);

/**
 * A council admin's new key for the council API (docs/council-api.md): the council, and a name
 * that says which of the council's systems holds it.
 */
export const apiKeyFormSchema = z.object({
  council: z.enum(councilCodes, { error: 'required' }),
  name: text.max(100, 'too_long'),
});

/**
 * A council admin's address for the council's webhook (docs/council-api.md): where each ledger
 * entry is posted, and why it is set.
 */
export const webhookFormSchema = z.object({
  council: z.enum(councilCodes, { error: 'required' }),
  url: text.max(500, 'too_long').pipe(z.url({ protocol: /^https?$/, error: 'url_invalid' })),
  reason: text.max(500, 'too_long'),
});

/** The back office's form to stop a council's webhook: the council, and why. */
export const webhookRemovalFormSchema = reasonFormSchema.extend({
  council: z.enum(councilCodes, { error: 'required' }),
});

/** The back office's form to revoke a key: the key chosen, and why. */
export const apiKeyRevokeFormSchema = reasonFormSchema.extend({ key: recordChoice });

/** Text a form may leave blank; trimmed, and never a control character. */
const optionalText = z
  .string()
  .trim()
  .max(500, 'too_long')
  .refine((value) => !hasInvalidCharacters(value), 'characters_invalid')
  .default('');

function allOrNone(prefix: string) {
  return (form: Record<string, string>, context: z.RefinementCtx) => {
    const blank = languageCodes.filter((lang) => form[`${prefix}_${lang}`] === '');
    if (blank.length === 0 || blank.length === languageCodes.length) return;
    for (const lang of blank) {
      context.addIssue({ code: 'custom', path: [`${prefix}_${lang}`], message: 'required' });
    }
  };
}

/**
 * The state admin's site settings (docs/site-settings.md): closed for maintenance or not, when it
 * is expected back, its notice and the snackbar message (each in every language, or none for the portal's own), the
 * newest phone app version, and the reason for the change.
 */
export const siteSettingsFormSchema = z.intersection(
  z.object({
    closing: z.enum(['yes', 'no'], { error: 'required' }),
    // Blank: the notice gives no time.
    reopens_at: optionalText.refine(
      (time) => time === '' || malaysiaDateTime.safeParse(time).success,
      'date_invalid',
    ),
    app_version: text.regex(/^\d{1,4}(\.\d{1,4}){0,2}$/, 'version_invalid'),
    reason: text.max(500, 'too_long'),
  }),
  // An object of its own, checked alongside: zod stops an object's checks at a blank required
  // field, and the reader is to see every error at once, not one round at a time.
  z
    .object({
      closing_message_ms: optionalText,
      closing_message_en: optionalText,
      closing_message_zh: optionalText,
      snackbar_message_ms: optionalText,
      snackbar_message_en: optionalText,
      snackbar_message_zh: optionalText,
    })
    .superRefine(allOrNone('closing_message'))
    .superRefine(allOrNone('snackbar_message')),
);

/**
 * The announcement the state admin shows on opening the portal (docs/site-settings.md): a stored
 * picture, the words it says in every language (read aloud in place of the picture), and whether
 * it is shown now.
 */
export const announcementFormSchema = z.object({
  shown: z.enum(['yes', 'no'], { error: 'required' }),
  // The id the picture's upload answered; blank until one is chosen.
  image: z.string({ error: 'required' }).refine((id) => imageId.safeParse(id).success, 'required'),
  alt_ms: text.max(500, 'too_long'),
  alt_en: text.max(500, 'too_long'),
  alt_zh: text.max(500, 'too_long'),
  reason: text.max(500, 'too_long'),
});

/** Days of the week as `openingHours` numbers them: 1 is Monday. */
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;
/** A day's periods on the form: a council's counter opens twice at most (a lunch break). */
const dayPeriods = [1, 2] as const;
type HoursField = `hours_${(typeof weekdays)[number]}_${(typeof dayPeriods)[number]}_${
  'opens' | 'closes'}`;

/** The form's field for when a day's period opens or closes. */
export function hoursField(
  day: (typeof weekdays)[number],
  period: (typeof dayPeriods)[number],
  end: 'opens' | 'closes',
): HoursField {
  return `hours_${day}_${period}_${end}`;
}

const hoursFields = weekdays.flatMap((day) =>
  dayPeriods.flatMap((period) => [
    hoursField(day, period, 'opens'),
    hoursField(day, period, 'closes'),
  ]),
);

/** 08:00, as a time input sends it; blank for none. */
const optionalTime = z
  .string()
  .trim()
  .default('')
  .refine((time) => time === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(time), 'time_invalid');

/**
 * Each period has both its times, opening before closing, and a day's second period follows its
 * first.
 */
function periodsInOrder(form: Record<HoursField, string>, context: z.RefinementCtx) {
  const problem = (field: HoursField, message: ValidationMessageKey) =>
    context.addIssue({ code: 'custom', path: [field], message });
  for (const day of weekdays) {
    for (const period of dayPeriods) {
      const opens = hoursField(day, period, 'opens');
      const closes = hoursField(day, period, 'closes');
      if ((form[opens] === '') !== (form[closes] === '')) {
        problem(form[opens] === '' ? opens : closes, 'required');
      } else if (form[opens] !== '' && form[opens] >= form[closes]) {
        problem(closes, 'time_order');
      }
    }
    const first = hoursField(day, 1, 'opens');
    const second = hoursField(day, 2, 'opens');
    if (form[second] === '') continue;
    if (form[first] === '') problem(first, 'required');
    else if (form[second] <= form[hoursField(day, 1, 'closes')]) problem(second, 'time_order');
  }
}

/** The week as the form holds it, as `openingHours` keeps it: days with the same hours together. */
export function openingHoursOfWeek(form: Record<HoursField, string>): OpeningHours {
  const daysByPeriods = new Map<string, number[]>();
  for (const day of weekdays) {
    const periods = dayPeriods
      .map((period) => [
        form[hoursField(day, period, 'opens')],
        form[hoursField(day, period, 'closes')],
      ])
      .filter(([opens]) => opens !== '');
    if (periods.length === 0) continue;
    const key = JSON.stringify(periods);
    daysByPeriods.set(key, [...(daysByPeriods.get(key) ?? []), day]);
  }
  return [...daysByPeriods].flatMap(([key, days]) =>
    (JSON.parse(key) as [string, string][]).map(([opens, closes]) => ({ days, opens, closes })),
  );
}

/** The form's fields for stored hours: each day's first two periods, by when they open. */
export function weekOfOpeningHours(hours: OpeningHours): Record<HoursField, string> {
  const week = Object.fromEntries(hoursFields.map((field) => [field, ''])) as Record<
    HoursField,
    string
  >;
  for (const day of weekdays) {
    const periods = hours
      .filter((period) => period.days.includes(day))
      .sort((a, b) => a.opens.localeCompare(b.opens));
    for (const [index, period] of periods.slice(0, dayPeriods.length).entries()) {
      week[hoursField(day, dayPeriods[index]!, 'opens')] = period.opens;
      week[hoursField(day, dayPeriods[index]!, 'closes')] = period.closes;
    }
  }
  return week;
}

/** A helpline number as the reader sees it written (088-123 456): the stored rule's own. */
const helplinePhone = contactDetails.shape.phone.unwrap();

/**
 * The portal's own helpline (docs/helpline.md): each detail may be left blank, which the helpline
 * page then says it does not have, and the opening hours as a week of at most two periods a day.
 */
export const helplineFormSchema = z.intersection(
  z.object({
    phone: optionalText.refine(
      (phone) => phone === '' || helplinePhone.safeParse(phone).success,
      'phone_invalid',
    ),
    email: optionalText
      .pipe(z.string().max(120, 'too_long'))
      .refine((address) => address === '' || z.email().safeParse(address).success, 'email_invalid'),
    address: optionalText.pipe(z.string().max(300, 'too_long')),
    reason: text.max(500, 'too_long'),
  }),
  // The week checked alongside the other fields, as the site settings' messages are.
  z
    .object(
      Object.fromEntries(hoursFields.map((field) => [field, optionalTime])) as Record<
        HoursField,
        typeof optionalTime
      >,
    )
    .superRefine(periodsInOrder),
);

/** The contact details a helpline form gives; none when it leaves every detail blank. */
export function contactOfForm(form: z.output<typeof helplineFormSchema>): ContactDetails | null {
  const contact = {
    phone: form.phone || null,
    email: form.email.toLowerCase() || null,
    address: form.address || null,
    opening_hours: openingHoursOfWeek(form),
  };
  const given = contact.phone ?? contact.email ?? contact.address;
  return given === null && contact.opening_hours.length === 0 ? null : contact;
}

/**
 * A council's own contacts (docs/helpline.md), set by its admin in the back office: the helpline
 * form's fields, for one council.
 */
export const councilContactFormSchema = z.intersection(
  helplineFormSchema,
  z.object({ council: z.enum(councilCodes, { error: 'required' }) }),
);

/**
 * A share as the officer types it, in percent with at most two decimals (12.5); the council's
 * rates keep it in basis points (docs/assessment.md), `basisPointsOf`. The form's values stay as
 * typed, so that the checked form is also what the server checks again.
 */
const percentAsBp = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .regex(/^\d{1,3}(\.\d{1,2})?$/, { error: 'percent_invalid', abort: true })
  .refine((percent) => basisPointsOf(percent) <= 10_000, 'percent_invalid');

/** A percentage as checked by the council profile's form, in basis points: '45.5' is 4550. */
export function basisPointsOf(percent: string): number {
  return Math.round(Number(percent) * 100);
}

/**
 * A council's profile (docs/back-office.md): the title the portal shows under its name, its logo
 * (a stored picture's id, blank for none) and the assessment rates it sets, with the reason.
 */
export const councilProfileFormSchema = z.object({
  council: z.enum(councilCodes, { error: 'required' }),
  product_title: text.max(80, 'too_long'),
  logo: z
    .string()
    .trim()
    .default('')
    .refine((logo) => logo === '' || imageId.safeParse(logo).success, 'picture_unknown'),
  partial_discount_percent: percentAsBp,
  arrears_discount_percent: percentAsBp,
  reason: text.max(500, 'too_long'),
});

/**
 * The state admin's edit of one of the portal's own pages in one language (docs/content-pages.md):
 * its title, its body in the portal's safe Markdown, and the reason.
 */
export const contentPageFormSchema = z.object({
  page: z.enum(contentPageNames, { error: 'required' }),
  lang: z.enum(languageCodes, { error: 'required' }),
  title: text.max(200, 'too_long'),
  // Line breaks are the Markdown's own; other control characters are refused.
  body: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required', abort: true })
    .max(20_000, 'too_long')
    .refine((body) => !hasInvalidCharacters(body.replace(/\r?\n/g, '')), 'characters_invalid'),
  reason: text.max(500, 'too_long'),
});

/**
 * A settlement PDF's signature as an officer types it from the paper: 32 letters and digits, in
 * any case, spaces as printed or none.
 */
export const settlementSignatureSchema = z.object({
  signature: text
    .overwrite((signature) => signature.replace(/\s/g, '').toUpperCase())
    .regex(/^[A-Z2-7]{32}$/, 'code_invalid'),
});

/**
 * An invited staff member's enrolment: the link's token, the password they choose, and a code
 * from their authenticator app, which proves the app holds the secret before it is relied on.
 */
export const staffEnrolmentSchema = z
  .object({
    token: text.max(200, 'too_long'),
    ...passwordPair,
    code: text.overwrite((code) => code.replace(/\s/g, '')).regex(/^\d{6}$/, 'code_invalid'),
  })
  .refine(passwordsMatch, mismatch);

/**
 * A council admin's switch (docs/back-office.md): the council itself (`council`) or one of its
 * payment types, on or off, with the reason kept in the audit log.
 */
export const councilSwitchSchema = z.object({
  council: z.enum(councilCodes, { error: 'required' }),
  /** The council itself, one payment type it offers, or one way to pay. */
  target: z.enum(['council', ...paymentTypes, ...paymentMethods], { error: 'required' }),
  available: z.enum(['on', 'off'], { error: 'required' }),
  reason: text.max(500, 'too_long'),
});

/**
 * A bank or e-wallet marked down, or up again, for every council (docs/payment-methods.md): the
 * gateway tells merchants of its banks' outages, but not over its protocol.
 */
export const channelSwitchSchema = z.object({
  payment_id: z.enum(
    paymentChannels
      .filter((channel) => channel.method !== 'card')
      .map((channel) => channel.paymentId) as [string, ...string[]],
    { error: 'required' },
  ),
  online: z.enum(['on', 'off'], { error: 'required' }),
  reason: text.max(500, 'too_long'),
});

export const registrationSchema = z.intersection(
  z.object({ email, full_name: name, phone, ...passwordPair }).refine(passwordsMatch, mismatch),
  identity,
);

/** The reset page's form with the token from the e-mailed link. */
export const passwordResetRequestSchema = z
  .object({ token: text.max(200, 'too_long'), ...passwordPair })
  .refine(passwordsMatch, mismatch);

export const forgotPasswordSchema = z.object({ email });

/**
 * The six-digit code e-mailed after registration, with the address it was sent to: confirming it
 * is what logs the new user in (docs/accounts.md).
 */
export const emailVerificationSchema = z.object({
  email,
  code: text.overwrite((code) => code.replace(/\s/g, '')).regex(/^\d{6}$/, 'code_invalid'),
});

/** What a user may change of their profile; the e-mail and identity number identify the account. */
export const profileSchema = z.object({ full_name: name, phone });

/**
 * What a user calls a saved account (docs/my-accounts.md): optional, 60 characters at most; blank
 * is none.
 */
const nickname = z
  .string({ error: 'code_invalid' })
  .trim()
  .max(60, 'too_long')
  .refine((value) => !hasInvalidCharacters(value), 'characters_invalid')
  .default('');

/** A saved account's new nickname. */
export const nicknameSchema = z.object({ nickname });

/**
 * A bill saved to my accounts: its identity as its link names it (web-paths `billPath`), never
 * its figures, which are read again each time.
 */
export const savedAccountSchema = z.object({
  // Text, not the enum: a found bill names its council as a string.
  council: z.string({ error: 'code_invalid' }).refine(isCouncilCode, 'code_invalid'),
  payment_type: z
    .enum(paymentTypes, { error: 'code_invalid' })
    .refine((type) => type !== 'local_government_charge', 'code_invalid'),
  account_no: text.max(64, 'account_no_invalid'),
  nickname,
});

/** Which reminder e-mails a user wants, one switch per kind (docs/my-accounts.md). */
export const reminderChoicesSchema = z.object({
  assessment: z.boolean({ error: 'code_invalid' }),
  license: z.boolean({ error: 'code_invalid' }),
  compound: z.boolean({ error: 'code_invalid' }),
});

/** A password change needs the current password. */
export const passwordChangeSchema = z
  .object({ current_password: password, ...passwordPair })
  .refine(passwordsMatch, mismatch);

/**
 * The local government charge form (docs/search.md): the charge only, since the payer's name,
 * e-mail and phone are asked once, at checkout. The days and the amount are not fields:
 * the server works them out with localChargeDays and localChargeAmount, never trusting the
 * browser's.
 */
export const localChargeSchema = z
  .object({
    license_no: text.max(64, 'too_long'),
    customer_name: name,
    // Bounded so that, at any realistic rate, people x days x rate stays a safe integer.
    total_no_of_people: z
      .number({ error: 'required' })
      .int('number_positive')
      .min(1, 'number_positive')
      .max(100_000, 'too_long'),
    start_date: isoDate,
    end_date: isoDate,
    type: z
      .literal('local_government_charge', { error: 'code_invalid' })
      .default('local_government_charge'),
  })
  .refine(
    // Order is only judged between two valid dates; an invalid one has its own message.
    ({ start_date, end_date }) =>
      isoDateMs(start_date) === undefined ||
      isoDateMs(end_date) === undefined ||
      localChargeDays(start_date, end_date) > 0,
    { error: 'end_before_start', path: ['end_date'] },
  );

/**
 * Days charged, the start and the end date both counted: 1 to 11 December is 11 days, one day has
 * the same start and end (docs/search.md). Throws on a date that is not real.
 */
export function localChargeDays(start: string, end: string): number {
  const from = isoDateMs(start);
  const to = isoDateMs(end);
  if (from === undefined || to === undefined) throw new RangeError(`Not a date: ${start}, ${end}`);
  return (to - from) / dayMs + 1;
}

/** The most people and days one local government charge may be for, as a council sets them. */
export interface LocalChargeLimits {
  max_people: number;
  max_days: number;
}

/**
 * A charge beyond its council's limits, by field: without them a form asked for RM 365 billion.
 * Empty when within them, or when the dates are not valid (their own errors say so).
 */
export function localChargeLimitErrors(
  charge: { total_no_of_people: number; start_date: string; end_date: string },
  limits: LocalChargeLimits,
): Partial<Record<'total_no_of_people' | 'end_date', ValidationMessageKey>> {
  const errors: Partial<Record<'total_no_of_people' | 'end_date', ValidationMessageKey>> = {};
  if (charge.total_no_of_people > limits.max_people)
    errors.total_no_of_people = 'people_above_limit';
  const datesValid =
    isoDateMs(charge.start_date) !== undefined && isoDateMs(charge.end_date) !== undefined;
  if (datesValid && localChargeDays(charge.start_date, charge.end_date) > limits.max_days) {
    errors.end_date = 'days_above_limit';
  }
  return errors;
}

/** A local government charge is people x days x RM 1 (docs/search.md). */
export const localChargeRateSen: Sen = 100;

/** people x days x rate, in sen. Throws unless all are safe non-negative integers. */
export function localChargeAmount(charge: { people: number; days: number; rateSen: Sen }): Sen {
  const { people, days, rateSen } = charge;
  // A product beyond 2^53 cannot round back into the safe range, so isSen catches overflow.
  const amount = people * days * rateSen;
  if (![people, days, rateSen, amount].every(isSen)) {
    throw new RangeError(`Not a chargeable amount: ${people} x ${days} x ${rateSen}`);
  }
  return amount;
}

/**
 * A bill search. The output is normalised: payment_type mapped by
 * toPaymentType, hyphens dropped from market, compound and licence numbers. An unknown council,
 * payment type or compound type is 'code_invalid'; the server answers it as invalid_payment_type
 * or council_not_available (docs/search.md). A blank plan_type counts as none.
 */
export const searchSchema = z
  .object({
    council: z.enum(councilCodes, { error: 'code_invalid' }),
    payment_type: z.string({ error: 'required' }).transform((raw, ctx) => {
      const type = toPaymentType(raw);
      if (type) return type;
      ctx.issues.push({ code: 'custom', message: 'code_invalid', input: raw });
      return z.NEVER;
    }),
    // The 64 characters are counted as typed, before hyphens are dropped.
    query: text.max(64, 'account_no_invalid'),
    plan_type: z
      .string({ error: 'code_invalid' })
      .optional()
      .transform((raw) => (raw?.trim() ? toPlanType(raw) : undefined)),
    compound_type: z.enum(compoundTypes, { error: 'code_invalid' }).optional(),
  })
  .transform((search, ctx) => {
    const query = stripsHyphens(search.payment_type)
      ? search.query.replaceAll('-', '')
      : search.query;
    if (query) return { ...search, query };
    ctx.issues.push({
      code: 'custom',
      message: 'account_no_invalid',
      path: ['query'],
      input: search.query,
    });
    return z.NEVER;
  });

/** A licence or application number as typed: trimmed, hyphens and spaces dropped, upper case. */
const licenceNumber = text
  .max(64, 'account_no_invalid')
  .transform((typed) => typed.replaceAll(/[\s-]/g, '').toUpperCase())
  .refine((number) => number.length > 0, 'account_no_invalid');

/**
 * The licence searches (docs/licences.md): a licence of one category by its number, or an
 * application by its reference.
 */
export const licenceSearchSchema = z.object({
  council: z.enum(councilCodes, { error: 'code_invalid' }),
  category: z.enum(licenceCategories, { error: 'code_invalid' }),
  licence_no: licenceNumber,
});

export const licenceApplicationSearchSchema = z.object({
  council: z.enum(councilCodes, { error: 'code_invalid' }),
  reference: licenceNumber,
});

/**
 * An officer moves an application to another status (docs/licences.md): with a note for the
 * applicant, which a refusal must give, and the licence number once it is approved.
 */
export const applicationStatusFormSchema = z
  .object({
    status: z.enum(licenceApplicationStatuses, { error: 'required' }),
    licence_no: z.string().trim().max(40, 'too_long').default(''),
    note: z.string().trim().max(1000, 'too_long').default(''),
  })
  .superRefine(({ status, licence_no, note }, context) => {
    const licensed = status === 'approved' || status === 'approved_awaiting_payment';
    if (licensed && !licence_no) {
      context.addIssue({ code: 'custom', path: ['licence_no'], message: 'required' });
    }
    if (status === 'rejected' && !note) {
      context.addIssue({ code: 'custom', path: ['note'], message: 'required' });
    }
  });

/**
 * A licence's print: its number, and the identity of one of its owners, of any type
 * (docs/licences.md).
 */
export const licencePrintSchema = z.intersection(licenceSearchSchema, identity);

/** The public check of a licence: its council and number, from the printed licence's QR code. */
export const licenceVerificationSchema = z.object({
  council: z.enum(councilCodes, { error: 'code_invalid' }),
  licence_no: licenceNumber,
});

/**
 * Who pays, at checkout: the payer's name, contact details and identity. The payer is the person
 * who consents to the payment, so the name is asked once. The card, its brand included, is the
 * gateway's to ask for and to report, never ours (docs/payments.md).
 */
export const checkoutPayerSchema = z.intersection(
  z.object({ full_name: name, email, phone }),
  identity,
);

/**
 * The checkout's form: who pays, and how (docs/payment-methods.md): a way to pay, and its bank or
 * e-wallet by the gateway's PaymentId (the card's own, for a card).
 */
export const checkoutFormSchema = z.intersection(
  checkoutPayerSchema,
  z.object({
    method: z.enum(paymentMethods, { error: 'required' }),
    payment_id: text.max(8, 'code_invalid'),
  }),
);

/**
 * Finding a receipt again as a guest: its reference and the payer's e-mail together, since a
 * reference alone is guessable.
 */
export const receiptLookupSchema = z.object({
  reference: text.max(64, 'account_no_invalid').toUpperCase(),
  email,
});

/** A reduction's name in one language: it is printed on receipts and renewal forms. */
const reductionName = text.max(100, 'too_long');
const percent = z
  .number({ error: 'whole_percent_invalid' })
  .int('whole_percent_invalid')
  .min(1, 'whole_percent_invalid')
  .max(100, 'whole_percent_invalid');
/** At most RM 1,000,000, far above any licence fee: a typo of a few zeros is refused. */
const maxReductionSen: Sen = 100_000_000;
const reductionSen = z
  .number({ error: 'amount_invalid' })
  .int('amount_invalid')
  .min(1, 'amount_invalid')
  .max(maxReductionSen, 'amount_invalid');
const reductionDays = { from: isoDate, to: isoDate };
const reductionNames = z.object({ ms: reductionName, en: reductionName, zh: reductionName });

/** One reduction of a council's licence fee (docs/licences.md), its dates in order. */
export const licenceReductionSchema = z
  .discriminatedUnion(
    'method',
    [
      z.object({
        name: reductionNames,
        method: z.literal('percentage'),
        percent,
        ...reductionDays,
      }),
      z.object({
        name: reductionNames,
        method: z.literal('direct'),
        amount_sen: reductionSen,
        ...reductionDays,
      }),
    ],
    { error: 'required' },
  )
  .refine((reduction) => reduction.from <= reduction.to, {
    path: ['to'],
    error: 'end_before_start',
  }) satisfies z.ZodType<LicenceReduction>;

/** At most RM 1,000 a renewal: the council's cost of handling it, not a second fee. */
const maxProcessFeeSen: Sen = 100_000;

/**
 * A council's renewal rules as a change sends them (docs/licences.md), with the version they were
 * read at: a change made meanwhile by someone else refuses it. Overlapping reductions are the
 * server's to refuse, with their own code.
 */
export const renewalRulesSchema = z.object({
  council: z.enum(councilCodes, { error: 'required' }),
  version: z.number({ error: 'required' }).int('required').min(1, 'required'),
  process_fee_sen: z
    .number({ error: 'amount_invalid' })
    .int('amount_invalid')
    .min(0, 'amount_invalid')
    .max(maxProcessFeeSen, 'amount_invalid'),
  early_renewal_days: z
    .number({ error: 'days_invalid' })
    .int('days_invalid')
    .min(0, 'days_invalid')
    .max(366, 'days_invalid'),
  renewable_statuses: z
    .array(z.enum(licenceStatuses, { error: 'code_invalid' }))
    .refine((statuses) => new Set(statuses).size === statuses.length, 'code_invalid'),
  reductions: z.array(licenceReductionSchema).max(50, 'too_long'),
});

export type RenewalRulesChange = z.output<typeof renewalRulesSchema>;

/** The fields of one reduction's row in the renewal rules form. */
export const reductionFormFields = [
  'name_ms',
  'name_en',
  'name_zh',
  'method',
  'value',
  'from',
  'to',
] as const;

export type ReductionFormField = (typeof reductionFormFields)[number];

/** The name of a reduction row's field in the (flat) form. */
export const reductionField = (row: number, field: ReductionFormField) => `r${row}_${field}`;

/** The name of a status's checkbox in the form. */
export const renewableStatusField = (status: LicenceStatus) => `status_${status}`;

/**
 * The renewal rules form with `rows` reductions (docs/back-office.md): its fields are flat (the
 * fee in ringgit as typed, a checkbox per status, seven fields a reduction, the value a percent
 * or ringgit by its method), read into the change the server takes.
 */
export function renewalRulesFormSchema(rows: number) {
  const fee = z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required', abort: true })
    .max(20, 'too_long')
    .refine((typed) => {
      const sen = parseRinggit(typed);
      return sen !== undefined && sen <= maxProcessFeeSen;
    }, 'amount_invalid');
  const days = z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required', abort: true })
    .regex(/^\d{1,3}$/, 'days_invalid')
    .refine((typed) => Number(typed) <= 366, 'days_invalid');
  const shape: Record<string, z.ZodType> = {
    council: z.enum(councilCodes, { error: 'required' }),
    version: z.string().regex(/^[1-9]\d{0,9}$/, 'required'),
    process_fee: fee,
    early_renewal_days: days,
    ...Object.fromEntries(
      licenceStatuses.map((status) => [renewableStatusField(status), z.boolean()]),
    ),
  };
  for (let row = 0; row < rows; row++) {
    const field = (name: ReductionFormField) => reductionField(row, name);
    shape[field('name_ms')] = reductionName;
    shape[field('name_en')] = reductionName;
    shape[field('name_zh')] = reductionName;
    shape[field('method')] = z.enum(reductionMethods, { error: 'required' });
    shape[field('value')] = z.string().trim().max(20, 'too_long');
    shape[field('from')] = isoDate;
    shape[field('to')] = isoDate;
  }
  return z
    .object(shape)
    .superRefine((form, context) => {
      for (let row = 0; row < rows; row++) {
        const value = form[reductionField(row, 'value')] as string;
        const method = form[reductionField(row, 'method')];
        const wrong =
          method === 'percentage'
            ? !/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 100
              ? 'whole_percent_invalid'
              : undefined
            : (parseRinggit(value) ?? 0) <= 0 || (parseRinggit(value) ?? 0) > maxReductionSen
              ? 'amount_invalid'
              : undefined;
        if (wrong)
          context.addIssue({
            code: 'custom',
            path: [reductionField(row, 'value')],
            message: wrong,
          });
        const from = form[reductionField(row, 'from')] as string;
        const to = form[reductionField(row, 'to')] as string;
        if (from > to) {
          context.addIssue({
            code: 'custom',
            path: [reductionField(row, 'to')],
            message: 'end_before_start',
          });
        }
      }
    })
    .transform((form): RenewalRulesChange => {
      const at = (row: number, name: ReductionFormField) =>
        form[reductionField(row, name)] as string;
      return {
        council: form.council as RenewalRulesChange['council'],
        version: Number(form.version),
        process_fee_sen: parseRinggit(form.process_fee as string)!,
        early_renewal_days: Number(form.early_renewal_days),
        renewable_statuses: licenceStatuses.filter(
          (status) => form[renewableStatusField(status)] === true,
        ),
        reductions: Array.from({ length: rows }, (_, row) => {
          const common = {
            name: { ms: at(row, 'name_ms'), en: at(row, 'name_en'), zh: at(row, 'name_zh') },
            from: at(row, 'from'),
            to: at(row, 'to'),
          };
          return at(row, 'method') === 'percentage'
            ? { ...common, method: 'percentage' as const, percent: Number(at(row, 'value')) }
            : { ...common, method: 'direct' as const, amount_sen: parseRinggit(at(row, 'value'))! };
        }),
      };
    });
}

export type LoginForm = z.output<typeof loginSchema>;
export type StaffLoginForm = z.output<typeof staffLoginSchema>;
export type ReviewDecisionForm = z.output<typeof reviewDecisionSchema>;
export type RefundForm = z.output<typeof refundFormSchema>;
export type RefundFormInput = z.input<typeof refundFormSchema>;
export type ReasonForm = z.output<typeof reasonFormSchema>;
export type StaffInviteForm = z.output<typeof staffInviteSchema>;
export type StaffChangeForm = z.output<typeof staffChangeSchema>;
export type StaffEnrolmentForm = z.output<typeof staffEnrolmentSchema>;
export type SiteSettingsForm = z.output<typeof siteSettingsFormSchema>;
export type AnnouncementForm = z.output<typeof announcementFormSchema>;
export type ApiKeyForm = z.output<typeof apiKeyFormSchema>;
export type RefundMadeForm = z.output<typeof refundMadeSchema>;
export type WebhookForm = z.output<typeof webhookFormSchema>;
export type WebhookRemovalForm = z.output<typeof webhookRemovalFormSchema>;
export type HelplineForm = z.output<typeof helplineFormSchema>;
export type CouncilContactForm = z.output<typeof councilContactFormSchema>;
export type CouncilProfileForm = z.output<typeof councilProfileFormSchema>;
export type ContentPageForm = z.output<typeof contentPageFormSchema>;
export type SettlementSignatureForm = z.output<typeof settlementSignatureSchema>;
export type CouncilSwitchForm = z.output<typeof councilSwitchSchema>;
export type ApplicationStatusForm = z.input<typeof applicationStatusFormSchema>;
export type LicenceApplicationSearch = z.output<typeof licenceApplicationSearchSchema>;
export type ChannelSwitchForm = z.output<typeof channelSwitchSchema>;
export type RegistrationForm = z.output<typeof registrationSchema>;
export type PasswordResetRequest = z.output<typeof passwordResetRequestSchema>;
export type EmailVerificationForm = z.output<typeof emailVerificationSchema>;
/** What both list searches share: the council, and a category of compound to narrow them to. */
const listSearch = {
  council: z.enum(councilCodes, { error: 'code_invalid' }),
  compound_category: z.enum(compoundCategories, { error: 'code_invalid' }).optional(),
};

/**
 * The compounds and parking tickets of one vehicle at a council (docs/search.md). The plate comes
 * out normalised by `plateKey`: `SA 1234 B` and `sa1234-b` are one plate.
 */
export const plateSearchSchema = z.object({
  ...listSearch,
  plate: text
    .max(20, 'plate_invalid')
    .transform(plateKey)
    .refine(isPlateKey, { error: 'plate_invalid' }),
});

/**
 * Every unpaid bill of one owner at a council, by their MyKad number as councils hold it
 * (docs/search.md): 12 digits, hyphens and spaces as typed.
 */
export const ownerSearchSchema = z.object({
  ...listSearch,
  owner_ic: text.max(30, 'too_long').transform((typed, context) => {
    const checked = checkIdentity('new_id', typed);
    if ('number' in checked) return checked.number;
    context.issues.push({ code: 'custom', message: checked.problem, input: typed });
    return z.NEVER;
  }),
});

export type PlateSearch = z.output<typeof plateSearchSchema>;
export type OwnerSearch = z.output<typeof ownerSearchSchema>;

export type ProfileForm = z.output<typeof profileSchema>;
export type PasswordChangeForm = z.output<typeof passwordChangeSchema>;
export type NicknameForm = z.input<typeof nicknameSchema>;
export type SavedAccountForm = z.output<typeof savedAccountSchema>;
export type ReminderChoices = z.output<typeof reminderChoicesSchema>;
export type LocalChargeForm = z.output<typeof localChargeSchema>;
/** What a form sends: `type` may be left out. */
export type LocalChargeFormInput = z.input<typeof localChargeSchema>;
export type SearchQuery = z.output<typeof searchSchema>;
export type CheckoutPayer = z.output<typeof checkoutPayerSchema>;
export type CheckoutPayerInput = z.input<typeof checkoutPayerSchema>;
export type CheckoutForm = z.output<typeof checkoutFormSchema>;
export type ReceiptLookup = z.output<typeof receiptLookupSchema>;
/** What a caller sends: payment_type and plan_type as raw text. */
export type SearchQueryInput = z.input<typeof searchSchema>;

/**
 * The first failure of each field, by path joined with '.' ('_' for the form itself). A message
 * that is not one of our keys (a zod default) becomes 'code_invalid', as in the server's handler.
 */
export function fieldErrors(error: z.ZodError): Record<string, ValidationMessageKey> {
  const fields = new Map<string, ValidationMessageKey>();
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (!fields.has(path)) {
      fields.set(path, isValidationMessageKey(issue.message) ? issue.message : 'code_invalid');
    }
  }
  // fromEntries defines own properties, so a '__proto__' path cannot reach the prototype.
  return Object.fromEntries(fields);
}
