/**
 * How the portal shows text and dates. Times are shown in Sabah's time (Asia/Kuching, UTC+8
 * all year and since long before 1982, unlike the peninsula's zone), from the UTC instant, so the host's time zone never matters (docs/dates.md).
 */
import type { Language } from './languages';

/** Keeps the first 4 characters and masks the rest, at most 19 characters in all. */
export function hideText(text: string): string {
  const chars = [...text].slice(0, 19);
  return chars.slice(0, 4).join('') + '*'.repeat(Math.max(0, chars.length - 4));
}

/** Masks an identity card number except its last 4 characters. */
export function hideIC(ic: string): string {
  const chars = [...ic];
  return '*'.repeat(Math.max(0, chars.length - 4)) + chars.slice(-4).join('');
}

/**
 * A Malaysian phone number, kept as digits (forms.ts), written back the way Malaysians write it:
 * the prefix, a hyphen, then the line in groups: 019-876 5432, 011-2345 6789, 03-1234 5678,
 * 088-123456 (Sabah's and Sarawak's six-digit lines). Anything else is shown as it is.
 */
export function writtenPhone(digits: string): string {
  const mobile = /^(01\d)(\d{3,4})(\d{4})$/.exec(digits);
  if (mobile) return `${mobile[1]}-${mobile[2]} ${mobile[3]}`;
  const eastMalaysia = /^(08\d)(\d{6})$/.exec(digits);
  if (eastMalaysia) return `${eastMalaysia[1]}-${eastMalaysia[2]}`;
  const landline = /^(0\d)(\d{3,4})(\d{4})$/.exec(digits);
  if (landline) return `${landline[1]}-${landline[2]} ${landline[3]}`;
  return digits;
}

/** Cuts to `max` characters and adds '...' only when something was cut. */
export function ellipsis(text: string, max = 70): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

/** Malaysia keeps UTC+8 all year, with no daylight saving. */
const malaysiaOffsetMs = 8 * 60 * 60 * 1000;

/** A Date whose UTC fields read as the wall-clock time in Malaysia at that instant. */
export function malaysiaWallClock(instant: Date): Date {
  return new Date(instant.getTime() + malaysiaOffsetMs);
}

/** The calendar day (YYYY-MM-DD) it is in Malaysia at an instant. */
export function malaysiaDay(instant: Date): string {
  return malaysiaWallClock(instant).toISOString().slice(0, 10);
}

/** Whether a due date (YYYY-MM-DD) has passed: it is a later day in Malaysia. None never has. */
export function isPastDue(dueDate: string | null, now: Date = new Date()): boolean {
  return dueDate !== null && dueDate < malaysiaDay(now);
}

/** The instants a Malaysia calendar day (YYYY-MM-DD) runs between: from its start, to the next's. */
export function malaysiaDayRange(day: string): { start: Date; end: Date } {
  const start = new Date(Date.parse(`${day}T00:00:00Z`) - malaysiaOffsetMs);
  return { start, end: new Date(start.getTime() + 24 * 60 * 60 * 1000) };
}

/** The instant a date names; an ISO date-time without an offset is Malaysia time, not the host's. */
function instantOf(d: Date | string): number {
  const text = typeof d === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(d) ? `${d}+08:00` : d;
  return new Date(text).getTime();
}

/** The Intl locale each language writes dates in, as Malaysians read them. */
const intlLocales: Record<Language, string> = { ms: 'ms-MY', en: 'en-MY', zh: 'zh-Hans-MY' };

/** Formatters are slow to build and a history page writes hundreds of dates: build each once. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function written(d: Date | string, lang: Language, options: Intl.DateTimeFormatOptions): string {
  const ms = instantOf(d);
  if (Number.isNaN(ms)) return '';
  const key = `${lang} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocales[lang], {
      ...options,
      timeZone: 'Asia/Kuching',
    });
    formatters.set(key, formatter);
  }
  return formatter.format(ms);
}

/**
 * A date as a citizen reads it, in Malaysia time, the month in words: `22 November 2026`,
 * `2026年11月22日`. '' for an invalid date (docs/dates.md).
 */
export function writtenDate(d: Date | string, lang: Language): string {
  return written(d, lang, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** A date and time the same way, on a 12-hour clock: `22 November 2026 at 2:12 pm`. */
export function writtenDateTime(d: Date | string, lang: Language): string {
  return written(d, lang, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
}

/** The time of day alone, for a column that shows the date above it: `2:12 pm`, `下午2:12`. */
export function writtenTime(d: Date | string, lang: Language): string {
  return written(d, lang, { hour: 'numeric', minute: '2-digit', hour12: true });
}

const quarterWords: Record<Language, (quarter: number, year: number) => string> = {
  ms: (quarter, year) => `Suku ke-${quarter} ${year}`,
  en: (quarter, year) => `Q${quarter} ${year}`,
  zh: (quarter, year) => `${year}年第${quarter}季度`,
};

/**
 * The quarter an assessment is paid until, from its `YYYY/Q` form: `Suku ke-4 2026`, `Q4 2026`,
 * `2026年第4季度`. Anything else is returned as it is.
 */
export function writtenQuarter(paidUntil: string, lang: Language): string {
  const match = /^(\d{4})\/([1-4])$/.exec(paidUntil.trim());
  return match ? quarterWords[lang](Number(match[2]), Number(match[1])) : paidUntil;
}
