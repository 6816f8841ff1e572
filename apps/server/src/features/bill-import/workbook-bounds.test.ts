import { strToU8, zipSync } from 'fflate';
import { expect, test } from 'vitest';
import { rowOf, workbookOf } from '../../test/test-workbooks';
import { boundedWorkbookParts, workbookBounds } from './workbook-bounds';
import { task } from './workbook-worker';

const header = rowOf(1, ['account_no', 'status']);

/** Packed without compression: nothing here is refused for packing too tightly. */
const stored = { options: { level: 0 } } as const;

const refusalOf = (bytes: Uint8Array) => {
  const bounded = boundedWorkbookParts(bytes);
  return 'refused' in bounded ? bounded.refused : undefined;
};

test('a workbook within the bounds is read, its first sheet row by row', async () => {
  const bytes = workbookOf(header + rowOf(2, ['TF000001', 'unpaid']));
  expect(refusalOf(bytes)).toBeUndefined();
  expect(await task(bytes)).toEqual({
    rows: [
      ['account_no', 'status'],
      ['TF000001', 'unpaid'],
    ],
  });
});

test('a cell at the far corner of a sheet is refused by its place, before any parsing', async () => {
  const far = workbookOf(
    `${header}<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row>`,
  );
  expect(far.length).toBeLessThan(2048);
  expect(await task(far)).toEqual({ refused: { line: 1_048_576, problem: 'too_many_rows' } });
  const wide = workbookOf(`${header}<row r="2"><c r="XFD2"><v>1</v></c></row>`);
  expect(refusalOf(wide)).toEqual({ line: 2, problem: 'too_many_columns' });
  // Without `r`, a cell's place follows the one before it.
  const implied = Array.from({ length: workbookBounds.columns + 1 }, () => '<c><v>1</v></c>');
  expect(refusalOf(workbookOf(`${header}<row>${implied.join('')}</row>`))).toEqual({
    line: 2,
    problem: 'too_many_columns',
  });
  const rows = '<row><c><v>1</v></c></row>'.repeat(workbookBounds.rows);
  expect(refusalOf(workbookOf(`${header}${rows}`, stored))).toEqual({
    line: workbookBounds.rows + 1,
    problem: 'too_many_rows',
  });
});

test('megabytes of white space in 18 KB are refused as packed too tightly, unread', async () => {
  const spaces = ' '.repeat(16 * 1024 * 1024);
  for (const sheet of [
    header + spaces,
    `${header}<row r="2"><c ${spaces} r="A2"><v>1</v></c></row>`,
  ]) {
    const bytes = workbookOf(sheet, { options: { level: 9 } });
    expect(bytes.length).toBeLessThan(20 * 1024);
    expect(await task(bytes)).toEqual({
      refused: { line: 1, problem: 'workbook_packed_too_tightly' },
    });
  }
});

test('an over-long tag, a DTD, a cell that is no reference and a zip that is no zip are unreadable', () => {
  const unreadable = { line: 1, problem: 'workbook_unreadable' };
  // Stored unpacked, the ratio cannot catch a long run of white space; the tag's length does.
  const loose = ' \t\n\r'.repeat(50_000);
  const looseTag = workbookOf(`${header}<row r="2"><c ${loose} r="A2"><v>1</v></c></row>`, stored);
  expect(refusalOf(looseTag)).toEqual(unreadable);
  const entities = `<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>`;
  expect(refusalOf(workbookOf(header, { extraParts: { 'xl/styles.xml': entities } }))).toEqual(
    unreadable,
  );
  expect(refusalOf(workbookOf(`${header}<row r="2"><c r="2A"><v>1</v></c></row>`))).toEqual(
    unreadable,
  );
  expect(refusalOf(workbookOf(`${header}<row r="two"></row>`))).toEqual(unreadable);
  expect(refusalOf(Buffer.from('PK\u0003\u0004 and then nothing a zip has'))).toEqual(unreadable);
});

test('a part claiming more than the bound, too many parts or too many texts are refused unread', () => {
  const parts = Object.fromEntries(
    Array.from({ length: workbookBounds.parts + 1 }, (_, n) => [
      `xl/media/image${n}.png`,
      strToU8('x'),
    ]),
  );
  expect(refusalOf(zipSync(parts))).toEqual({ line: 1, problem: 'workbook_too_many_parts' });

  // The central directory says what each part unpacks to; the bound is checked on that.
  const bytes = Buffer.from(workbookOf(header));
  const central = bytes.lastIndexOf(Buffer.from('xl/worksheets/sheet1.xml')) - 46;
  expect(bytes.readUInt32LE(central)).toBe(0x02014b50);
  bytes.writeUInt32LE(workbookBounds.unpackedBytes + 1, central + 24);
  expect(refusalOf(bytes)).toEqual({ line: 1, problem: 'workbook_too_large' });

  const texts = Array.from(
    { length: workbookBounds.sharedStrings + 1 },
    (_, n) => `<si><t>${n}</t></si>`,
  );
  const strings = workbookOf(header, {
    extraParts: { 'xl/sharedStrings.xml': `<sst>${texts.join('')}</sst>` },
  });
  expect(refusalOf(strings)).toEqual({ line: 1, problem: 'too_many_texts' });
});
