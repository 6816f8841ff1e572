import { expect, test } from 'vitest';
import { malaysiaYearMonth } from './malaysia-time';

test('the year and month turn at midnight in Malaysia', () => {
  expect(malaysiaYearMonth(new Date('2026-12-31T15:59:59Z'))).toEqual({ year: 2026, month: 12 });
  expect(malaysiaYearMonth(new Date('2026-12-31T16:00:00Z'))).toEqual({ year: 2027, month: 1 });
});
