/** What the other features use of refunds: what a payment's refunds hold, and the resend job. */
export { heldByLine, refundsOfPayment } from './refunds-service';
