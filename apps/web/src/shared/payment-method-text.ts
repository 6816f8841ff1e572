import { paidWithText, type PaymentMethod } from '@portal/domain/payment-methods';
import type { TFunction } from 'i18next';

/** How a payment is paid, in one line, in the reader's words (`paidWithText`). */
export function paymentMethodText(
  t: TFunction,
  method: PaymentMethod,
  channel: string | null,
): string {
  return paidWithText(t(`paymentMethods.${method}`), method, channel);
}
