/** Units of measure for licence and charge quantities (spec section 3). */
export const units = [
  'piece',
  'unit',
  'year',
  'month',
  'day',
  'hour',
  'minute',
  'kilometre',
  'metre',
  'mile',
  'kilogram',
  'gram',
  'metric_ton',
  'pound',
] as const;

export type Unit = (typeof units)[number];
