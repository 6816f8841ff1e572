/** What the back office does with a payment through the gateway's own rules. */
export { requeryPayment } from './reconcile-payments';
