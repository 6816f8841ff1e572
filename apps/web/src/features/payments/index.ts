/**
 * What the rest of the web app may use of payments: checkout hands a payment over to the gateway
 * (saying first which language its card page is in) and cancels one left open. The confirmation
 * page is loaded by the router.
 */
export { cancelPayment, handOver, type PaymentCredentials } from './payment-actions';
export { postToGateway } from './post-to-gateway';
export { useCardPageLanguageNote } from './card-page-language';
