/**
 * The ErrDesc texts the sandbox sends for the banks and wallets it plays, word for word as iPay88
 * sends them, so that the portal meets the gateway's own words. iPay88 publishes its list only
 * with its specification; these are from the public clients that copied it: DocsLab/php-ipay88
 * (`src/Helper.php`, the ErrDesc values of a payment response) and masdimdev/omnipay-ipay88
 * (`src/Enum/ErrorDescription.php`, keyed by the ErrDesc text).
 */
export const errorDescriptions = {
  /** DocsLab Helper.php: "The payment has been canceled by the customer." */
  customerCancelled: 'Customer Cancel Transaction',
  /**
   * DocsLab Helper.php: "The payment has been declined by the customer's bank." Also what a wallet
   * sends for a balance too low: no published iPay88 text names the balance, and to the gateway a
   * wallet is the customer's bank.
   */
  bankDeclined: 'Fail(Bank Declined Transaction)',
  /** DocsLab Helper.php: "The payment allowed time has expired." */
  timeout: 'Transaction Timeout',
  /**
   * omnipay ErrorDescription PAYMENT_FAIL: "Payment is failed or not successful". No published
   * text names a bank that is down; this is the failure that claims no more than that.
   */
  paymentFail: 'Payment fail',
} as const;
