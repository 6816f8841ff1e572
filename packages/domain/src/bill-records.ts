import * as z from 'zod';
import { amountDueOf } from './assessments';
import { compoundTypes } from './compounds';
import { licenceRecord } from './licence-records';
import { licenceStatuses } from './licences';
import { isAssessment } from './payment-types';
import { planTypes } from './plans';
import { named } from './contracts/named';

/**
 * A council's bill or licence as its own billing and licensing systems send it to the portal
 * (docs/council-api.md), by the council API or in a file. One schema for both, and for every
 * check the portal makes of a council's data: what is refused here never reaches a citizen.
 */

const words = z.string().trim().min(1).max(200);
const calendarDay = z.iso.date();
/** Sen, up to RM 100 million: more than any council bill, less than sums that lose precision. */
const sen = z.number().int().min(0).max(10_000_000_000);

/** What a bill that is not a licence may be: owing, or settled in the council's books. */
export const billStatuses = ['unpaid', 'paid'] as const;

/** An assessment's (or land cess's) balance as the council's ledger holds it (docs/assessment.md). */
const assessmentDetails = z.strictObject({
  house_no: words.optional(),
  current_title: words.optional(),
  assessed_year: z.number().int().min(1990).max(2100),
  arrears_sen: sen,
  current_sen: sen,
  discount_sen: sen.default(0),
  special_discount_sen: sen,
  /** The tax included in the amount due (a service tax), where the council charges one. */
  tax_sen: sen.default(0),
  /** `YYYY/Q`: the last quarter paid. */
  paid_until: z
    .string()
    .regex(/^\d{4}\/[1-4]$/)
    .optional(),
});

const compoundDetails = z.strictObject({
  compound_type: z.enum(compoundTypes),
  offence: words,
  issued_at: z.iso.datetime({ offset: true }),
  location: words,
  vehicle_plate: words.optional(),
});

const ticketDetails = z.strictObject({
  vehicle_plate: words,
  offence: words,
  location: words,
  issued_at: z.iso.datetime({ offset: true }),
});

const marketDetails = z.strictObject({
  market_name: words,
  stall_no: words,
  monthly_rent_sen: sen,
  months_owing: z.number().int().min(0).max(600),
});

const bookingDetails = z.strictObject({
  hall_name: words,
  event: words,
  event_date: calendarDay,
  sessions: z.number().int().min(1).max(50),
});

const engineerDetails = z.strictObject({
  plan_type: z.enum(planTypes),
  lot_no: words,
  submitted_on: calendarDay,
});

/** What every record has, whatever its payment type. */
const common = {
  /**
   * Optional: the council of the key or the import, which a record may name to be sure of it; a
   * record naming another council is refused.
   */
  council: z.string().optional(),
  /** As the council prints it; the portal finds it however a citizen types it. */
  account_no: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/),
  owner_name: words,
  /** A MyKad number, 12 digits, when the council holds one. */
  owner_ic: z
    .string()
    .regex(/^\d{12}$/)
    .nullable()
    .default(null),
  address: z.string().trim().min(1).max(300).nullable().default(null),
  description: words,
  /** What is owed in full today, in sen. */
  amount_due_sen: sen,
  due_date: calendarDay.nullable().default(null),
  /**
   * Optional: when the council's system read these figures (ISO, with its offset). A bill the
   * portal took a payment for after this, or with no time given, is left as the payment left it.
   */
  as_of: z.iso.datetime({ offset: true }).optional(),
};

const unpaidOrPaid = z.enum(billStatuses);

export const billRecord = named(
  'BillRecord',
  z
    .discriminatedUnion('payment_type', [
      z.strictObject({
        payment_type: z.literal('assessment'),
        ...common,
        status: unpaidOrPaid,
        details: assessmentDetails,
      }),
      z.strictObject({
        payment_type: z.literal('land_cess'),
        ...common,
        status: unpaidOrPaid,
        details: assessmentDetails,
      }),
      z.strictObject({
        payment_type: z.literal('license'),
        ...common,
        status: z.enum(licenceStatuses),
        details: licenceRecord.strict(),
      }),
      z.strictObject({
        payment_type: z.literal('compound'),
        ...common,
        status: unpaidOrPaid,
        details: compoundDetails,
      }),
      z.strictObject({
        payment_type: z.literal('ticket'),
        ...common,
        status: unpaidOrPaid,
        details: ticketDetails,
      }),
      z.strictObject({
        payment_type: z.literal('market'),
        ...common,
        status: unpaidOrPaid,
        details: marketDetails,
      }),
      z.strictObject({
        payment_type: z.literal('booking'),
        ...common,
        status: unpaidOrPaid,
        details: bookingDetails,
      }),
      z.strictObject({
        payment_type: z.literal('engineer'),
        ...common,
        status: unpaidOrPaid,
        details: engineerDetails,
      }),
    ])
    .superRefine((record, context) => {
      // An unpaid bill owes something: one of RM 0 would be found, and no one could pay it.
      if (record.status === 'unpaid' && record.amount_due_sen === 0) {
        context.addIssue({
          code: 'custom',
          path: ['amount_due_sen'],
          message: 'an unpaid bill owes more than 0: send it as paid, or with what it owes',
          params: { problem: 'nothing_owed' },
        });
        return;
      }
      const taxSen = 'tax_sen' in record.details ? (record.details.tax_sen ?? 0) : 0;
      if (taxSen > record.amount_due_sen) {
        context.addIssue({
          code: 'custom',
          path: ['details', 'tax_sen'],
          message: 'the tax is part of the amount due, never more than it',
        });
        return;
      }
      // An assessment's amount is what paying it in full costs: the citizen pays what they are shown.
      if (!isAssessment(record.payment_type) || !('arrears_sen' in record.details)) return;
      const { arrears_sen, current_sen, special_discount_sen } = record.details;
      const full = amountDueOf({
        arrearsSen: arrears_sen,
        currentSen: current_sen,
        specialDiscountSen: special_discount_sen,
        assessedYear: record.details.assessed_year,
      });
      if (record.amount_due_sen !== full) {
        context.addIssue({
          code: 'custom',
          path: ['amount_due_sen'],
          message: `must be arrears + current - special discount (${full})`,
        });
      }
    }),
);

export type BillRecord = z.output<typeof billRecord>;
/** A record as a council sends it: the fields with a default may be left out. */
export type BillRecordInput = z.input<typeof billRecord>;

/** The payment types a council sends records of: every one but local charges, which have no bill. */
export const recordPaymentTypes = [
  'assessment',
  'land_cess',
  'license',
  'compound',
  'ticket',
  'market',
  'booking',
  'engineer',
] as const satisfies readonly BillRecord['payment_type'][];

export type RecordPaymentType = (typeof recordPaymentTypes)[number];

/**
 * What the portal keeps of a record's type-specific fields: the record's own, and what it derives
 * from them that search and receipts read (a compound's category, the sub-type column).
 */
export function subTypeOf(record: BillRecord): string | null {
  switch (record.payment_type) {
    case 'license':
      return record.details.kind;
    case 'compound':
      return record.details.compound_type;
    case 'engineer':
      return record.details.plan_type;
    default:
      return null;
  }
}
