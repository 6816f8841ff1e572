/** Malaysia keeps UTC+8 all year (no daylight saving), the time the gateway reports in. */
const malaysiaOffsetMs = 8 * 60 * 60 * 1000;

/** A Date whose UTC fields read as the wall-clock time in Malaysia. */
function inMalaysia(now: Date): Date {
  return new Date(now.getTime() + malaysiaOffsetMs);
}

export function malaysiaYearMonth(now: Date): { year: number; month: number } {
  const local = inMalaysia(now);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1 };
}

/** TranDate format of the gateway response: `YYYY-MM-DD HH:mm:ss`, Malaysia time. */
export function formatTranDate(now: Date): string {
  return inMalaysia(now).toISOString().slice(0, 19).replace('T', ' ');
}
