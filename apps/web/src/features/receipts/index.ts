/**
 * What the rest of the web app may use of receipts: checkout looks up the payment its payer left
 * open. Other features import receipts only through here; its pages are loaded by the router.
 */
export { findReceipt } from './find-receipt';
