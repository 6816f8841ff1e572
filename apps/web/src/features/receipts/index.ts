/**
 * What the rest of the web app may use of receipts: checkout looks up the payment its payer left
 * open; the payment confirmation page reads and shows the payment as the receipt pages do. Other
 * features import receipts only through here; its pages are loaded by the router.
 */
export { ErrorRetryNotice } from './ErrorRetryNotice';
export { needsGuestLookup, useReceipt, type ReceiptCredentials } from './find-receipt';
export { findReceipt } from './receipt-request';
export { OutcomeCard, OutcomeFacts } from './OutcomeCard';
export { ReceiptLines } from './ReceiptLines';
export { ReceiptLookup } from './ReceiptLookup';
export { useReceiptCredentials, type ReceiptLinkState } from './use-receipt-credentials';
