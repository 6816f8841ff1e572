import { describe, expect, it } from 'vitest';
import { openingHoursLines, telHref } from './contact-text';

/** A Sabah council's week: a long lunch on Friday for the Friday prayer. */
const sabahOfficeHours = [
  { days: [1, 2, 3, 4], opens: '08:00', closes: '13:00' },
  { days: [1, 2, 3, 4], opens: '14:00', closes: '17:00' },
  { days: [5], opens: '08:00', closes: '11:30' },
  { days: [5], opens: '14:00', closes: '17:00' },
];

describe('openingHoursLines', () => {
  it('groups the periods of the same days on one line, in the reader’s language', () => {
    expect(openingHoursLines(sabahOfficeHours, 'en')).toEqual([
      'Monday – Thursday: 08:00 – 13:00, 14:00 – 17:00',
      'Friday: 08:00 – 11:30, 14:00 – 17:00',
    ]);
    expect(openingHoursLines(sabahOfficeHours, 'ms')[1]).toBe(
      'Jumaat: 08:00 – 11:30, 14:00 – 17:00',
    );
    expect(openingHoursLines(sabahOfficeHours, 'zh')[0]).toMatch(/^星期一 – 星期四: /);
  });

  it('names days that do not follow each other one by one', () => {
    expect(openingHoursLines([{ days: [6, 1, 3], opens: '09:00', closes: '12:00' }], 'en')).toEqual(
      ['Monday, Wednesday, Saturday: 09:00 – 12:00'],
    );
  });
});

describe('telHref', () => {
  it('dials a number as written without its spaces and hyphens', () => {
    expect(telHref('+60 88-123 456')).toBe('tel:+6088123456');
  });
});
