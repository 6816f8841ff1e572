import { describe, expect, test } from 'vitest';
import {
  compoundCategories,
  compoundCategoryTypes,
  compoundTypes,
  isPlateKey,
  plateKey,
} from './compounds';
import { ownerSearchSchema, plateSearchSchema } from './forms';

describe('compound categories', () => {
  test('every compound type falls in exactly one category; seizure is city control', () => {
    const placed = compoundCategories.flatMap((category) => compoundCategoryTypes[category]);
    expect([...placed].sort()).toEqual([...compoundTypes].sort());
    expect(compoundCategoryTypes.seizure).toEqual(['citycontrol']);
  });
});

describe('a vehicle plate', () => {
  test('is one plate however it is spaced, hyphenated or cased', () => {
    for (const typed of ['SA 1234 B', 'sa1234b', ' Sa-1234 b ', 'SA\t1234B']) {
      expect(plateKey(typed)).toBe('SA1234B');
    }
  });

  test('is letters and digits, with a digit, up to 12 of them', () => {
    expect(isPlateKey('SA1234B')).toBe(true);
    expect(isPlateKey('PUTRAJAYA1')).toBe(true);
    expect(isPlateKey('SABAH')).toBe(false);
    expect(isPlateKey('SA/1234')).toBe(false);
    expect(isPlateKey('A1234567890123')).toBe(false);
  });

  test('a plate search comes out normalised, with an optional compound category', () => {
    expect(plateSearchSchema.parse({ council: 'mps', plate: 'sa 1234-b' })).toEqual({
      council: 'mps',
      plate: 'SA1234B',
    });
    const wrong = plateSearchSchema.safeParse({
      council: 'mps',
      plate: 'SA 1234 B',
      compound_category: 'health',
    });
    expect(wrong.success).toBe(false);
    expect(
      plateSearchSchema.safeParse({ council: 'mps', plate: '***' }).error?.issues[0],
    ).toMatchObject({ path: ['plate'], message: 'plate_invalid' });
  });
});

describe("an owner's identity number", () => {
  test('is a MyKad number, hyphens allowed as typed', () => {
    expect(
      ownerSearchSchema.parse({
        council: 'mps',
        owner_ic: '880214-12-5533',
        compound_category: 'trading',
      }),
    ).toEqual({ council: 'mps', owner_ic: '880214125533', compound_category: 'trading' });
    expect(
      ownerSearchSchema.safeParse({ council: 'mps', owner_ic: '8802141255' }).error?.issues[0],
    ).toMatchObject({ path: ['owner_ic'], message: 'ic_length' });
  });
});
