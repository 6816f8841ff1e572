// No zod here: the content and helpline pages write contacts with it, and show no form.
import type { OpeningHours } from './contacts';
import type { Language } from './languages';

/** The `tel:` link of a phone number as written (088-123 456 becomes tel:088123456). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[ -]/g, '')}`;
}

/** Monday 2026-11-23 and the six days after it: any week gives the weekday names. */
export function weekdayName(day: number, lang: Language): string {
  return new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, 10, 22 + day)),
  );
}

/** Days as a reader says them: 1-4 as 'Monday – Thursday', 1,3,5 as 'Monday, Wednesday, Friday'. */
function daysText(days: readonly number[], lang: Language): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const consecutive = sorted.every((day, index) => index === 0 || day === sorted[index - 1]! + 1);
  if (consecutive && sorted.length > 2) {
    return `${weekdayName(sorted[0]!, lang)} – ${weekdayName(sorted.at(-1)!, lang)}`;
  }
  return sorted.map((day) => weekdayName(day, lang)).join(', ');
}

/**
 * Opening hours as lines to show, one per group of days with the same hours:
 * 'Monday – Thursday: 08:00 – 13:00, 14:00 – 17:00'.
 */
export function openingHoursLines(hours: OpeningHours, lang: Language): string[] {
  const groups = new Map<string, { days: number[]; periods: string[] }>();
  for (const period of hours) {
    const key = [...new Set(period.days)].sort((a, b) => a - b).join(',');
    const group = groups.get(key) ?? { days: period.days, periods: [] };
    group.periods.push(`${period.opens} – ${period.closes}`);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => Math.min(...a.days) - Math.min(...b.days))
    .map((group) => `${daysText(group.days, lang)}: ${group.periods.sort().join(', ')}`);
}
