import { useQuery } from '@tanstack/react-query';
import { apiBase } from '@portal/domain/contracts/endpoint';
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

/**
 * Has the browser save one of the day's CSV files, named for the council and the day: the
 * settlement itself, or the audit log of the council's day that goes with it.
 */
export async function downloadSettlementCsv(
  query: SettlementQuery,
  file: 'settlement' | 'audit',
): Promise<void> {
  const endpoint = file === 'settlement' ? settlementApi.csv : settlementApi.auditCsv;
  const blob = await apiDownload(`${apiBase}${endpoint.path}?${addressOfQuery(query)}`);
  saveFile(blob, `${file}-${query.council}-${query.day}.csv`);
}
