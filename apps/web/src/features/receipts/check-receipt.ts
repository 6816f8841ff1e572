import { useQuery } from '@tanstack/react-query';
import type { receiptsApi } from '@portal/domain/contracts/receipts';
import { callEndpoint, type LazyEndpoint } from '../../lib/api-client';

/** A lazy endpoint: the receipt check shows no form, so zod is not in its code (docs/decisions/0027). */
const checkReceiptEndpoint = {
  method: 'GET',
  path: '/receipts/check',
  contract: () =>
    import('@portal/domain/contracts/receipts').then(({ receiptsApi }) => receiptsApi.check),
} as const satisfies LazyEndpoint<typeof receiptsApi.check>;

/** Public, answers no personal data; `not_found` when nothing matches. */
export function checkReceipt(reference: string, code: string, signal?: AbortSignal) {
  const search = new URLSearchParams({ reference, code }).toString();
  return callEndpoint(checkReceiptEndpoint, { search, signal });
}

/** The check a receipt's QR code asks for; nothing is asked while either part is missing. */
export function useReceiptCheck(reference: string, code: string) {
  return useQuery({
    queryKey: ['receiptCheck', reference, code],
    queryFn: ({ signal }) => checkReceipt(reference, code, signal),
    enabled: reference !== '' && code !== '',
  });
}
