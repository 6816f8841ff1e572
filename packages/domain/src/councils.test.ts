import { describe, expect, test } from 'vitest';
import { councilCodes, councils, findCouncil, isCouncilCode } from './councils';

describe('councils', () => {
  test("all 23 councils are listed once, in the portal's order", () => {
    expect(councils.map((c) => c.code)).toEqual([...councilCodes]);
    expect(new Set(councilCodes).size).toBe(23);
    expect(councilCodes.slice(0, 4)).toEqual(['mps', 'mpt', 'mdpg', 'mdld']);
    expect(councilCodes.at(-1)).toBe('mdpts');
  });

  test('a council shows its full name, upper-case short name and its own product title', () => {
    expect(findCouncil('mps')).toEqual({
      code: 'mps',
      name: 'Majlis Perbandaran Sandakan',
      shortName: 'MPS',
      productTitle: 'MPS ePayment',
    });
    expect(findCouncil('lbk')?.name).toBe('Lembaga Bandaran Kudat');
    expect(findCouncil('mdkp')?.productTitle).toBe('MDKP ePayment');
  });

  test('every council has a distinct name', () => {
    expect(new Set(councils.map((c) => c.name)).size).toBe(councils.length);
  });

  test('an unknown or mis-cased code finds no council', () => {
    expect(findCouncil('kk')).toBeUndefined();
    expect(findCouncil('MPS')).toBeUndefined();
    expect(findCouncil('')).toBeUndefined();
  });

  test('only the 23 lower-case codes count as council codes', () => {
    expect(isCouncilCode('mdtnm')).toBe(true);
    expect(isCouncilCode('MDTNM')).toBe(false);
    expect(isCouncilCode('toString')).toBe(false);
    expect(isCouncilCode(undefined)).toBe(false);
    expect(isCouncilCode(42)).toBe(false);
  });
});
