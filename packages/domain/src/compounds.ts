/** Compound (fine) types and the categories the search filter offers (docs/search.md). */
export const compoundTypes = [
  'individual',
  'health_individual',
  'trading',
  'health_trading',
  'citycontrol',
  'vehicle',
] as const;

export type CompoundType = (typeof compoundTypes)[number];

export const compoundCategories = ['individual', 'seizure', 'vehicle', 'trading'] as const;

export type CompoundCategory = (typeof compoundCategories)[number];

const categoryOf: Record<CompoundType, CompoundCategory> = {
  individual: 'individual',
  health_individual: 'individual',
  trading: 'trading',
  health_trading: 'trading',
  // City-control compounds are issued with a seizure of goods.
  citycontrol: 'seizure',
  vehicle: 'vehicle',
};

export function compoundCategoryOf(type: CompoundType): CompoundCategory {
  return categoryOf[type];
}
