import { expect, test } from 'vitest';
import { chooseLanguage, translator } from './messages';

test.each([
  [undefined, 'ms'],
  ['', 'ms'],
  ['en', 'en'],
  ['en-GB,en;q=0.9', 'en'],
  ['zh-TW', 'zh'],
  ['ms-MY,en;q=0.5', 'ms'],
  ['fr-FR,fr;q=0.9,en;q=0.8,zh;q=0.9', 'zh'],
  ['de, fr', 'ms'],
  ['en;q=0', 'ms'],
])('Accept-Language %j reads the pages in %s', (header, language) => {
  expect(chooseLanguage(header)).toBe(language);
});

test('each language has its own words', () => {
  expect(['ms', 'en', 'zh'].map((language) => translator(language as 'ms')('pay'))).toEqual([
    'Bayar',
    'Pay',
    '付款',
  ]);
});
