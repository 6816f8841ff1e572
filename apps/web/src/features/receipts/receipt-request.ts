import type { receiptsApi } from '@portal/domain/contracts/receipts';
import { callEndpoint, type LazyEndpoint } from '../../lib/api-client';
import { answerAskedAhead, askAhead } from '../../lib/asked-ahead';
import { receiptTokenFor } from '../../shared/receipt-tokens';
import type { ReceiptCredentials, TokenCredentials } from './find-receipt';

// The request that opens a payment, apart from the screens' hooks (find-receipt.ts): the route
// table starts it as the page opens, so this module is in the first download and kept small.

/**
 * A lazy endpoint: the receipt and confirmation screens show a form only when this browser cannot
 * open the payment, so zod is not in their code (docs/decisions/0027).
 */
const findReceiptEndpoint = {
  method: 'POST',
  path: '/receipts/find',
  contract: () =>
    import('@portal/domain/contracts/receipts').then(({ receiptsApi }) => receiptsApi.find),
} as const satisfies LazyEndpoint<typeof receiptsApi.find>;

export function findReceipt(credentials: ReceiptCredentials, signal?: AbortSignal) {
  return callEndpoint(findReceiptEndpoint, { body: credentials, signal });
}

export function receiptQueryKey(credentials: ReceiptCredentials | undefined) {
  return ['receipt', credentials] as const;
}

/**
 * Asks for a payment this browser holds the token of as its confirmation or receipt opens at its
 * address (where the gateway sends the payer back), beside the screen's code rather than after it:
 * the outcome shows a round trip sooner on a slow line. The route table calls this.
 */
export function askReceiptAhead(reference: string): void {
  const token = reference ? receiptTokenFor(reference) : undefined;
  if (!token) return;
  const credentials: TokenCredentials = { reference, receipt_token: token };
  askAhead(receiptQueryKey(credentials), () => findReceipt(credentials));
}

/** The payment these credentials open: the answer asked for ahead, the first time, if there is one. */
export function answerReceipt(credentials: ReceiptCredentials, signal?: AbortSignal) {
  return answerAskedAhead(receiptQueryKey(credentials), () => findReceipt(credentials, signal));
}
