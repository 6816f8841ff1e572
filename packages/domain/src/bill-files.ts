import type * as z from 'zod';
import { hasInvalidCharacters } from './forms';
import { recordPaymentTypes, type RecordPaymentType } from './bill-records';
import { parseRinggit } from './money';

/**
 * A council's bills as a file, for councils without a system that calls the council API
 * (docs/bill-import.md): a CSV or a spreadsheet of one payment type, a header row of the template's
 * column names, then one bill per row. Each row becomes a record checked by `billRecord`, so a
 * file and the API refuse the same things.
 */

/**
 * How a cell is read: as text, a MyKad number, ringgit (RM 1,234.50), a whole number, a day or a
 * moment.
 */
type ColumnKind = 'text' | 'ic' | 'ringgit' | 'integer' | 'date' | 'moment' | 'owners';

interface FileColumn {
  name: string;
  kind: ColumnKind;
  /** Where the value goes in the record: `owner_name`, `details.arrears_sen`. */
  path: string;
  /** What the template's example row holds, as an officer would write it; blank if it needs none. */
  example: string;
}

const text = (name: string, example: string, path = name): FileColumn => ({
  name,
  kind: 'text',
  path,
  example,
});
const detail = (name: string, example: string, kind: ColumnKind = 'text'): FileColumn => ({
  name,
  kind,
  path: `details.${name}`,
  example,
});
/** An amount in ringgit in the file, in sen in the record (`arrears` is `details.arrears_sen`). */
const ringgit = (name: string, example: string, path = `details.${name}_sen`): FileColumn => ({
  name,
  kind: 'ringgit',
  path,
  example,
});

/**
 * What an account number starts with on a row that is a note, not a bill: the template's example
 * row. No account number can start with it (`billRecord`), so such a row is skipped, never
 * imported (docs/bill-import.md).
 */
export const noteMark = '#';

/** The columns every payment type has, with its example row's own status, words and amount. */
const common = (example: {
  status: string;
  description: string;
  amount_due: string;
}): FileColumn[] => [
  text('account_no', `${noteMark}EXAMPLE`),
  text('status', example.status),
  text('owner_name', 'Siti Aminah binti Ahmad'),
  { name: 'owner_ic', kind: 'ic', path: 'owner_ic', example: '900101-12-5678' },
  text('address', 'Lot 12, Jalan Pryer, 90000 Sandakan'),
  text('description', example.description),
  ringgit('amount_due', example.amount_due, 'amount_due_sen'),
  { name: 'due_date', kind: 'date', path: 'due_date', example: '31/01/2027' },
];

/** An assessment's columns, and its variant's, land cess. */
function assessmentColumns(description: string): FileColumn[] {
  return [
    ...common({ status: 'unpaid', description, amount_due: '552.00' }),
    detail('house_no', 'No. 12'),
    detail('current_title', 'CL 075312345'),
    detail('assessed_year', '2026', 'integer'),
    ringgit('arrears', '120.00'),
    ringgit('current', '480.00'),
    ringgit('discount', '0.00'),
    ringgit('special_discount', '48.00'),
    ringgit('tax', '0.00'),
    detail('paid_until', '2025/4'),
  ];
}

/** The template's columns of each payment type, in order. */
export const fileColumns: Record<RecordPaymentType, FileColumn[]> = {
  assessment: assessmentColumns('Cukai taksiran 2026'),
  land_cess: assessmentColumns('Ses tanah 2026'),
  license: [
    ...common({ status: 'active', description: 'Lesen operasi kedai makan', amount_due: '558.00' }),
    detail('kind', 'operasi'),
    detail('category', 'operating'),
    detail('lesen_print', '1', 'integer'),
    detail('reference', 'PL-2026-00103'),
    detail('business_name', 'Restoran Sri Sandakan'),
    detail('business_type', 'Kedai makan'),
    detail('business_category', 'Makanan dan minuman'),
    detail('unit_kind', 'Lot kedai'),
    detail('unit_count', '1', 'integer'),
    detail('location', 'Lot 5, Bandar Utama, Sandakan'),
    detail('location_code', 'BU-05'),
    ringgit('monthly_fee', '46.50'),
    ringgit('tax', '0.00'),
    ringgit('discount', '0.00'),
    detail('stall_no', ''),
    detail('vehicle_plate', ''),
    detail('area', ''),
    detail('hours', ''),
    detail('capacity', ''),
    {
      name: 'other_owners',
      kind: 'owners',
      path: 'details.owners',
      example: 'Tan Ah Kow|800101-12-3456',
    },
    detail('valid_from', '01/01/2026', 'date'),
    detail('valid_until', '31/12/2026', 'date'),
  ],
  compound: [
    ...common({ status: 'unpaid', description: 'Kompaun letak kenderaan', amount_due: '100.00' }),
    detail('compound_type', 'vehicle'),
    detail('offence', 'Meletak kenderaan di laluan kecemasan'),
    detail('issued_at', '20/11/2026 09:15', 'moment'),
    detail('location', 'Jalan Pryer, Sandakan'),
    detail('vehicle_plate', 'SAB 1234 A'),
  ],
  ticket: [
    ...common({ status: 'unpaid', description: 'Letak kereta tanpa kupon', amount_due: '30.00' }),
    detail('vehicle_plate', 'SAB 1234 A'),
    detail('offence', 'Letak kereta tanpa kupon'),
    detail('location', 'Jalan Tiga, Sandakan'),
    detail('issued_at', '20/11/2026 09:15', 'moment'),
  ],
  market: [
    ...common({ status: 'unpaid', description: 'Sewa gerai pasar', amount_due: '360.00' }),
    detail('market_name', 'Pasar Besar Sandakan'),
    detail('stall_no', 'B-12'),
    ringgit('monthly_rent', '180.00'),
    detail('months_owing', '2', 'integer'),
  ],
  booking: [
    ...common({ status: 'unpaid', description: 'Sewa dewan', amount_due: '1,127.00' }),
    detail('hall_name', 'Dewan Masyarakat Sandakan'),
    detail('event', 'Majlis perkahwinan'),
    detail('event_date', '14/02/2027', 'date'),
    detail('sessions', '2', 'integer'),
  ],
  engineer: [
    ...common({ status: 'unpaid', description: 'Fi pelan bangunan', amount_due: '4,969.00' }),
    detail('plan_type', 'BUILDING'),
    detail('lot_no', 'CL 075312345'),
    detail('submitted_on', '02/11/2026', 'date'),
  ],
};

/** Why a row, a cell or the whole file was refused; the back office says each in words. */
export const fileProblems = [
  // the file
  'not_a_table',
  'line_too_long',
  'too_many_rows',
  'too_many_columns',
  'too_many_texts',
  'workbook_unreadable',
  'workbook_too_many_parts',
  'workbook_too_large',
  'workbook_packed_too_tightly',
  'workbook_too_slow',
  'no_rows',
  'unknown_column',
  'missing_column',
  // a cell
  'required',
  'too_long',
  'not_allowed',
  'not_a_number',
  'not_an_amount',
  'not_a_date',
  'formula',
  'not_text',
  // a row
  'amount_mismatch',
  'nothing_owed',
  'duplicate',
  'payment_in_progress',
  'changed_meanwhile',
  'paid_by_portal',
  // an application's history (application-records.ts)
  'before_previous',
  'in_the_future',
  'required_when_approved',
  'only_when_approved',
  'required_when_rejected',
  'decided_in_portal',
] as const;

export type FileProblem = (typeof fileProblems)[number];

/** One problem, where the officer finds it: its line in the file and its column, if one. */
export interface FileProblemAt {
  line: number;
  column: string | null;
  problem: FileProblem;
  /** What the column takes instead, where it takes only some values (or the template's columns). */
  accepted?: string[];
  /** For `paid_by_portal`: the payment through the portal that the row would undo. */
  payment_reference?: string;
}

/** The most data rows a file may hold; a larger one goes in parts. */
export const maxFileRows = 100_000;

/** The most columns a file may have (column BL): the widest template has 29. */
export const maxFileColumns = 64;

/** A cell as a CSV or a spreadsheet gives it. */
export type Cell = string | number | boolean | Date | null | undefined;

const pad = (n: number) => String(n).padStart(2, '0');

/** A spreadsheet's day is its wall-clock day, which its reader gives as that moment in UTC. */
function dayOf(cell: Cell): string | undefined {
  if (cell instanceof Date) {
    return `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`;
  }
  const value = String(cell).trim();
  // 31/01/2027, as Malaysian offices write a day.
  const written = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (written) return `${written[3]}-${pad(Number(written[2]))}-${pad(Number(written[1]))}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

/** A moment: ISO with its offset, or a day and time written in Malaysia (UTC+8). */
function momentOf(cell: Cell): string | undefined {
  if (cell instanceof Date) return `${cell.toISOString().slice(0, 19)}+08:00`;
  const value = String(cell).trim();
  const written = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2})$/.exec(value);
  if (written) {
    const [, day, month, year, hour, minute] = written;
    return `${year}-${pad(Number(month))}-${pad(Number(day))}T${pad(Number(hour))}:${minute}:00+08:00`;
  }
  return value;
}

/** Other owners of a licence: `Name|IC; Name|IC`. */
function ownersOf(cell: Cell): { name: string; ic: string }[] {
  return String(cell)
    .split(';')
    .map((owner) => owner.trim())
    .filter(Boolean)
    .map((owner) => {
      const [name = '', ic = ''] = owner.split('|').map((part) => part.trim());
      return { name, ic: ic.replace(/[\s-]/g, '') };
    });
}

const isBlank = (cell: Cell) => cell === null || cell === undefined || String(cell).trim() === '';

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) {
    target[head!] = value;
    return;
  }
  const inner = (target[head!] ??= {}) as Record<string, unknown>;
  setPath(inner, rest.join('.'), value);
}

/**
 * The record a row of a file stands for, or the problems of its cells. A text cell that a
 * spreadsheet would run as a formula (=, +, -, @) is refused, whatever column it is in.
 */
export function recordOfRow(
  paymentType: RecordPaymentType,
  columns: readonly string[],
  row: readonly Cell[],
): { record: Record<string, unknown>; problems: { column: string; problem: FileProblem }[] } {
  const { record, problems } = valuesOfRow(fileColumns[paymentType], columns, row, {
    payment_type: paymentType,
    details: {},
  });
  if (paymentType === 'license') {
    // The holder is the licence's first owner; `other_owners` adds the rest.
    const details = record.details as Record<string, unknown>;
    const holder = { name: record.owner_name, ic: record.owner_ic };
    details.owners = [holder, ...((details.owners as unknown[] | undefined) ?? [])];
  }
  return { record, problems };
}

/** A row's cells read by their columns' kinds into `record`, or the problems of its cells. */
function valuesOfRow(
  definitions: readonly FileColumn[],
  columns: readonly string[],
  row: readonly Cell[],
  record: Record<string, unknown>,
): { record: Record<string, unknown>; problems: { column: string; problem: FileProblem }[] } {
  const problems: { column: string; problem: FileProblem }[] = [];
  const byName = new Map(definitions.map((column) => [column.name, column]));
  columns.forEach((name, index) => {
    const column = byName.get(name);
    const cell = row[index];
    if (!column || isBlank(cell)) return;
    if (typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell.trim())) {
      problems.push({ column: name, problem: 'formula' });
      return;
    }
    // A line break inside a cell (Alt+Enter) is a space; any other control character, or broken
    // Unicode, is no text at all.
    const text = typeof cell === 'string' ? cell.replace(/\r\n|[\r\n\t]/g, ' ') : cell;
    if (typeof text === 'string' && hasInvalidCharacters(text)) {
      problems.push({ column: name, problem: 'not_text' });
      return;
    }
    const value = cellValue(column.kind, text);
    if (value === undefined) {
      problems.push({ column: name, problem: problemOfKind[column.kind] });
      return;
    }
    setPath(record, column.path, value);
  });
  return { record, problems };
}

const problemOfKind: Record<ColumnKind, FileProblem> = {
  text: 'not_allowed',
  ic: 'not_allowed',
  ringgit: 'not_an_amount',
  integer: 'not_a_number',
  date: 'not_a_date',
  moment: 'not_a_date',
  owners: 'not_allowed',
};

function cellValue(kind: ColumnKind, cell: Cell): unknown {
  switch (kind) {
    case 'text':
      return String(cell).trim();
    case 'ic': {
      // 900101-12-5678 as written; a spreadsheet that took it for a number dropped a leading 0.
      const digits = String(cell).replace(/[\s-]/g, '');
      return typeof cell === 'number' ? digits.padStart(12, '0') : digits;
    }
    case 'ringgit':
      return parseRinggit(String(cell));
    case 'integer': {
      const number = Number(String(cell).trim());
      return Number.isSafeInteger(number) ? number : undefined;
    }
    case 'date':
      return dayOf(cell);
    case 'moment':
      return momentOf(cell);
    case 'owners':
      return ownersOf(cell);
  }
}

/** The column a problem of a record's field is in, by the template's paths. */
export function columnOfPath(paymentType: RecordPaymentType, path: string): string | null {
  const exact = fileColumns[paymentType].find((column) => column.path === path);
  if (exact) return exact.name;
  // A licence's owners: the first is the holder's own columns, the rest `other_owners`.
  if (path.startsWith('details.owners.0.')) {
    return path.endsWith('.ic') ? 'owner_ic' : 'owner_name';
  }
  if (path.startsWith('details.owners')) return 'other_owners';
  return null;
}

/**
 * What a refused field of a record is, said as a file's problem; for a field that takes only
 * some values (a status, a compound type), those values, so the officer knows what to write.
 */
export function problemOfIssue(
  issue: z.core.$ZodIssue,
): Pick<FileProblemAt, 'problem' | 'accepted'> {
  if (issue.code === 'invalid_type' && issue.input === undefined) return { problem: 'required' };
  if (issue.code === 'too_big') return { problem: 'too_long' };
  if (issue.code === 'too_small' && issue.origin === 'string') return { problem: 'required' };
  if (issue.code === 'custom' && issue.params?.problem === 'nothing_owed') {
    return { problem: 'nothing_owed' };
  }
  // An application's own checks name their problem (application-records.ts).
  if (issue.code === 'custom' && (fileProblems as readonly string[]).includes(issue.message)) {
    return { problem: issue.message as FileProblem };
  }
  if (issue.code === 'custom' && issue.path.join('.') === 'amount_due_sen') {
    return { problem: 'amount_mismatch' };
  }
  if (issue.code === 'invalid_value') {
    return { problem: 'not_allowed', accepted: issue.values.map(String) };
  }
  return { problem: 'not_allowed' };
}

/**
 * What a file holds: bills of one payment type, or licence applications, which the same screen
 * imports (docs/bill-import.md).
 */
export const fileKinds = [...recordPaymentTypes, 'application'] as const;

export type FileKind = (typeof fileKinds)[number];

/**
 * A file of licence applications: one row per change of status, oldest first, the rows of one
 * application by its reference; the application's own columns are read from its last row.
 */
export const applicationFileColumns: FileColumn[] = [
  { name: 'reference', kind: 'text', path: 'reference', example: `${noteMark}PL-2026-00901` },
  text('applicant_name', 'Siti Aminah binti Ahmad'),
  text('business_name', 'Restoran Sri Sandakan'),
  text('kind', 'operasi'),
  text('status', 'received', 'step.status'),
  { name: 'on', kind: 'date', path: 'step.on', example: '02/11/2026' },
  text('step_note', '', 'step.note'),
  text('licence_no', ''),
  text('note', ''),
];

const columnsOfKind = (kind: FileKind) =>
  kind === 'application' ? applicationFileColumns : fileColumns[kind];

/** A row of a file of applications: the application's columns, and its status change. */
export function applicationRowOf(
  columns: readonly string[],
  row: readonly Cell[],
): { record: Record<string, unknown>; problems: { column: string; problem: FileProblem }[] } {
  return valuesOfRow(applicationFileColumns, columns, row, {});
}

/** The column a problem of an application's field is in (`history.2.on` is `on`). */
export function applicationColumnOf(path: string): string | null {
  const step = /^history\.\d+\.(\w+)/.exec(path);
  if (step) return step[1] === 'note' ? 'step_note' : step[1]!;
  if (path === 'history') return 'status';
  return applicationFileColumns.some((column) => column.path === path) ? path : null;
}

/** The template's header row for a payment type, or for applications. */
export function templateHeader(kind: FileKind): string[] {
  return columnsOfKind(kind).map((column) => column.name);
}

/** The template's example row: a note, skipped by an import (`noteMark`). */
export function templateExample(kind: FileKind): string[] {
  return columnsOfKind(kind).map((column) => column.example);
}

/** The columns a file of this kind may have. */
export function templateColumns(kind: FileKind): Set<string> {
  return new Set(templateHeader(kind));
}

/** A row whose account number (or reference) is a note (the template's example), not a record. */
/** A row with nothing in it: spreadsheets keep them between and after the data. */
export function isBlankRow(row: readonly Cell[]): boolean {
  return row.every((cell) => cell === null || cell === undefined || String(cell).trim() === '');
}

export function isNoteRow(columns: readonly string[], row: readonly Cell[]): boolean {
  const key = columns.includes('account_no') ? 'account_no' : 'reference';
  const accountNo = row[columns.indexOf(key)];
  return typeof accountNo === 'string' && accountNo.trim().startsWith(noteMark);
}
