/** What the rest of the server uses of receipts: the e-mails that carry them, and refund news. */
export {
  notApprovedMailRenderer,
  receiptMailRenderer,
  refundedMailRenderer,
  refundMailRenderer,
} from './receipt-mail';
