import { useMutation } from '@tanstack/react-query';
import { apiBase } from '@portal/domain/contracts/endpoint';
import type { receiptsApi } from '@portal/domain/contracts/receipts';
import { apiDownload } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import type { ReceiptCredentials } from './find-receipt';

/** Named without its contract, whose zod the receipt's screens leave out (docs/decisions/0027). */
const receiptPdf = {
  method: 'POST',
  path: '/receipts/pdf',
} as const satisfies Pick<typeof receiptsApi.pdf, 'method' | 'path'>;

/** The file name the browser saves: `receipt-A10-20261122-000123.pdf`. */
export function receiptFileName(reference: string): string {
  return `receipt-${reference.replace(/[^\w-]/g, '_')}.pdf`;
}

/** Fetches the receipt's PDF and has the browser save it. */
export async function downloadReceiptPdf(credentials: ReceiptCredentials): Promise<void> {
  const blob = await apiDownload(`${apiBase}${receiptPdf.path}`, {
    method: receiptPdf.method,
    body: credentials,
  });
  saveFile(blob, receiptFileName(credentials.reference));
}

export function useDownloadReceiptPdf() {
  return useMutation({ mutationFn: downloadReceiptPdf });
}
