import { billImportApi, type BillImportAnswer } from '@portal/domain/contracts/bill-import';
import { apiBase } from '@portal/domain/contracts/endpoint';
import type { FileKind } from '@portal/domain/bill-files';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, apiDownload, callEndpoint } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

/** Has the browser save a payment type's template. */
export async function downloadTemplate(paymentType: FileKind): Promise<void> {
  const blob = await apiDownload(
    `${apiBase}${billImportApi.template.path}?payment_type=${paymentType}`,
  );
  saveFile(blob, `bills-${paymentType}.csv`);
}

export interface BillFileSend {
  council: string;
  paymentType: FileKind;
  file: File;
  /** The check's answer, to import the very file it checked; none to check it. */
  checked?: BillImportAnswer;
  /** The id under which the work's progress is read while it runs. */
  progress: string;
  /** An officer's correction of bills paid through the portal (docs/bill-import.md). */
  overwritePaid?: boolean;
}

/** Checks a file, or imports the file a check answered. */
export function useSendBillFile() {
  return useMutation({
    mutationFn: ({
      council,
      paymentType,
      file,
      checked,
      progress,
      overwritePaid,
    }: BillFileSend) => {
      const search = new URLSearchParams({ council, payment_type: paymentType, progress });
      if (checked) search.set('apply', 'true');
      if (checked) search.set('checked', checked.file);
      if (overwritePaid) search.set('overwrite_paid', 'true');
      return callEndpoint(billImportApi.upload, { file, search: search.toString() });
    },
  });
}

/**
 * How far the work sent under `id` has come, asked every second while it runs. Before the server
 * has begun, and after it has ended, there is none to tell.
 */
export function useBillImportProgress(id: string) {
  return useQuery({
    queryKey: ['bill-import-progress', id],
    queryFn: ({ signal }) =>
      callEndpoint(billImportApi.progress, { params: { id }, signal }).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'not_found') return null;
        throw error;
      }),
    refetchInterval: 1000,
    retry: false,
  });
}
