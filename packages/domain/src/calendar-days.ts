/** UTC midnight of a real calendar date `YYYY-MM-DD` (not 2025-02-30), else undefined. */
export function isoDateMs(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const ms = Date.parse(text);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(text) ? ms : undefined;
}
