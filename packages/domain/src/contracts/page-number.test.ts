import fc from 'fast-check';
import { expect, test } from 'vitest';
import { pageNumberOf } from './page-number';
import { pageNumber } from './params';

test('an address page is read as the contracts read a query page', () => {
  const pages = fc.oneof(
    fc.string(),
    fc.integer({ min: -5, max: 10_005 }).map(String),
    fc.constantFrom('', ' 2 ', '2.0', '2.5', '1e3', '0x10', 'Infinity', '10000', '10001'),
  );
  fc.assert(
    fc.property(pages, (text) => {
      expect(pageNumberOf(text)).toBe(pageNumber.safeParse(text).data);
    }),
  );
});
