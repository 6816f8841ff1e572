import { useMutation } from '@tanstack/react-query';
import type { AssessmentSelection } from '@portal/domain/assessments';
import type { LocalChargeQuote } from '@portal/domain/bills';
import type { CheckoutPayer } from '@portal/domain/forms';
import type { Sen } from '@portal/domain/money';
import type { PaymentType } from '@portal/domain/payment-types';
import type { Language } from '../../i18n/languages';
import { apiRequest } from '../../lib/api-client';
import type { CartItem } from '../../lib/cart/cart-item';

/** The charge a local government charge item was quoted for; the server quotes it again. */
export interface CheckoutCharge {
  license_no: string;
  customer_name: string;
  total_no_of_people: number;
  start_date: string;
  end_date: string;
}

/**
 * One cart item as `POST /api/checkout` takes it. The amount is what the payer chose; the server
 * re-reads the bill and refuses a stale or tampered one as `cart_changed` (DESIGN.md section 3).
 */
export interface CheckoutItem {
  council: string;
  payment_type: PaymentType;
  account_no: string;
  amount: Sen;
  /** Assessment only. */
  selection?: AssessmentSelection;
  /** Local government charge only. */
  charge?: CheckoutCharge;
}

export interface CheckoutRequest {
  items: CheckoutItem[];
  payer: CheckoutPayer;
  /** The language of the gateway's page and of the e-mailed receipt. */
  lang: Language;
}

/** Where to send the browser: the gateway's entry URL and the signed fields to post to it. */
export interface GatewayRequest {
  action: string;
  fields: Record<string, string>;
}

export interface CheckoutAnswer {
  reference: string;
  /** Opens the receipt from this browser without the payer's e-mail (lib/receipt-tokens). */
  receipt_token: string;
  amount: Sen;
  gateway: GatewayRequest;
}

function isChargeQuote(bill: CartItem['bill']): bill is LocalChargeQuote {
  return bill.payment_type === 'local_government_charge' && 'license_no' in bill;
}

/** A cart item as checkout sends it: the bill's key and chosen amount, and what its type needs. */
export function checkoutItemOf(item: CartItem): CheckoutItem {
  const sent: CheckoutItem = {
    council: item.council,
    payment_type: item.payment_type,
    account_no: item.account_no,
    amount: item.amount,
  };
  if (item.payment_type === 'assessment' && item.selection) sent.selection = item.selection;
  if (item.payment_type === 'local_government_charge' && isChargeQuote(item.bill)) {
    const quote = item.bill;
    sent.charge = {
      license_no: quote.license_no,
      customer_name: quote.customer_name,
      total_no_of_people: quote.people,
      start_date: quote.start_date,
      end_date: quote.end_date,
    };
  }
  return sent;
}

export function createCheckout(request: CheckoutRequest): Promise<CheckoutAnswer> {
  return apiRequest<CheckoutAnswer>('/api/checkout', { method: 'POST', body: request });
}

/**
 * Creates the payment. Failures arrive as ApiError: `validation_failed` with the payer's fields, or
 * a refusal (`cart_changed`, `payment_in_progress`, …) with the cart items it is about.
 */
export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
