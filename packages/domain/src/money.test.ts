import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  formatAmount,
  formatRinggit,
  isSen,
  parseRinggit,
  proportionOf,
  ringgitInText,
  sumSen,
} from './money';

const safeSen = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });

describe('isSen', () => {
  test('only safe non-negative integers are amounts', () => {
    expect(isSen(0)).toBe(true);
    expect(isSen(123450)).toBe(true);
    expect(isSen(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(isSen(-1)).toBe(false);
    expect(isSen(12.5)).toBe(false);
    expect(isSen(Number.MAX_SAFE_INTEGER + 1)).toBe(false);
    expect(isSen(Number.NaN)).toBe(false);
    expect(isSen('100')).toBe(false);
  });
});

describe('sumSen', () => {
  test('a cart total is the sum of its amounts, zero when empty', () => {
    expect(sumSen([1050, 250, 0])).toBe(1300);
    expect(sumSen([])).toBe(0);
  });

  test('a fractional amount is refused rather than summed', () => {
    expect(() => sumSen([100, 0.1])).toThrow(RangeError);
    expect(() => sumSen([Number.NaN])).toThrow(RangeError);
  });

  test('a total beyond the safe integer range is refused', () => {
    expect(() => sumSen([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });

  test('the total equals the integer sum, however the amounts are grouped', () => {
    const amount = fc.integer({ min: 0, max: 2 ** 40 });
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 50 }), (amounts) => {
        const exact = amounts.reduce((a, b) => a + BigInt(b), 0n);
        expect(BigInt(sumSen(amounts))).toBe(exact);
      }),
    );
    fc.assert(
      fc.property(amount, amount, amount, (a, b, c) => {
        expect(sumSen([sumSen([a, b]), c])).toBe(sumSen([a, sumSen([b, c])]));
      }),
    );
  });
});

describe('formatting', () => {
  test('amounts show as ringgit with two decimals and thousands separators', () => {
    expect(formatRinggit(123450)).toBe('RM 1,234.50');
    expect(formatRinggit(0)).toBe('RM 0.00');
    expect(formatRinggit(5)).toBe('RM 0.05');
    expect(formatRinggit(100000000)).toBe('RM 1,000,000.00');
  });

  test('an amount inside a sentence never breaks between RM and the figure', () => {
    expect(ringgitInText(100000)).toBe('RM\u00a01,000.00');
  });

  test('a negative amount puts the sign before the currency', () => {
    expect(formatRinggit(-1200)).toBe('-RM 12.00');
    expect(formatAmount(-1200)).toBe('-12.00');
  });

  test('the gateway and receipts get the amount without currency', () => {
    expect(formatAmount(123450)).toBe('1,234.50');
    expect(formatAmount(99)).toBe('0.99');
  });

  test('the largest safe amount is formatted exactly', () => {
    expect(formatAmount(Number.MAX_SAFE_INTEGER)).toBe('90,071,992,547,409.91');
  });

  test('a fractional amount is a bug and is refused', () => {
    expect(() => formatRinggit(12.5)).toThrow(RangeError);
  });
});

describe('parseRinggit', () => {
  test.each([
    ['1234.5', 123450],
    ['1,234.50', 123450],
    ['RM 1,234.50', 123450],
    ['RM1234', 123400],
    ['rm 0.05', 5],
    [' 12 ', 1200],
    ['0', 0],
    ['90,071,992,547,409.91', Number.MAX_SAFE_INTEGER],
  ])('%j reads as %i sen', (text, sen) => {
    expect(parseRinggit(text)).toBe(sen);
  });

  test.each([
    '',
    'RM',
    '-12.00',
    '-RM 12.00',
    '1.234',
    '12,34.00',
    '1234,567',
    ',123',
    '0,123',
    '1.',
    '.5',
    'NaN',
    '1e3',
    'RM 12 00',
    '90071992547409.92',
  ])('%j is not an amount', (text) => {
    expect(parseRinggit(text)).toBeUndefined();
  });

  test('every formatted amount reads back as the same number of sen', () => {
    fc.assert(
      fc.property(safeSen, (sen) => {
        expect(parseRinggit(formatRinggit(sen))).toBe(sen);
        expect(parseRinggit(formatAmount(sen))).toBe(sen);
      }),
    );
  });
});

describe('proportionOf', () => {
  test('a part carries its share, rounded toward zero; the whole carries all', () => {
    expect(proportionOf(6000, 80_000, 158_000)).toBe(3037);
    expect(proportionOf(3037, -1000, 83_037)).toBe(-36);
    expect(proportionOf(3037, 83_037, 83_037)).toBe(3037);
    // Sums whose product passes 2^53 keep every sen.
    expect(proportionOf(9_999_999_999, 9_999_999_998, 9_999_999_999)).toBe(9_999_999_998);
  });
});
