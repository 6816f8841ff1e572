import { expect, test } from 'vitest';
import { languageOfAcceptHeader } from './languages';

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
])('Accept-Language %j asks for %s', (header, language) => {
  expect(languageOfAcceptHeader(header)).toBe(language);
});
