import { expect, test } from 'vitest';
import { formatTranDate, malaysiaYearMonth } from './malaysia-time';

test('TranDate is the wall-clock time in Malaysia', () => {
  expect(formatTranDate(new Date('2026-12-31T16:05:09Z'))).toBe('2027-01-01 00:05:09');
});

test('the year and month turn at midnight in Malaysia', () => {
  expect(malaysiaYearMonth(new Date('2026-12-31T15:59:59Z'))).toEqual({ year: 2026, month: 12 });
  expect(malaysiaYearMonth(new Date('2026-12-31T16:00:00Z'))).toEqual({ year: 2027, month: 1 });
});
