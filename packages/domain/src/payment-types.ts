/** What a citizen can pay for (spec section 1). */
export const paymentTypes = [
  'assessment',
  'license',
  'compound',
  'ticket',
  'market',
  'booking',
  'engineer',
  'local_government_charge',
] as const;

export type PaymentType = (typeof paymentTypes)[number];

/** The types a citizen finds by a number; the local government charge is a form instead. */
export const searchablePaymentTypes = paymentTypes.filter(
  (type): type is Exclude<PaymentType, 'local_government_charge'> =>
    type !== 'local_government_charge',
);

/** The licence and permit sub-types of spec section 1. */
export const licenseSubTypes = [
  'council_permit_license',
  'trading_license',
  'license',
  'local_government_charge',
] as const;

export type LicenseSubType = (typeof licenseSubTypes)[number];

/** Names the search accepts besides the payment types themselves (spec section 9). */
const aliases: Record<string, PaymentType> = {
  engineering: 'engineer',
  council_permit_license: 'license',
  trading_license: 'license',
};

/** Maps a requested payment type to ours (spec section 9); undefined when unknown. */
export function toPaymentType(raw: string): PaymentType | undefined {
  const name = raw.trim().toLowerCase();
  if (Object.hasOwn(aliases, name)) return aliases[name];
  return paymentTypes.find((type) => type === name);
}

/** Market, compound and licence numbers are searched without hyphens (spec section 5). */
export function stripsHyphens(type: PaymentType): boolean {
  return type === 'market' || type === 'compound' || type === 'license';
}
