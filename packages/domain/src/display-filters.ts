/**
 * Display filters of spec section 9. Times are shown in Malaysia time, UTC+8 all year (no daylight
 * saving), computed from the UTC instant so the host's time zone never matters (DESIGN.md section 3).
 */

const malaysiaOffsetMs = 8 * 60 * 60 * 1000;

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

/** Cuts to `max` characters and adds '...' only when something was cut. */
export function ellipsis(text: string, max = 70): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

export function shortText(text: string): string {
  return ellipsis(text, 18);
}

/** Malaysia wall-clock fields of an instant, or undefined when the date is invalid. */
function malaysiaTime(d: Date | string) {
  // An ISO date-time without an offset would be read in the host's zone: read it as Malaysia time.
  const text = typeof d === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(d) ? `${d}+08:00` : d;
  const ms = new Date(text).getTime();
  if (Number.isNaN(ms)) return undefined;
  const local = new Date(ms + malaysiaOffsetMs);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hour = local.getUTCHours();
  return {
    day: pad(local.getUTCDate()),
    month: pad(local.getUTCMonth() + 1),
    year: pad(local.getUTCFullYear(), 4),
    hour12: pad(hour % 12 || 12),
    minute: pad(local.getUTCMinutes()),
    meridiem: hour < 12 ? 'AM' : 'PM',
  };
}

/** `DD/MM/YYYY`; '' for an invalid date. */
export function formatDate(d: Date | string): string {
  const t = malaysiaTime(d);
  return t ? `${t.day}/${t.month}/${t.year}` : '';
}

/** `DD/MM/YYYY hh:mm AM`, 12-hour clock (noon is 12:00 PM, midnight 12:00 AM); '' when invalid. */
export function formatDateTime(d: Date | string): string {
  const t = malaysiaTime(d);
  return t ? `${t.day}/${t.month}/${t.year} ${t.hour12}:${t.minute} ${t.meridiem}` : '';
}

/** `MM/YYYY`; '' for an invalid date. */
export function formatMonthYear(d: Date | string): string {
  const t = malaysiaTime(d);
  return t ? `${t.month}/${t.year}` : '';
}
