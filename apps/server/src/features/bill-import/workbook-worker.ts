import type { Cell } from '@portal/domain/bill-files';
import { zipSync } from 'fflate';
import { readSheet } from 'read-excel-file/universal';
import { boundedWorkbookParts, type WorkbookRefusal } from './workbook-bounds';

export type WorkbookAnswer = { rows: Cell[][] } | { refused: WorkbookRefusal };

/**
 * Runs in a worker thread (read-workbook.ts): the first sheet's rows of a workbook within
 * `workbookBounds`, or why it is refused. The reader gets the parts that were checked, packed
 * again without compression, so it reads exactly what the bounds were checked on.
 */
export async function task(bytes: Uint8Array): Promise<WorkbookAnswer> {
  const bounded = boundedWorkbookParts(bytes);
  if ('refused' in bounded) return bounded;
  const checked = zipSync(bounded.parts, { level: 0 });
  try {
    return { rows: (await readSheet(checked.buffer as ArrayBuffer)) as Cell[][] };
  } catch {
    return { refused: { line: 1, problem: 'workbook_unreadable' } };
  }
}
