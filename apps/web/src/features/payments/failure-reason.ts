import type { TFunction } from 'i18next';

/**
 * The gateway's reasons (its ErrDesc, in English) that the catalogues translate. Any other reason
 * is shown as the gateway wrote it: the bank's own words beat saying nothing.
 */
const translatedReasons = {
  'Card declined': 'card_declined',
  'Insufficient funds': 'insufficient_funds',
  'Customer Cancel Transaction': 'customer_cancelled',
  'Payment fail': 'payment_failed',
  // The portal's own: the payer cancelled from the checkout page.
  cancelled_by_payer: 'customer_cancelled',
} as const;

export function failureReasonText(t: TFunction, reason: string): string {
  const key = translatedReasons[reason.trim() as keyof typeof translatedReasons];
  return key ? t(`payments.failureReasons.${key}`) : reason;
}
