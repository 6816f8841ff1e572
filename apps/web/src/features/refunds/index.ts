/** What the payment's page shows of refunds: its refunds, and the form to make one. */
export { PaymentRefunds } from './PaymentRefunds';
export { RefundForm } from './RefundForm';
