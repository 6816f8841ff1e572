import { useMutation } from '@tanstack/react-query';
import {
  checkoutApi,
  type CheckoutItem,
  type CheckoutRequest,
} from '@portal/domain/contracts/checkout';
import type { LocalChargeQuote } from '@portal/domain/contracts/search';
import { callEndpoint } from '../../lib/api-client';
import { saveReceiptToken } from '../../shared/receipt-tokens';
import type { CartItem } from '../cart';
import type { HandoverAnswer } from '@portal/domain/contracts/payments';
import { handOver } from '../payments';

function isChargeQuote(bill: CartItem['bill']): bill is LocalChargeQuote {
  return (
    'payment_type' in bill &&
    bill.payment_type === 'local_government_charge' &&
    'license_no' in bill
  );
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
  if (item.payment_type === 'license' && item.renewal)
    sent.renewal = { period: item.renewal.period };
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

export function createCheckout(request: CheckoutRequest) {
  return callEndpoint(checkoutApi.create, { body: request });
}

export interface StartedPayment {
  reference: string;
  handover: HandoverAnswer;
}

/**
 * Creates the payment, then asks for the gateway's form. The token is kept in between: should the
 * second step fail, the checkout page finds the payment and offers to continue or cancel it.
 */
export async function startPayment(request: CheckoutRequest): Promise<StartedPayment> {
  const answer = await createCheckout(request);
  saveReceiptToken(answer.reference, answer.receipt_token);
  const handover = await handOver({
    reference: answer.reference,
    receipt_token: answer.receipt_token,
  });
  return { reference: answer.reference, handover };
}

/**
 * Creates the payment and hands it over. Failures arrive as ApiError: `validation_failed` with the
 * payer's fields, or a refusal (`cart_changed`, `payment_in_progress`, …) with the cart items it is
 * about.
 */
export function useCreateCheckout() {
  return useMutation({ mutationFn: startPayment });
}
