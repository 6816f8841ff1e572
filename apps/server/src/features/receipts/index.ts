/** What the rest of the server uses of receipts: the e-mails that carry them, and refund news. */
export { receiptMailRenderer, refundedMailRenderer, refundMailRenderer } from './receipt-mail';
