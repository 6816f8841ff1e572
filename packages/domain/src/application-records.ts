import * as z from 'zod';
import {
  licenceApplicationStatuses,
  licenceKinds,
  type LicenceApplicationStatus,
} from './licences';

/**
 * A licence application as the council's licensing system sends it (docs/licences.md), by the
 * council API or in the back office's file: one schema and one set of checks for both, so that a
 * citizen never follows an application the council's own records contradict.
 */

const words = z.string().trim().min(1).max(200);
const note = z.string().trim().min(1).max(1000);

/** The statuses under which the application has become a licence, which it must name. */
export const licensedApplicationStatuses: readonly LicenceApplicationStatus[] = [
  'approved_awaiting_payment',
  'approved',
];

/** The statuses that end the council's decision: the day of the first is the decision's. */
export const decidedApplicationStatuses: readonly LicenceApplicationStatus[] = [
  ...licensedApplicationStatuses,
  'rejected',
];

/** One change of an application's status, on the day it happened (Malaysia). */
export const applicationStep = z.strictObject({
  status: z.enum(licenceApplicationStatuses),
  on: z.iso.date().describe('YYYY-MM-DD, Malaysia'),
  note: note.nullable().optional().describe('What the council said with this change'),
});

export type ApplicationStep = z.output<typeof applicationStep>;

/** An application reference as councils print it: letters, digits, hyphens, slashes, spaces. */
export const applicationReference = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 /-]*$/, 'reference_invalid');

/** The reference as citizens' searches find it: no hyphens or spaces, upper case. */
export const applicationKey = (reference: string) =>
  reference.replaceAll(/[\s-]/g, '').toUpperCase();

export const applicationRecord = z
  .strictObject({
    /** Optional: the key's or the import's council, which a record may name to be sure of it. */
    council: z.string().optional(),
    reference: applicationReference.describe('As the council prints it'),
    applicant_name: words.describe('Shown to whoever has the reference, masked'),
    business_name: words,
    kind: z.enum(licenceKinds),
    history: z
      .array(applicationStep)
      .min(1)
      .max(50)
      .describe('Every status the application has had, oldest first: its status is the last'),
    licence_no: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .nullable()
      .default(null)
      .describe('The licence it became: required once approved, and only then'),
    note: note
      .nullable()
      .default(null)
      .describe('What the applicant should do or know (a missing document, a reason)'),
  })
  .superRefine((record, context) => {
    const problem = (path: (string | number)[], message: string) =>
      context.addIssue({ code: 'custom', path, message });
    record.history.forEach((step, index) => {
      const before = record.history[index - 1];
      // Days compare as text: both are YYYY-MM-DD.
      if (before && step.on < before.on) problem(['history', index, 'on'], 'before_previous');
    });
    const status = record.history.at(-1)!.status;
    const licensed = licensedApplicationStatuses.includes(status);
    if (licensed && !record.licence_no) problem(['licence_no'], 'required_when_approved');
    if (!licensed && record.licence_no) problem(['licence_no'], 'only_when_approved');
    // The applicant is told why: a refusal without a reason leaves them nowhere.
    if (status === 'rejected' && !record.note && !record.history.at(-1)!.note) {
      problem(['note'], 'required_when_rejected');
    }
  });

export type ApplicationRecord = z.output<typeof applicationRecord>;
export type ApplicationRecordInput = z.input<typeof applicationRecord>;

/** What is wrong with a record, by the field's path in it. */
export function problemsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    // A field the portal does not take (an applicant's identity number, say) is named itself.
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] ??= 'not_taken';
    } else fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  }
  return fields;
}

/**
 * Checks a record as the council sent it, on `today` (Malaysia): the schema's rules, and no
 * status dated after today, which a clock or a typing error would make.
 */
export function checkApplicationRecord(
  raw: unknown,
  today: string,
):
  | { record: ApplicationRecord }
  | { fields: Record<string, string>; issues: readonly z.core.$ZodIssue[] } {
  const parsed = applicationRecord.safeParse(raw);
  if (!parsed.success) return { fields: problemsOf(parsed.error), issues: parsed.error.issues };
  const issues: z.core.$ZodIssue[] = [];
  parsed.data.history.forEach((step, index) => {
    if (step.on > today) {
      issues.push({ code: 'custom', path: ['history', index, 'on'], message: 'in_the_future' });
    }
  });
  if (issues.length === 0) return { record: parsed.data };
  return { fields: problemsOf(new z.ZodError(issues)), issues };
}

/** An application's columns as its history gives them. */
export function applicationSummary(record: ApplicationRecord) {
  const last = record.history.at(-1)!;
  // Decided on the first step of the decision it stands at (approved awaiting payment, then
  // approved), not on an earlier one an appeal reopened.
  let decidedOn: string | null = null;
  for (const step of record.history.toReversed()) {
    if (!decidedApplicationStatuses.includes(step.status)) break;
    decidedOn = step.on;
  }
  return { status: last.status, submittedOn: record.history[0]!.on, decidedOn };
}
