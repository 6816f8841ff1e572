/**
 * The sandbox's own paths, beside the gateway paths of the protocol. The payer's pages post to
 * paths of the sandbox's choosing, as the real gateway's and banks' pages post to theirs.
 */
export const sandboxPaths = {
  home: '/',
  /** Where the hosted card page posts the card details; the real gateway's path is its own. */
  pay: '/epayment/pay',
  /** Where a bank's login page posts the payer's credentials, or their cancelling. */
  bankLogin: '/epayment/bank/login',
  /** Where a bank's pages post a button: approve, reject, submit, cancel, or back. */
  bankConfirm: '/epayment/bank/confirm',
  /** What the page of a bank that does not answer reloads, until the payment's time is up. */
  bankWait: '/epayment/bank/wait',
  /** Where a wallet's page posts the mobile number and PIN. */
  walletPay: '/epayment/wallet/pay',
  /** The sandbox's stand-in for a company's approver of corporate payments; not a gateway path. */
  approvals: '/sandbox/approvals',
} as const;
