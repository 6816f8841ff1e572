/** What a citizen can pay for (docs/search.md). */
export const paymentTypes = [
  'assessment',
  'land_cess',
  'license',
  'compound',
  'ticket',
  'market',
  'booking',
  'engineer',
  'local_government_charge',
] as const;

export type PaymentType = (typeof paymentTypes)[number];

/** The assessment and its variant, land cess, follow one selection rule (docs/assessment.md). */
export const assessmentTypes = ['assessment', 'land_cess'] as const satisfies PaymentType[];

export function isAssessment(paymentType: string): boolean {
  return (assessmentTypes as readonly string[]).includes(paymentType);
}

/** The types a citizen finds by a number; the local government charge is a form instead. */
export const searchablePaymentTypes = paymentTypes.filter(
  (type): type is Exclude<PaymentType, 'local_government_charge'> =>
    type !== 'local_government_charge',
);

/** Names the search accepts besides the payment types themselves (docs/search.md). */
const aliases: Record<string, PaymentType> = {
  landcess: 'land_cess',
  engineering: 'engineer',
  council_permit_license: 'license',
  trading_license: 'license',
};

/** Maps a requested payment type to ours (docs/search.md); undefined when unknown. */
export function toPaymentType(raw: string): PaymentType | undefined {
  const name = raw.trim().toLowerCase();
  if (Object.hasOwn(aliases, name)) return aliases[name];
  return paymentTypes.find((type) => type === name);
}

/** Market, compound and licence numbers are searched without hyphens (docs/search.md). */
export function stripsHyphens(type: string): boolean {
  return type === 'market' || type === 'compound' || type === 'license';
}

/**
 * An account number as it is stored, looked up and compared, however it was typed: no spaces, in
 * capitals, and without hyphens where the payment type drops them, so `kp04-004 002` finds
 * `KP04004002`.
 */
export function accountKey(type: string, typed: string): string {
  const key = typed.replace(/\s+/g, '').toUpperCase();
  return stripsHyphens(type) ? key.replaceAll('-', '') : key;
}
