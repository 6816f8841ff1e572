import { useMutation } from '@tanstack/react-query';
import type { PaymentStatus } from '@portal/domain/payment-status';
import { apiRequest } from '../../lib/api-client';

/** Where to send the browser: the gateway's entry URL and the signed fields to post to it. */
export interface GatewayRequest {
  action: string;
  fields: Record<string, string>;
}

/** A payment of this browser's, named by its reference and the token its checkout handed out. */
export interface PaymentCredentials {
  reference: string;
  receipt_token?: string;
}

export interface HandoverAnswer {
  status: PaymentStatus;
  /** Null when the payment is no longer open (paid meanwhile, say): show its status instead. */
  gateway: GatewayRequest | null;
  /** When its bills go back to others if it is not paid by then. */
  release_at: string | null;
}

/**
 * The signed form that sends the payer to the gateway: right after checkout, and again when the
 * payer comes back to a payment left open ("continue"). The server asks the gateway first, so a
 * payment paid meanwhile answers its status and no form.
 */
export function handOver(credentials: PaymentCredentials): Promise<HandoverAnswer> {
  return apiRequest<HandoverAnswer>('/api/payments/handover', {
    method: 'POST',
    body: credentials,
  });
}

/**
 * Cancels a payment left open, so that its bills can be paid again at once. The server asks the
 * gateway first: if the card was approved meanwhile, the answer is `successful` instead.
 */
export function cancelPayment(credentials: PaymentCredentials): Promise<{ status: PaymentStatus }> {
  return apiRequest<{ status: PaymentStatus }>('/api/payments/cancel', {
    method: 'POST',
    body: credentials,
  });
}

export function useCancelPayment() {
  return useMutation({ mutationFn: cancelPayment });
}
