/** `2026/4` as `{ year: '2026', quarter: '4' }` for `search.assessment.quarter`; undefined if malformed. */
export function quarterOf(paidUntil: string): { year: string; quarter: string } | undefined {
  const match = /^(\d{4})\/([1-4])$/.exec(paidUntil);
  return match ? { year: match[1]!, quarter: match[2]! } : undefined;
}
