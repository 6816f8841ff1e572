import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  ellipsis,
  formatDate,
  formatDateTime,
  formatMonthYear,
  hideIC,
  hideText,
  shortText,
} from './display-filters';

describe('masking', () => {
  test('hidden text keeps its first 4 characters and masks the rest', () => {
    expect(hideText('ahmad@example.com')).toBe('ahma*************');
    expect(hideText('Ali')).toBe('Ali');
  });

  test('hidden text is at most 19 characters long', () => {
    expect(hideText('a-very-long-account-holder-name')).toBe('a-ve***************');
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect([...hideText(text)].length).toBe(Math.min([...text].length, 19));
      }),
    );
  });

  test('an identity card number shows only its last 4 digits', () => {
    expect(hideIC('900101125678')).toBe('********5678');
    expect(hideIC('900101-12-5678')).toBe('**********5678');
    expect(hideIC('5678')).toBe('5678');
  });
});

describe('shortening', () => {
  test('long text is cut to 70 characters followed by "..."', () => {
    const text = 'x'.repeat(71);
    expect(ellipsis(text)).toBe(`${'x'.repeat(70)}...`);
  });

  test('text that fits is left untouched, without "..."', () => {
    expect(ellipsis('x'.repeat(70))).toBe('x'.repeat(70));
    expect(ellipsis('Cukai taksiran', 14)).toBe('Cukai taksiran');
  });

  test('short text is cut at 18 characters', () => {
    expect(shortText('Majlis Perbandaran Sandakan')).toBe('Majlis Perbandaran...');
    expect(shortText('Majlis Daerah Kunak')).toBe('Majlis Daerah Kuna...');
    expect(shortText('Lembaga Bandaran')).toBe('Lembaga Bandaran');
  });

  test('Chinese and emoji are never split in the middle of a character', () => {
    expect(shortText('沙巴州地方议会网上付款系统门户网站的收据编号')).toBe(
      '沙巴州地方议会网上付款系统门户网站的...',
    );
    expect(ellipsis('👍👍👍', 2)).toBe('👍👍...');
  });
});

describe('dates in Malaysia time', () => {
  test('a UTC instant is shown in Malaysia time, which can be the next day', () => {
    const lateEvening = new Date('2025-12-31T16:30:00Z');
    expect(formatDate(lateEvening)).toBe('01/01/2026');
    expect(formatDateTime(lateEvening)).toBe('01/01/2026 12:30 AM');
    expect(formatMonthYear(lateEvening)).toBe('01/2026');
  });

  test('date and time use a 12-hour clock with two-digit hours', () => {
    expect(formatDateTime('2025-03-05T01:05:00Z')).toBe('05/03/2025 09:05 AM');
    expect(formatDateTime('2025-03-05T04:00:00Z')).toBe('05/03/2025 12:00 PM');
    expect(formatDateTime('2025-03-05T13:59:00Z')).toBe('05/03/2025 09:59 PM');
    expect(formatDateTime('2025-03-05T15:59:00Z')).toBe('05/03/2025 11:59 PM');
  });

  test('a timestamp with an offset is shown at the same instant in Malaysia', () => {
    expect(formatDateTime('2025-03-05T09:00:00+09:00')).toBe('05/03/2025 08:00 AM');
  });

  test('a date-time without an offset is read as Malaysia time', () => {
    expect(formatDateTime('2025-03-05T23:15')).toBe('05/03/2025 11:15 PM');
  });

  test('a date alone keeps its day', () => {
    expect(formatDate('2024-02-29')).toBe('29/02/2024');
  });

  test('an invalid date shows nothing, never NaN', () => {
    for (const bad of ['', 'not a date', '2025-13-01', new Date(Number.NaN)]) {
      expect(formatDate(bad)).toBe('');
      expect(formatDateTime(bad)).toBe('');
      expect(formatMonthYear(bad)).toBe('');
    }
  });

  test('the shown date agrees with the UTC date 8 hours later, for any instant', () => {
    const instant = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) });
    fc.assert(
      fc.property(instant, (ms) => {
        const shifted = new Date(ms + 8 * 3_600_000).toISOString();
        const [year, month, day] = shifted.slice(0, 10).split('-');
        expect(formatDate(new Date(ms))).toBe(`${day}/${month}/${year}`);
        expect(formatMonthYear(new Date(ms))).toBe(`${month}/${year}`);
      }),
    );
  });
});
