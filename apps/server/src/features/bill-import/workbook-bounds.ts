import { maxFileColumns, maxFileRows, type FileProblem } from '@portal/domain/bill-files';
import { strFromU8, unzipSync } from 'fflate';

/**
 * What a workbook may hold, checked before any of it is parsed (docs/bill-import.md). A real
 * workbook of 100,000 parking tickets unpacks to about 42 MB and packs about ten to one.
 */
export const workbookBounds = {
  /** Files inside the workbook's zip: one sheet saved by a spreadsheet program has about ten. */
  parts: 1_000,
  /** The XML parts unpacked, all together: what the reader holds in memory at once. */
  unpackedBytes: 100 * 1024 * 1024,
  /** Unpacked size over packed size, for a part of more than `ratioFromBytes` (Apache POI's). */
  inflateRatio: 100,
  ratioFromBytes: 64 * 1024,
  /** One tag, attributes and all: a real one is a few dozen characters. */
  tagBytes: 16 * 1024,
  /** The header and `maxFileRows` rows. */
  rows: maxFileRows + 1,
  columns: maxFileColumns,
  /** Distinct texts of the shared-strings part. */
  sharedStrings: 2_000_000,
};

/** Why a workbook was refused, and on which line of the sheet (1 for the whole file). */
export interface WorkbookRefusal {
  line: number;
  problem: FileProblem;
}

class Refused extends Error {
  constructor(readonly refusal: WorkbookRefusal) {
    super(refusal.problem);
  }
}

function refuse(problem: FileProblem, line = 1): never {
  throw new Refused({ line, problem });
}

/** The parts a reader of the sheet reads: XML and its relationships (read-excel-file's own). */
const isXmlPart = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

/**
 * The workbook's XML parts, unpacked within `workbookBounds`, or why it is refused. Sizes come
 * from the zip's central directory before anything is unpacked, and a part never unpacks past its
 * stated size, so the bounds hold whatever the file claims. Then every worksheet's cells are
 * placed and the shared texts counted, in one pass over the text without parsing it.
 */
export function boundedWorkbookParts(
  bytes: Uint8Array,
): { parts: Record<string, Uint8Array> } | { refused: WorkbookRefusal } {
  try {
    let count = 0;
    let unpacked = 0;
    let parts: Record<string, Uint8Array>;
    try {
      parts = unzipSync(bytes, {
        filter: (file) => {
          if (++count > workbookBounds.parts) refuse('workbook_too_many_parts');
          if (!isXmlPart(file.name)) return false;
          unpacked += file.originalSize;
          if (unpacked > workbookBounds.unpackedBytes) refuse('workbook_too_large');
          const ratio = file.originalSize / Math.max(file.size, 1);
          if (
            file.originalSize > workbookBounds.ratioFromBytes &&
            ratio > workbookBounds.inflateRatio
          )
            refuse('workbook_packed_too_tightly');
          return true;
        },
      });
    } catch (error) {
      if (error instanceof Refused) throw error;
      return { refused: { line: 1, problem: 'workbook_unreadable' } };
    }
    for (const [name, part] of Object.entries(parts)) {
      const xml = strFromU8(part);
      checkTags(xml, name.startsWith('xl/worksheets/'));
    }
    return { parts };
  } catch (error) {
    if (error instanceof Refused) return { refused: error.refusal };
    throw error;
  }
}

const lettersAndDigits = /^([A-Z]{1,3})(\d{1,7})$/;

/** A cell reference's column (A = 1) and row, or undefined when it is not one. */
function cellAt(reference: string): { column: number; row: number } | undefined {
  const match = lettersAndDigits.exec(reference);
  if (!match) return undefined;
  let column = 0;
  for (const letter of match[1]!) column = column * 26 + letter.charCodeAt(0) - 64;
  return { column, row: Number(match[2]) };
}

/** The `r` attribute of a tag's text, if it has one. */
function referenceOf(tag: string): string | undefined {
  return /\sr\s*=\s*["']([^"']*)["']/.exec(tag)?.[1];
}

/**
 * Walks every tag of a part once, by index (no pattern that could backtrack over a long run):
 * refuses a DTD (no spreadsheet program writes one, and entities are how XML is made to explode),
 * an over-long tag, and, in a worksheet, a row or cell past the bounds; counts shared texts.
 */
function checkTags(xml: string, worksheet: boolean): void {
  let row = 0;
  let column = 0;
  let texts = 0;
  let at = 0;
  for (;;) {
    const start = xml.indexOf('<', at);
    if (start === -1) return;
    const end = xml.indexOf('>', start);
    if (end === -1) return;
    if (end - start > workbookBounds.tagBytes) refuse('workbook_unreadable');
    at = end + 1;
    const next = xml.charCodeAt(start + 1);
    // A closing tag, a comment or processing instruction; a DTD is refused.
    if (next === 0x2f || next === 0x3f) continue;
    if (next === 0x21) {
      if (xml.startsWith('<!DOCTYPE', start) || xml.startsWith('<!ENTITY', start))
        refuse('workbook_unreadable');
      continue;
    }
    const tag = xml.slice(start + 1, end);
    const name = /^[^\s/>]*/.exec(tag)![0];
    const local = name.slice(name.indexOf(':') + 1);
    if (local === 'si' && ++texts > workbookBounds.sharedStrings) refuse('too_many_texts');
    if (!worksheet) continue;
    if (local === 'row') {
      const reference = referenceOf(tag);
      if (reference !== undefined && !/^\d{1,7}$/.test(reference)) refuse('workbook_unreadable');
      row = reference === undefined ? row + 1 : Number(reference);
      column = 0;
      if (row > workbookBounds.rows) refuse('too_many_rows', row);
    } else if (local === 'c') {
      const reference = referenceOf(tag);
      const cell = reference === undefined ? { column: column + 1, row } : cellAt(reference);
      if (!cell) refuse('workbook_unreadable');
      column = cell.column;
      if (cell.row > workbookBounds.rows) refuse('too_many_rows', cell.row);
      if (column > workbookBounds.columns) refuse('too_many_columns', cell.row);
    }
  }
}
