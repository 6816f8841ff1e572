import { describe, expect, test } from 'vitest';
import { checkIdentity, identityLookupKey, sameIdentity } from './identities';

describe('identity numbers, each checked by its own type', () => {
  test('a MyKad is 12 digits starting with a real birth date, however it is grouped', () => {
    expect(checkIdentity('new_id', ' 900101-12-5678 ')).toEqual({ number: '900101125678' });
    expect(checkIdentity('new_id', '90010112567')).toEqual({ problem: 'ic_length' });
    expect(checkIdentity('new_id', 'A12345678')).toEqual({ problem: 'ic_length' });
    expect(checkIdentity('new_id', '901301125678')).toEqual({ problem: 'ic_birth_date_invalid' });
  });

  test('an old IC is 7 digits, with or without a letter before them', () => {
    expect(checkIdentity('old_id', 'a1234567')).toEqual({ number: 'A1234567' });
    expect(checkIdentity('old_id', 'H 0123456')).toEqual({ number: 'H0123456' });
    expect(checkIdentity('old_id', '1234567')).toEqual({ number: '1234567' });
    for (const junk of ['123456', '12345678', 'AB1234567', 'A123456X', '900101125678']) {
      expect(checkIdentity('old_id', junk)).toEqual({ problem: 'old_id_invalid' });
    }
  });

  test('a passport number is letters and digits as ICAO 9303 prints them, with at least one digit', () => {
    expect(checkIdentity('passport_id', 'a1234 5678')).toEqual({ number: 'A12345678' });
    expect(checkIdentity('passport_id', 'EK1234567')).toEqual({ number: 'EK1234567' });
    expect(checkIdentity('passport_id', 'P12345678901234')).toEqual({ number: 'P12345678901234' });
    for (const junk of [
      'A1234',
      'PASSPORT',
      'A1234567890123456',
      'A1234567<',
      'Ä1234567',
      '12.345.678',
    ]) {
      expect(checkIdentity('passport_id', junk)).toEqual({ problem: 'passport_invalid' });
    }
  });

  test('a police number is its letters, then 4 to 8 digits', () => {
    expect(checkIdentity('police_id', 'rf/123456')).toEqual({ number: 'RF123456' });
    expect(checkIdentity('police_id', 'G 12345')).toEqual({ number: 'G12345' });
    for (const junk of ['123456', 'RF123', 'RFTX123456', 'RF1234567890']) {
      expect(checkIdentity('police_id', junk)).toEqual({ problem: 'police_id_invalid' });
    }
  });

  test('an armed forces number is 5 to 9 digits, with up to 3 letters before them', () => {
    expect(checkIdentity('army_id', 't-1234567')).toEqual({ number: 'T1234567' });
    expect(checkIdentity('army_id', '1123456')).toEqual({ number: '1123456' });
    for (const junk of ['1234', 'ABCD12345', 'T1234567890', 'T12345A']) {
      expect(checkIdentity('army_id', junk)).toEqual({ problem: 'army_id_invalid' });
    }
  });

  test('the same number of two types is two people; of one type, however typed, one', () => {
    const passport = { type: 'passport_id', number: 'A12345678' } as const;
    expect(sameIdentity(passport, { type: 'passport_id', number: 'a1234-5678' })).toBe(true);
    expect(sameIdentity(passport, { type: 'old_id', number: 'A12345678' })).toBe(false);
  });

  test('a MyKad keeps the lookup key it always had; other types carry their name', () => {
    expect(identityLookupKey('new_id', '900101125678')).toBe('900101125678');
    expect(identityLookupKey('passport_id', 'A12345678')).toBe('passport_id:A12345678');
  });
});
