import { useMutation, useQuery } from '@tanstack/react-query';
import { apiBase, type BodyOf } from '@portal/domain/contracts/endpoint';
import { settlementApi, type SettlementQuery } from '@portal/domain/contracts/settlement';
import { addressOfQuery } from '../../lib/address-query';
import { apiDownload, callEndpoint } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import { officeQueryKey } from '../staff';

export function useSettlement(query: SettlementQuery | undefined) {
  const search = query ? addressOfQuery(query) : '';
  return useQuery({
    queryKey: [...officeQueryKey, 'settlement', search],
    queryFn: ({ signal }) => callEndpoint(settlementApi.day, { search, signal }),
    enabled: query !== undefined,
  });
}

/** The state admin's summary of every council for the day. */
export function useSettlementSummary(day: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...officeQueryKey, 'settlement-summary', day],
    queryFn: ({ signal }) =>
      callEndpoint(settlementApi.summary, { search: `day=${day ?? ''}`, signal }),
    enabled: enabled && day !== undefined,
  });
}

/** The day's files: the settlement as CSV and signed PDF, and the day's audit log as CSV. */
const settlementFiles = {
  csv: { endpoint: settlementApi.csv, name: 'settlement', extension: 'csv' },
  pdf: { endpoint: settlementApi.pdf, name: 'settlement', extension: 'pdf' },
  audit: { endpoint: settlementApi.auditCsv, name: 'audit', extension: 'csv' },
} as const;

export type SettlementFile = keyof typeof settlementFiles;

/** Has the browser save one of the day's files, named for the council and the day. */
export async function downloadSettlementFile(
  query: SettlementQuery,
  file: SettlementFile,
): Promise<void> {
  const { endpoint, name, extension } = settlementFiles[file];
  const blob = await apiDownload(`${apiBase}${endpoint.path}?${addressOfQuery(query)}`);
  saveFile(blob, `${name}-${query.council}-${query.day}.${extension}`);
}

/** Whether a printed settlement's signature is the portal's for the council and day. */
export function useCheckSignature() {
  return useMutation({
    mutationFn: (form: SettlementSignatureCheck) =>
      callEndpoint(settlementApi.checkSignature, { body: form }),
  });
}

export type SettlementSignatureCheck = BodyOf<typeof settlementApi.checkSignature>;
