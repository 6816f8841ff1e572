/** Plan types (docs/search.md); anything not listed is an engineering plan. */
export const planTypes = [
  'REZONING',
  'DEVELOPMENT',
  'BUILDING',
  'PRIVATE BUILDING',
  'LAND',
  'RENOVATION',
  'ENGINEERING',
] as const;

export type PlanType = (typeof planTypes)[number];

/** Case, underscores and repeated spaces are ignored ('private_building' is PRIVATE BUILDING). */
export function toPlanType(raw: string): PlanType {
  const name = raw
    .trim()
    .toUpperCase()
    .replace(/[\s_]+/g, ' ');
  return planTypes.find((type) => type === name) ?? 'ENGINEERING';
}
