import { useMutation } from '@tanstack/react-query';
import { apiBase } from '@portal/domain/contracts/endpoint';
import { receiptsApi } from '@portal/domain/contracts/receipts';
import { apiDownload } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import type { ReceiptCredentials } from './find-receipt';

/** The file name the browser saves: `receipt-A10-20261122-000123.pdf`. */
export function receiptFileName(reference: string): string {
  return `receipt-${reference.replace(/[^\w-]/g, '_')}.pdf`;
}

/** Fetches the receipt's PDF and has the browser save it. */
export async function downloadReceiptPdf(credentials: ReceiptCredentials): Promise<void> {
  const { method, path } = receiptsApi.pdf;
  const blob = await apiDownload(`${apiBase}${path}`, { method, body: credentials });
  saveFile(blob, receiptFileName(credentials.reference));
}

export function useDownloadReceiptPdf() {
  return useMutation({ mutationFn: downloadReceiptPdf });
}
