import type { PaymentMethod } from '@portal/domain/payment-methods';
import type { TFunction } from 'i18next';

/**
 * How a payment is paid, in one line: the method in the reader's words, then the bank or e-wallet
 * by its own name (`Online banking (FPX) · Maybank2u`); a card by its method alone.
 */
export function paymentMethodText(
  t: TFunction,
  method: PaymentMethod,
  channel: string | null,
): string {
  return [t(`paymentMethods.${method}`), method === 'card' ? null : channel]
    .filter(Boolean)
    .join(' · ');
}
