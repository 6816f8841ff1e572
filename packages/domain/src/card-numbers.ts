import creditCardType from 'credit-card-type';
import type { CardBrand } from './cards';

/** credit-card-type's names for the networks a receipt names. */
const brands: Partial<Record<string, CardBrand>> = {
  visa: 'visa',
  mastercard: 'mastercard',
  'american-express': 'amex',
  unionpay: 'unionpay',
  jcb: 'jcb',
};

/**
 * The network of a card, from the issuer digits the gateway's masked card number begins with
 * (`411111******1111` is Visa), as the card schemes publish their ranges (braintree's
 * credit-card-type keeps them). iPay88 names no network; its masked number is what it does say.
 * Null when the digits name none the portal knows, or more than one.
 */
export function cardBrandOfNumber(masked: string | null | undefined): CardBrand | null {
  const issuer = (masked ?? '').replace(/\D.*$/, '');
  if (issuer.length < 6) return null;
  const found = creditCardType(issuer.slice(0, 6));
  return found.length === 1 ? (brands[found[0]!.type] ?? null) : null;
}
