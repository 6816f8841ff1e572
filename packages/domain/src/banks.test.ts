import { expect, test } from 'vitest';
import { banks } from './banks';

test('the 16 banks are offered, each under its own code', () => {
  expect(banks).toHaveLength(16);
  expect(new Set(banks.map((b) => b.code)).size).toBe(16);
  expect(banks.find((b) => b.code === 'maybank')?.name).toBe('MayBank');
  expect(banks.find((b) => b.code === 'bsn')?.name).toBe('Bank Simpanan Nasional');
});

test('bank codes are short lower-case identifiers', () => {
  for (const { code } of banks) expect(code).toMatch(/^[a-z_]{3,20}$/);
});
