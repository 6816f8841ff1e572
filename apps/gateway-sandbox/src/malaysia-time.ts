import { malaysiaWallClock } from '@portal/domain/display-filters';

export function malaysiaYearMonth(now: Date): { year: number; month: number } {
  const local = malaysiaWallClock(now);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1 };
}
