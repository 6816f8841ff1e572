import { paymentsApi, type PayerCredentials } from '@portal/domain/contracts/payments';
import { callEndpoint } from '../../lib/api-client';

/** A payment of this browser's, named by its reference and the token its checkout handed out. */
export type PaymentCredentials = PayerCredentials;

/**
 * The signed form that sends the payer to the gateway: right after checkout, and again when the
 * payer comes back to a payment left open ("continue"). The server asks the gateway first, so a
 * payment paid meanwhile answers its status and no form.
 */
export function handOver(credentials: PaymentCredentials) {
  return callEndpoint(paymentsApi.handover, { body: credentials });
}

/**
 * Cancels a payment left open, so that its bills can be paid again at once. The server asks the
 * gateway first: if the card was approved meanwhile, the answer is `successful` instead.
 */
export function cancelPayment(credentials: PaymentCredentials) {
  return callEndpoint(paymentsApi.cancel, { body: credentials });
}
