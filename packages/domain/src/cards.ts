/**
 * The card networks a receipt names: the one the masked card number's issuer digits belong to
 * (card-numbers.ts), as the gateway reports no network; never a choice on our form.
 */
export const cardBrands = ['visa', 'mastercard', 'amex', 'unionpay', 'jcb'] as const;
export type CardBrand = (typeof cardBrands)[number];

/** Card networks go by their own names, whatever the reader's language. */
export const cardBrandNames: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  unionpay: 'UnionPay',
  jcb: 'JCB',
};

/**
 * `4111 11•• •••• 1111` from the gateway's CCNo, the first six and last four digits run together
 * (`4111111111`), or from a number already masked with other characters. Null for anything else.
 */
export function maskedCardNumber(ccNo: string | null | undefined): string | null {
  const digits = (ccNo ?? '').replace(/[^0-9]/g, '');
  if (digits.length < 10) return null;
  const first = digits.slice(0, 6);
  const last = digits.slice(-4);
  return `${first.slice(0, 4)} ${first.slice(4)}•• •••• ${last}`;
}
