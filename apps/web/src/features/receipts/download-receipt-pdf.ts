import { useMutation } from '@tanstack/react-query';
import { apiBase } from '@portal/domain/contracts/endpoint';
import { receiptsApi } from '@portal/domain/contracts/receipts';
import { apiDownload } from '../../lib/api-client';
import type { ReceiptCredentials } from './find-receipt';

/** The file name the browser saves: `receipt-A10-20261122-000123.pdf`. */
export function receiptFileName(reference: string): string {
  return `receipt-${reference.replace(/[^\w-]/g, '_')}.pdf`;
}

/**
 * Fetches the receipt's PDF and has the browser save it. A plain link could not carry the token or
 * the e-mail in a POST body, and a GET would put them in the address and the server's logs.
 */
export async function downloadReceiptPdf(credentials: ReceiptCredentials): Promise<void> {
  const { method, path } = receiptsApi.pdf;
  const blob = await apiDownload(`${apiBase}${path}`, { method, body: credentials });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = receiptFileName(credentials.reference);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has had time to start saving; revoking at once can cancel it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadReceiptPdf() {
  return useMutation({ mutationFn: downloadReceiptPdf });
}
