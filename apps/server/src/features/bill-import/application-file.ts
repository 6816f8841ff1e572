import {
  applicationColumnOf,
  applicationRowOf,
  isBlankRow,
  isNoteRow,
  problemOfIssue,
  type Cell,
  type FileProblem,
  type FileProblemAt,
} from '@portal/domain/bill-files';
import { applicationKey } from '@portal/domain/application-records';
import type { BillImportAnswer } from '@portal/domain/contracts/bill-import';
import type { CouncilCode } from '@portal/domain/councils';
import type { Database } from '../../db/database';
import { importAnswer } from './import-answer';
import { applyApplications, checkApplications } from '../licence-applications';
import type { ImportCounts } from './bill-file';

/**
 * Checks, and when `apply` imports, a file of licence applications (docs/bill-import.md): one row
 * per change of status, gathered by reference into the records the council API takes, and checked
 * by the same code. Each problem goes back to its row and column. An import is all or nothing.
 */
export async function importApplicationRows(
  db: Database,
  {
    council,
    file,
    columns,
    data,
    problems,
    apply,
    checked,
    now,
    by,
    written,
  }: {
    council: CouncilCode;
    file: string;
    columns: readonly string[];
    /** The rows under the header, the first on line 2. */
    data: readonly Cell[][];
    /** The file's own problems so far (its header). */
    problems: FileProblemAt[];
    apply: boolean;
    checked: string | undefined;
    now: Date;
    by: string;
    written: (tx: Database, counts: ImportCounts) => Promise<void>;
  },
): Promise<BillImportAnswer> {
  const refusedLines = new Set<number>();
  const refuse = (
    line: number,
    column: string | null,
    problem: FileProblem,
    accepted?: string[],
  ) => {
    refusedLines.add(line);
    problems.push({ line, column, problem, ...(accepted && { accepted }) });
  };
  const isRecordRow = (row: Cell[]) => !isBlankRow(row) && !isNoteRow(columns, row);
  /** Each application's rows, by reference, in the file's order. */
  const groups = new Map<string, { lines: number[]; rows: Record<string, unknown>[] }>();
  data.forEach((row, offset) => {
    const line = offset + 2;
    if (!isRecordRow(row)) return;
    const { record, problems: cells } = applicationRowOf(columns, row);
    for (const cell of cells) refuse(line, cell.column, cell.problem);
    const reference = typeof record.reference === 'string' ? record.reference : '';
    if (!reference) {
      if (cells.every((cell) => cell.column !== 'reference')) refuse(line, 'reference', 'required');
      return;
    }
    const group = groups.get(applicationKey(reference)) ?? { lines: [], rows: [] };
    group.lines.push(line);
    group.rows.push(record);
    groups.set(applicationKey(reference), group);
  });
  if (data.length > 0 && !data.some(isRecordRow)) {
    problems.push({ line: 2, column: null, problem: 'no_rows' });
  }

  // The application's own columns from its last row; its history from every row.
  const entries = [...groups.values()];
  const records = entries.map(({ rows }) => {
    const last = rows.at(-1)!;
    return {
      reference: last.reference,
      applicant_name: last.applicant_name,
      business_name: last.business_name,
      kind: last.kind,
      licence_no: last.licence_no ?? null,
      note: last.note ?? null,
      history: rows.map((row) => ({ ...(row.step as object) })),
    };
  });
  const { checked: valid, issues } = checkApplications(council, records, now);
  for (const [index, found] of issues) {
    const { lines } = entries[index]!;
    const said = new Set<string>();
    for (const issue of found) {
      const path = issue.path.map(String);
      const step = path[0] === 'history' && path.length > 1 ? Number(path[1]) : undefined;
      const line = step !== undefined ? (lines[step] ?? lines.at(-1)!) : lines.at(-1)!;
      const column = applicationColumnOf(path.join('.'));
      if (said.has(`${line} ${column}`)) continue;
      said.add(`${line} ${column}`);
      const { problem, accepted } = problemOfIssue(issue);
      refuse(line, column, problem, accepted);
    }
  }
  // An application with a refused row is not written: its history would lack that step.
  const whole = valid.filter((item) =>
    entries[item.index]!.lines.every((line) => !refusedLines.has(line)),
  );
  const write = apply && checked === file && problems.length === 0;
  const { outcomes, applied } = await applyApplications(db, council, whole, {
    write,
    atomic: true,
    by,
    written: (tx, done) => {
      const count = (outcome: string) =>
        [...done.values()].filter((item) => item.outcome === outcome).length;
      return written(tx, {
        file,
        rows: whole.length,
        created: count('created'),
        updated: count('updated'),
        refused: 0,
      });
    },
  });
  const counts = { created: 0, updated: 0, unchanged: 0 };
  const changes: BillImportAnswer['changes'] = [];
  for (const item of whole) {
    const { outcome, reason } = outcomes.get(item.index)!;
    const line = entries[item.index]!.lines[0]!;
    if (outcome === 'refused') {
      refuse(line, 'reference', reason ?? 'changed_meanwhile');
      continue;
    }
    counts[outcome]++;
    if (outcome !== 'unchanged') {
      changes.push({ line, account_no: item.record.reference, outcome });
    }
  }
  return importAnswer(db, {
    file,
    rows: data.filter(isRecordRow).length,
    applied,
    ...counts,
    refused: refusedLines.size,
    problems,
    changes,
  });
}
