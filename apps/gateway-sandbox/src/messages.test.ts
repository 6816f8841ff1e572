import { expect, test } from 'vitest';
import { translator } from './messages';

test('each language has its own words', () => {
  expect(['ms', 'en', 'zh'].map((language) => translator(language as 'ms')('pay'))).toEqual([
    'Bayar',
    'Pay',
    '付款',
  ]);
});
