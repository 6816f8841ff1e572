import * as z from 'zod';
import { fileKinds, fileProblems, maxFileRows } from '../bill-files';
import { councilCodes } from '../councils';
import type { OfficeEndpoint } from './endpoint';

/** The kinds of file an import takes: CSV, and spreadsheets as Excel saves them. */
export const billFileTypes = [
  'text/csv',
  '.csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xlsx',
] as const;

/** A hundred thousand rows of a dozen columns, with room to spare. */
export const maxBillFileBytes = 32 * 1024 * 1024;

/** The most problems and changes an answer lists; the rest are counted. */
export const listedRows = 1000;

export const billImportQuery = z.object({
  council: z.enum(councilCodes),
  /** A payment type, or `application`: licence applications. */
  payment_type: z.enum(fileKinds),
  /** true: write the file, which must be the one checked (`checked`), with no problem left. */
  apply: z.enum(['true', 'false']).default('false'),
  /**
   * true: the officer corrects bills that citizens paid through the portal since the council's
   * figures, which are otherwise left as the payment left them (`paid_by_portal`). Audited.
   */
  overwrite_paid: z.enum(['true', 'false']).default('false'),
  /** The SHA-256 of the file as its check answered it. */
  checked: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** An id the caller chose, under which the work's progress can be read while it runs. */
  progress: z.uuid().optional(),
});

export type BillImportQuery = z.output<typeof billImportQuery>;

const fileProblemAt = z.strictObject({
  /** The line of the file: 1 is the header. */
  line: z.number().int(),
  column: z.string().nullable(),
  problem: z.enum(fileProblems),
  payment_reference: z.string().optional(),
  /** The values the column takes, where it takes only some; the template's columns for a header. */
  accepted: z.array(z.string()).optional(),
});

export const billImportAnswer = z.strictObject({
  /** SHA-256 of the file: send it as `checked` to import this very file. */
  file: z.string(),
  rows: z.number().int(),
  applied: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Rows with at least one problem. */
  refused: z.number().int(),
  problems: z.array(fileProblemAt),
  /** Problems beyond those listed. */
  more_problems: z.number().int(),
  /** The rows that create or change a bill, with their line. */
  changes: z.array(
    z.strictObject({
      line: z.number().int(),
      account_no: z.string(),
      outcome: z.enum(['created', 'updated']),
      /** A correction: the payment through the portal that the row undoes. */
      payment_reference: z.string().optional(),
    }),
  ),
  more_changes: z.number().int(),
  /**
   * At most about how many whole seconds importing the checked file holds every other request of the
   * portal, 0 under one: on the embedded database its final write is one transaction, which that
   * database runs alone. `null` on PostgreSQL, where other requests go on.
   */
  pause_seconds: z.number().int().nullable(),
});

export type BillImportAnswer = z.output<typeof billImportAnswer>;

/** What the work on a file is doing, in order: a check ends with comparing, an import writes. */
export const billImportSteps = ['reading', 'checking', 'comparing', 'writing'] as const;

export type BillImportStep = (typeof billImportSteps)[number];

export const billImportProgress = z.strictObject({
  step: z.enum(billImportSteps),
  /** How much of the step is done: characters of the file when reading, else rows. */
  done: z.number().int(),
  /** None while the step cannot be measured: a spreadsheet being read, the final write. */
  total: z.number().int().nullable(),
});

export type BillImportProgress = z.output<typeof billImportProgress>;

const officeErrors = ['login_required', 'forbidden'] as const;

/**
 * A council admin's import of a file of bills (docs/bill-import.md): a template per payment type,
 * then the file checked row by row, then the same file imported in one transaction.
 */
export const billImportApi = {
  template: {
    method: 'GET',
    path: '/office/bill-import/template',
    summary:
      "A payment type's template: a CSV of the columns an import reads, and an example row it skips",
    access: 'council_admin',
    query: z.object({ payment_type: z.enum(fileKinds) }),
    file: { types: ['text/csv'] },
    answer: z.unknown(),
    errors: officeErrors,
  },
  upload: {
    method: 'POST',
    path: '/office/bill-import',
    summary: `Check a CSV or XLSX file of up to ${maxFileRows.toLocaleString('en')} bills, or import the file checked`,
    access: 'council_admin',
    query: billImportQuery,
    upload: { types: billFileTypes, maxBytes: maxBillFileBytes },
    answer: billImportAnswer,
    errors: [...officeErrors, 'too_large', 'file_not_accepted'],
  },
  progress: {
    method: 'GET',
    path: '/office/bill-import/progress/:id',
    summary: 'How far the caller’s own check or import of a file has come, while it runs',
    access: 'council_admin',
    params: z.object({ id: z.uuid() }),
    answer: billImportProgress,
    errors: [...officeErrors, 'not_found'],
  },
} as const satisfies Record<string, OfficeEndpoint>;
