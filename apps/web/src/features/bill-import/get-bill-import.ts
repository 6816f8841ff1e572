import { billImportApi, type BillImportAnswer } from '@portal/domain/contracts/bill-import';
import { apiBase } from '@portal/domain/contracts/endpoint';
import type { RecordPaymentType } from '@portal/domain/bill-records';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, callEndpoint } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

/** Has the browser save a payment type's template. */
export async function downloadTemplate(paymentType: RecordPaymentType): Promise<void> {
  const blob = await apiDownload(
    `${apiBase}${billImportApi.template.path}?payment_type=${paymentType}`,
  );
  saveFile(blob, `bills-${paymentType}.csv`);
}

export interface BillFileSend {
  council: string;
  paymentType: RecordPaymentType;
  file: File;
  /** The check's answer, to import the very file it checked; none to check it. */
  checked?: BillImportAnswer;
}

/** Checks a file, or imports the file a check answered. */
export function useSendBillFile() {
  return useMutation({
    mutationFn: ({ council, paymentType, file, checked }: BillFileSend) => {
      const search = new URLSearchParams({ council, payment_type: paymentType });
      if (checked) search.set('apply', 'true');
      if (checked) search.set('checked', checked.file);
      return callEndpoint(billImportApi.upload, { file, search: search.toString() });
    },
  });
}
