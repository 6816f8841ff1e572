import { expect, test } from 'vitest';
import { personalData } from './personal-data';

const keys = personalData('a council secret of at least thirty-two characters');

test('an IC number is stored as ciphertext that only the key opens, different each time', () => {
  const stored = keys.encrypt('900101125678');
  expect(stored).not.toContain('900101125678');
  expect(stored).not.toBe(keys.encrypt('900101125678'));
  expect(keys.decrypt(stored)).toBe('900101125678');
  expect(() => personalData('another secret of thirty-two characters!').decrypt(stored)).toThrow();
  const tampered = stored.slice(0, -2) + (stored.endsWith('A') ? 'BB' : 'AA');
  expect(() => keys.decrypt(tampered)).toThrow();
});

test('the lookup hash finds a number without decrypting, and depends on the key', () => {
  expect(keys.lookupHash('900101125678')).toBe(keys.lookupHash('900101125678'));
  expect(keys.lookupHash('900101125678')).not.toBe(keys.lookupHash('900101125679'));
  expect(
    personalData('another secret of thirty-two characters!').lookupHash('900101125678'),
  ).not.toBe(keys.lookupHash('900101125678'));
});

test('a number stored before encryption began reads as it is, and is known to be in clear', () => {
  expect(keys.decrypt('900101125678')).toBe('900101125678');
  expect(keys.isClear('900101125678')).toBe(true);
  expect(keys.isClear(keys.encrypt('900101125678'))).toBe(false);
  expect(keys.isClear('')).toBe(false);
});
