/** Compound (fine) types, which search may narrow a compound lookup by (docs/search.md). */
export const compoundTypes = [
  'individual',
  'health_individual',
  'trading',
  'health_trading',
  'citycontrol',
  'vehicle',
] as const;

export type CompoundType = (typeof compoundTypes)[number];
