import type * as z from 'zod';
import { hasInvalidCharacters } from './forms';
import type { RecordPaymentType } from './bill-records';
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
}

const text = (name: string, path = name): FileColumn => ({ name, kind: 'text', path });
const detail = (name: string, kind: ColumnKind = 'text'): FileColumn => ({
  name,
  kind,
  path: `details.${name}`,
});
/** An amount in ringgit in the file, in sen in the record (`arrears` is `details.arrears_sen`). */
const ringgit = (name: string, path = `details.${name}_sen`): FileColumn => ({
  name,
  kind: 'ringgit',
  path,
});

const common: FileColumn[] = [
  text('account_no'),
  text('status'),
  text('owner_name'),
  { name: 'owner_ic', kind: 'ic', path: 'owner_ic' },
  text('address'),
  text('description'),
  ringgit('amount_due', 'amount_due_sen'),
  { name: 'due_date', kind: 'date', path: 'due_date' },
];

/** The template's columns of each payment type, in order. */
export const fileColumns: Record<RecordPaymentType, FileColumn[]> = {
  assessment: [
    ...common,
    detail('house_no'),
    detail('current_title'),
    detail('assessed_year', 'integer'),
    ringgit('arrears'),
    ringgit('current'),
    ringgit('discount'),
    ringgit('special_discount'),
    detail('paid_until'),
  ],
  license: [
    ...common,
    detail('kind'),
    detail('category'),
    detail('lesen_print', 'integer'),
    detail('reference'),
    detail('business_name'),
    detail('business_type'),
    detail('business_category'),
    detail('unit_kind'),
    detail('unit_count', 'integer'),
    detail('location'),
    detail('location_code'),
    ringgit('monthly_fee'),
    detail('stall_no'),
    detail('vehicle_plate'),
    detail('area'),
    detail('hours'),
    detail('capacity', 'integer'),
    { name: 'other_owners', kind: 'owners', path: 'details.owners' },
    detail('valid_from', 'date'),
    detail('valid_until', 'date'),
  ],
  compound: [
    ...common,
    detail('compound_type'),
    detail('offence'),
    detail('issued_at', 'moment'),
    detail('location'),
    detail('vehicle_plate'),
  ],
  ticket: [
    ...common,
    detail('vehicle_plate'),
    detail('offence'),
    detail('location'),
    detail('issued_at', 'moment'),
  ],
  market: [
    ...common,
    detail('market_name'),
    detail('stall_no'),
    ringgit('monthly_rent'),
    detail('months_owing', 'integer'),
  ],
  booking: [
    ...common,
    detail('hall_name'),
    detail('event'),
    detail('event_date', 'date'),
    detail('sessions', 'integer'),
  ],
  engineer: [...common, detail('plan_type'), detail('lot_no'), detail('submitted_on', 'date')],
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
] as const;

export type FileProblem = (typeof fileProblems)[number];

/** One problem, where the officer finds it: its line in the file and its column, if one. */
export interface FileProblemAt {
  line: number;
  column: string | null;
  problem: FileProblem;
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
  const record: Record<string, unknown> = { payment_type: paymentType, details: {} };
  const problems: { column: string; problem: FileProblem }[] = [];
  const byName = new Map(fileColumns[paymentType].map((column) => [column.name, column]));
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
  if (paymentType === 'license') {
    // The holder is the licence's first owner; `other_owners` adds the rest.
    const details = record.details as Record<string, unknown>;
    const holder = { name: record.owner_name, ic: record.owner_ic };
    details.owners = [holder, ...((details.owners as unknown[] | undefined) ?? [])];
  }
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

/** What a refused field of a record is, said as a file's problem. */
export function problemOfIssue(issue: z.core.$ZodIssue): FileProblem {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'required';
  if (issue.code === 'too_big') return 'too_long';
  if (issue.code === 'too_small' && issue.origin === 'string') return 'required';
  if (issue.code === 'custom' && issue.params?.problem === 'nothing_owed') return 'nothing_owed';
  if (issue.code === 'custom' && issue.path.join('.') === 'amount_due_sen')
    return 'amount_mismatch';
  return 'not_allowed';
}

/** The template's header row for a payment type. */
export function templateHeader(paymentType: RecordPaymentType): string[] {
  return fileColumns[paymentType].map((column) => column.name);
}
