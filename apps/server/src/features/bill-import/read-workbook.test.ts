import { expect, test } from 'vitest';
import { rowOf, workbookOf } from '../../test/test-workbooks';
import { readWorkbook, workbookLimits } from './read-workbook';

/** A real workbook of `count` rows of twelve texts each, from the header on. */
const workbookOfRows = (count: number) =>
  workbookOf(
    Array.from({ length: count }, (_, n) =>
      rowOf(
        n + 1,
        Array.from({ length: 12 }, (_, cell) => `TF${n}-${cell} Jalan Tiga`),
      ),
    ).join(''),
  );

test('a workbook that needs more memory or time than its thread may have is refused, the server unharmed; the next is read', async () => {
  const large = workbookOfRows(20_000);
  expect(await readWorkbook(large, { ...workbookLimits, heapMb: 8 })).toEqual({
    refused: { line: 1, problem: 'workbook_too_large' },
  });
  expect(await readWorkbook(large, { ...workbookLimits, deadlineMs: 1 })).toEqual({
    refused: { line: 1, problem: 'workbook_too_slow' },
  });
  expect(await readWorkbook(workbookOfRows(2))).toEqual({
    rows: [
      Array.from({ length: 12 }, (_, cell) => `TF0-${cell} Jalan Tiga`),
      Array.from({ length: 12 }, (_, cell) => `TF1-${cell} Jalan Tiga`),
    ],
  });
});
