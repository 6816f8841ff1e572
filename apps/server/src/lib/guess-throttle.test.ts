import { expect, test } from 'vitest';
import { waitAfter } from './guess-throttle';

test('a stranger failing at an account delays its owner a minute at most; a guesser far longer', () => {
  const waits = (kind: 'pair' | 'subject' | 'client') =>
    Array.from({ length: 40 }, (_, failures) => waitAfter(kind, failures + 1));
  expect(Math.max(...waits('subject'))).toBe(60);
  expect(Math.max(...waits('pair'))).toBe(15 * 60);
  expect(waits('pair').slice(0, 6)).toEqual([0, 0, 0, 1, 2, 4]);
  expect(
    waits('client')
      .slice(0, 20)
      .every((wait) => wait === 0),
  ).toBe(true);
  expect(waitAfter('client', 21)).toBe(1);
});
