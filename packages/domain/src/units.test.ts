import { expect, test } from 'vitest';
import { units } from './units';

test('the 14 units of the spec are each offered once', () => {
  expect(new Set(units).size).toBe(14);
  expect(units).toContain('metric_ton');
  expect(units).toContain('kilometre');
});
