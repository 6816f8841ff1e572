import { useQuery } from '@tanstack/react-query';
import type { ReceiptCheck } from '@portal/domain/receipts';
import { apiGet } from '../../lib/api-client';

/** `GET /api/receipts/check`: public, answers no personal data; `not_found` when nothing matches. */
export function checkReceipt(
  reference: string,
  code: string,
  signal?: AbortSignal,
): Promise<ReceiptCheck> {
  const query = new URLSearchParams({ reference, code }).toString();
  return apiGet<ReceiptCheck>(`/api/receipts/check?${query}`, { signal });
}

/** The check a receipt's QR code asks for; nothing is asked while either part is missing. */
export function useReceiptCheck(reference: string, code: string) {
  return useQuery({
    queryKey: ['receiptCheck', reference, code],
    queryFn: ({ signal }) => checkReceipt(reference, code, signal),
    enabled: reference !== '' && code !== '',
  });
}
