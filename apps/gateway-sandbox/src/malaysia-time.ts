import { malaysiaWallClock } from '@portal/domain/display-filters';

export function malaysiaYearMonth(now: Date): { year: number; month: number } {
  const local = malaysiaWallClock(now);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1 };
}

/** TranDate format of the gateway response: `YYYY-MM-DD HH:mm:ss`, Malaysia time. */
export function formatTranDate(now: Date): string {
  return malaysiaWallClock(now).toISOString().slice(0, 19).replace('T', ' ');
}
