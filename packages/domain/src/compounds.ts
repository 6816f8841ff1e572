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

/**
 * The four categories a citizen narrows a list of compounds by (docs/search.md). A health
 * compound falls under the person or premises it was issued to; city control's compounds are for
 * goods left on public ground, which its officers seize.
 */
export const compoundCategories = ['individual', 'seizure', 'vehicle', 'trading'] as const;

export type CompoundCategory = (typeof compoundCategories)[number];

export const compoundCategoryTypes: Record<CompoundCategory, readonly CompoundType[]> = {
  individual: ['individual', 'health_individual'],
  seizure: ['citycontrol'],
  vehicle: ['vehicle'],
  trading: ['trading', 'health_trading'],
};

/**
 * A vehicle registration number as stored for lookup and compared, however it was typed: capitals,
 * without spaces or hyphens, so `sa 1234-b` is `SA1234B`. The server's plate index is built on the
 * same rule in SQL (bills_vehicle_plate).
 */
export function plateKey(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}

/** A plate once normalised: Malaysian plates are letters and digits, at most 12 of them (PUTRAJAYA1). */
export function isPlateKey(key: string): boolean {
  return /^[A-Z0-9]{2,12}$/.test(key) && /\d/.test(key);
}
