import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  columnOfPath,
  isBlankRow,
  isNoteRow,
  templateColumns,
  type FileKind,
  maxFileColumns,
  maxFileRows,
  problemOfIssue,
  recordOfRow,
  type Cell,
  type FileProblem,
  type FileProblemAt,
} from '@portal/domain/bill-files';
import { billRecord } from '@portal/domain/bill-records';
import type { BillImportAnswer } from '@portal/domain/contracts/bill-import';
import type { CouncilCode } from '@portal/domain/councils';
import { parse } from 'csv-parse';
import type { Database } from '../../db/database';
import { importAnswer } from './import-answer';
import { AppError } from '../../lib/app-error';
import { applyRecords, checkedRecord, namedTwice, type Checked } from '../council-api';
import type { ReportProgress } from './import-progress';
import { importApplicationRows } from './application-file';
import { readWorkbook } from './read-workbook';
import { writeStaged } from './staged-write';

/** Rows checked between two turns of the event loop: a large file never holds up other requests. */
const rowsPerTurn = 250;

const zipSignature = [0x50, 0x4b, 0x03, 0x04];

/** The file's rows, header first: a spreadsheet's first sheet, or a CSV in UTF-8. */
async function rowsOf(bytes: Buffer, report: ReportProgress): Promise<Cell[][]> {
  if (zipSignature.every((byte, index) => bytes[index] === byte)) {
    report('reading', 0, null);
    const workbook = await readWorkbook(bytes);
    if ('refused' in workbook)
      throw new FileRefused(workbook.refused.line, workbook.refused.problem);
    return workbook.rows;
  }
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let content: string;
  try {
    content = text.decode(bytes);
  } catch {
    throw new AppError('file_not_accepted', 'Neither a spreadsheet nor a CSV in UTF-8');
  }
  try {
    return await csvRows(content, report);
  } catch (error) {
    if (error instanceof FileRefused) throw error;
    // A stray quote: the officer is told on which line, not that the file is of the wrong kind.
    const { code, lines } = error as { code?: unknown; lines?: unknown };
    throw new FileRefused(
      typeof lines === 'number' ? lines : 1,
      code === 'CSV_MAX_RECORD_SIZE' ? 'line_too_long' : 'not_a_table',
    );
  }
}

/** Characters of CSV parsed between two turns of the event loop: some thousands of rows. */
const charsPerTurn = 256 * 1024;

/**
 * The longest line a CSV may have: a row of the widest template, every cell at its longest, is
 * about 6,000 characters. A quote left open swallows the rest of the file, and is stopped here.
 */
const maxLineChars = 64 * 1024;

/** A CSV's rows, read a slice at a time so that other requests go on meanwhile. */
async function csvRows(content: string, report: ReportProgress): Promise<Cell[][]> {
  const rows: Cell[][] = [];
  const parser = parse({ relax_column_count: true, max_record_size: maxLineChars });
  let failure: unknown;
  parser.on('data', (row: string[]) => {
    if (row.length > maxFileColumns)
      failure ??= new FileRefused(rows.length + 1, 'too_many_columns');
    rows.push(row);
  });
  parser.on('error', (error) => (failure ??= error));
  for (let start = 0; start < content.length; start += charsPerTurn) {
    if (failure !== undefined || rows.length > maxFileRows + 1) break;
    report('reading', start, content.length);
    parser.write(content.slice(start, start + charsPerTurn));
    await nextTurn();
  }
  if (failure === undefined) {
    const ended = new Promise((resolve) => parser.on('close', resolve));
    parser.end();
    await ended;
  }
  if (failure !== undefined) throw failure;
  return rows;
}

/** What an import wrote, as its audit gives it. */
export interface ImportCounts {
  /** The file's SHA-256. */
  file: string;
  rows: number;
  created: number;
  updated: number;
  refused: number;
}

/** A bill paid through the portal that an officer's import corrected. */
export interface Correction {
  line: number;
  accountNo: string;
  paymentReference: string;
}

/** A file refused as a whole, and where: a line that does not read as CSV, a bound passed. */
class FileRefused extends Error {
  constructor(
    readonly line: number,
    readonly problem: FileProblem,
  ) {
    super(`${problem} at line ${line}`);
  }
}

/**
 * Checks a file of bills of one payment type row by row (docs/bill-import.md) and, when `apply`
 * and the file is the one checked with no problem left, writes it in one transaction: all rows or
 * none. The answer names every problem by its line and column, and every row that changes a bill.
 * `report` hears how far the work has come, step by step.
 */
export async function importBillFile(
  db: Database,
  {
    council,
    paymentType,
    bytes,
    apply,
    checked,
    overwritePaid = false,
    now,
    by = 'import',
    report = () => {},
    written: onWritten = async () => {},
  }: {
    council: CouncilCode;
    /** A payment type, or licence applications. */
    paymentType: FileKind;
    bytes: Buffer;
    apply: boolean;
    checked: string | undefined;
    /** An officer's correction of bills paid through the portal (docs/bill-import.md). */
    overwritePaid?: boolean;
    now: Date;
    /** Who an application's new steps are by, as its history names them. */
    by?: string;
    report?: ReportProgress;
    /** Runs in the transaction that writes the file, with what it writes: its audit. */
    written?: (tx: Database, written: ImportCounts & { corrected: Correction[] }) => Promise<void>;
  },
): Promise<BillImportAnswer> {
  const file = createHash('sha256').update(bytes).digest('hex');
  const problems: FileProblemAt[] = [];
  const rows = await rowsOf(bytes, report).catch((error: unknown) => {
    if (!(error instanceof FileRefused)) throw error;
    problems.push({ line: error.line, column: null, problem: error.problem });
    return [];
  });
  const [header = [], ...data] = rows;
  const columns = header.map((cell) =>
    String(cell ?? '')
      .trim()
      .toLowerCase(),
  );
  const known = templateColumns(paymentType);
  columns.forEach((name) => {
    if (name && !known.has(name))
      problems.push({ line: 1, column: name, problem: 'unknown_column', accepted: [...known] });
  });
  const missing = [...known].filter((name) => !columns.includes(name));
  /** The rows that stand for bills: not blank, not a note such as the template's example. */
  const isBill = (row: Cell[]) => !isBlankRow(row) && !isNoteRow(columns, row);
  if (data.length > maxFileRows) problems.push({ line: 1, column: null, problem: 'too_many_rows' });
  if (paymentType === 'application') {
    // A missing column a row needs is named on its rows: an application's file is small. A
    // wrong header stops the check before its rows, as a bill file's does.
    return importApplicationRows(db, {
      council,
      file,
      columns,
      data: problems.length > 0 ? [] : data,
      problems,
      apply,
      checked,
      now,
      by,
      written: (tx, counts) => onWritten(tx, { ...counts, corrected: [] }),
    });
  }

  /** The rows that read as records, each indexed by its line in the file. */
  const records: Checked[] = [];
  const refusedLines = new Set<number>();
  /** Columns the header lacks that a row needed: said once, not on every row. */
  const needed = new Set<string>();
  const refuse = (
    line: number,
    column: string | null,
    problem: FileProblem,
    more?: Pick<FileProblemAt, 'payment_reference' | 'accepted'>,
  ) => {
    refusedLines.add(line);
    if (column !== null && missing.includes(column) && problem === 'required') {
      needed.add(column);
      return;
    }
    problems.push({ line, column, problem, ...more });
  };
  if (problems.length === 0) {
    for (const [offset, row] of data.entries()) {
      if (offset % rowsPerTurn === 0) {
        report('checking', offset, data.length);
        await nextTurn();
      }
      const line = offset + 2;
      if (!isBill(row)) continue;
      const { record, problems: cells } = recordOfRow(paymentType, columns, row);
      for (const cell of cells) refuse(line, cell.column, cell.problem);
      const parsed = billRecord.safeParse(record);
      if (!parsed.success) {
        const said = new Set(cells.map((cell) => cell.column));
        for (const issue of parsed.error.issues) {
          const column = columnOfPath(paymentType, issue.path.join('.'));
          if (column !== null && said.has(column)) continue;
          if (column !== null) said.add(column);
          const { problem, ...accepted } = problemOfIssue(issue);
          refuse(line, column, problem, accepted);
        }
      } else if (cells.length === 0) {
        records.push(checkedRecord(council, parsed.data, line));
      }
    }
  }
  for (const name of needed) problems.push({ line: 1, column: name, problem: 'missing_column' });
  for (const line of namedTwice(records)) refuse(line, 'account_no', 'duplicate');
  if (rows.length > 0 && !data.some(isBill)) {
    problems.push({ line: 2, column: null, problem: 'no_rows' });
  }

  const valid = records.filter((record) => !refusedLines.has(record.index));
  report('comparing', 0, valid.length);
  const { outcomes } = await applyRecords(db, council, valid, {
    write: false,
    atomic: true,
    now,
    overwritePaid,
    done: (records) => report('comparing', records, valid.length),
  });
  const held = [...outcomes.values()].some((outcome) => outcome.outcome === 'refused');
  let applied = false;
  if (apply && checked === file && problems.length === 0 && !held) {
    // A row that leaves its bill as it is needs no writing.
    const changing = valid.filter((record) => outcomes.get(record.index)?.outcome !== 'unchanged');
    report('writing', 0, changing.length);
    const counts = { file, rows: valid.length, created: 0, updated: 0, refused: 0 };
    for (const record of changing) counts[outcomes.get(record.index)!.outcome as 'created']++;
    const written = await writeStaged(
      db,
      council,
      changing,
      {
        now,
        overwritePaid,
        written: (tx, corrected) =>
          onWritten(tx, {
            ...counts,
            corrected: [...corrected].map(([line, outcome]) => ({
              line,
              accountNo: valid.find((record) => record.index === line)!.record.account_no,
              paymentReference: outcome.paidBy!.reference,
            })),
          }),
      },
      (records) =>
        // Once every row is staged, the final write cannot be measured.
        report('writing', records, records < changing.length ? changing.length : null),
    );
    applied = written.applied;
    for (const [line, outcome] of [...written.refused, ...written.corrected]) {
      outcomes.set(line, outcome);
    }
  }
  const changes: BillImportAnswer['changes'] = [];
  const counts = { created: 0, updated: 0, unchanged: 0 };
  for (const record of valid) {
    const { outcome, reason, paidBy } = outcomes.get(record.index)!;
    const line = record.index;
    const paid = paidBy && { payment_reference: paidBy.reference };
    if (outcome === 'refused') refuse(line, null, reason ?? 'changed_meanwhile', paid);
    else {
      counts[outcome]++;
      if (outcome !== 'unchanged') {
        changes.push({ line, account_no: record.record.account_no, outcome, ...paid });
      }
    }
  }
  return importAnswer(db, {
    file,
    rows: data.filter(isBill).length,
    applied,
    ...counts,
    refused: refusedLines.size,
    problems,
    changes,
  });
}
