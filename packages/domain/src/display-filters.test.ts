import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  ellipsis,
  hideIC,
  writtenPhone,
  hideText,
  isPastDue,
  malaysiaDay,
  malaysiaDayRange,
  malaysiaWallClock,
  writtenDate,
  writtenDateTime,
  writtenQuarter,
  writtenTime,
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

  test('Chinese and emoji are never split in the middle of a character', () => {
    expect(ellipsis('沙巴州地方议会网上付款系统门户网站的收据编号', 18)).toBe(
      '沙巴州地方议会网上付款系统门户网站的...',
    );
    expect(ellipsis('👍👍👍', 2)).toBe('👍👍...');
  });
});

describe('dates in Malaysia time', () => {
  test('a UTC instant is shown in Malaysia time, which can be the next day', () => {
    expect(writtenDateTime(new Date('2025-12-31T16:30:00Z'), 'en')).toMatch(
      /^1 January 2026\D+12:30\s?am$/i,
    );
  });

  test('noon and midnight on the 12-hour clock', () => {
    expect(writtenTime('2025-03-05T04:00:00Z', 'ms')).toBe('12:00 PTG');
    expect(writtenTime('2025-03-05T16:00:00Z', 'ms')).toBe('12:00 PG');
  });

  test('a timestamp with an offset is shown at the same instant in Malaysia', () => {
    expect(writtenTime('2025-03-05T09:00:00+09:00', 'ms')).toBe('8:00 PG');
  });

  test('a date-time without an offset is read as Malaysia time', () => {
    expect(writtenDateTime('2025-03-05T23:15', 'zh')).toBe('2025年3月5日 下午11:15');
  });

  test('a date alone keeps its day', () => {
    expect(writtenDate('2024-02-29', 'ms')).toBe('29 Februari 2024');
  });

  test('an invalid date shows nothing, never NaN', () => {
    for (const bad of ['', 'not a date', '2025-13-01', new Date(Number.NaN)]) {
      expect(writtenDate(bad, 'ms')).toBe('');
      expect(writtenDateTime(bad, 'en')).toBe('');
      expect(writtenTime(bad, 'zh')).toBe('');
    }
  });

  test('an instant before 1982 is shown in Sabah time, not the peninsula’s old UTC+7:30', () => {
    expect(writtenDate(new Date(Date.UTC(1975, 0, 1, 16, 15)), 'en')).toBe('2 January 1975');
  });

  test('the shown date agrees with the UTC date 8 hours later, for any instant', () => {
    const instant = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) });
    fc.assert(
      fc.property(instant, (ms) => {
        const shifted = new Date(ms + 8 * 3_600_000).toISOString();
        const [year, month, day] = shifted.slice(0, 10).split('-').map(Number);
        expect(writtenDate(new Date(ms), 'zh')).toBe(`${year}年${month}月${day}日`);
      }),
    );
  });
});

describe('dates written out for a citizen', () => {
  const paid = '2026-11-22T06:12:45Z';

  test('in Malaysia time, with the month in words in each language', () => {
    expect(writtenDate(paid, 'ms')).toBe('22 November 2026');
    expect(writtenDate(paid, 'en')).toBe('22 November 2026');
    expect(writtenDate(paid, 'zh')).toBe('2026年11月22日');
    // 20:30 UTC is already the next day in Malaysia.
    expect(writtenDate('2026-11-22T20:30:00Z', 'en')).toBe('23 November 2026');
    expect(writtenDateTime(paid, 'zh')).toBe('2026年11月22日 下午2:12');
    expect(writtenDateTime(paid, 'en')).toMatch(/^22 November 2026\D+2:12\s?pm$/i);
    expect(writtenTime(paid, 'ms')).toBe('2:12 PTG');
    expect(writtenTime(paid, 'zh')).toBe('下午2:12');
    expect(writtenDate('not a date', 'ms')).toBe('');
  });

  test('the quarter an assessment is paid until, never as 2026/4', () => {
    expect(writtenQuarter('2026/4', 'ms')).toBe('Suku ke-4 2026');
    expect(writtenQuarter('2026/4', 'en')).toBe('Q4 2026');
    expect(writtenQuarter('2026/4', 'zh')).toBe('2026年第4季度');
    expect(writtenQuarter('unknown', 'en')).toBe('unknown');
  });
});

test("Malaysia's wall clock is eight hours ahead of UTC, across the new year", () => {
  expect(malaysiaWallClock(new Date('2026-12-31T16:30:00Z')).toISOString()).toBe(
    '2027-01-01T00:30:00.000Z',
  );
});

test('a Malaysia day runs from 16:00 UTC the evening before to 16:00 UTC on the day', () => {
  const { start, end } = malaysiaDayRange('2026-11-25');
  expect(start.toISOString()).toBe('2026-11-24T16:00:00.000Z');
  expect(end.toISOString()).toBe('2026-11-25T16:00:00.000Z');
  expect(malaysiaDay(start)).toBe('2026-11-25');
  expect(malaysiaDay(new Date(end.getTime() - 1))).toBe('2026-11-25');
});

test('a bill is past due from the day after its due date in Malaysia, and never without one', () => {
  const lastEvening = new Date('2026-03-31T15:59:59Z'); // 11:59 pm in Sabah
  expect(isPastDue('2026-03-31', lastEvening)).toBe(false);
  expect(isPastDue('2026-03-31', new Date('2026-03-31T16:00:00Z'))).toBe(true);
  expect(isPastDue(null, lastEvening)).toBe(false);
});

describe('phone numbers', () => {
  test('are written back grouped as Malaysians write them, not as the digits kept', () => {
    expect(writtenPhone('0198765432')).toBe('019-876 5432');
    expect(writtenPhone('01123456789')).toBe('011-2345 6789');
    expect(writtenPhone('0312345678')).toBe('03-1234 5678');
    expect(writtenPhone('088123456')).toBe('088-123456');
    expect(writtenPhone('041234567')).toBe('04-123 4567');
    expect(writtenPhone('12345')).toBe('12345');
  });
});
