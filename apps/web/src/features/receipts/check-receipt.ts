import { useQuery } from '@tanstack/react-query';
import { receiptsApi } from '@portal/domain/contracts/receipts';
import { callEndpoint } from '../../lib/api-client';

/** Public, answers no personal data; `not_found` when nothing matches. */
export function checkReceipt(reference: string, code: string, signal?: AbortSignal) {
  const search = new URLSearchParams({ reference, code }).toString();
  return callEndpoint(receiptsApi.check, { search, signal });
}

/** The check a receipt's QR code asks for; nothing is asked while either part is missing. */
export function useReceiptCheck(reference: string, code: string) {
  return useQuery({
    queryKey: ['receiptCheck', reference, code],
    queryFn: ({ signal }) => checkReceipt(reference, code, signal),
    enabled: reference !== '' && code !== '',
  });
}
