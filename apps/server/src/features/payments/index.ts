/** What the back office does with a payment through the payments' own rules. */
export { requeryPayment } from './reconcile-payments';
export { resolveReview, type ReviewDecision } from './review-payment';
export { lockedBills, lockedPayment } from './settle-payment';
