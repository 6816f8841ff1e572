import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditApi, type AuditQuery } from '@portal/domain/contracts/audit';
import { addressOfQuery } from '../../lib/address-query';
import { callEndpoint } from '../../lib/api-client';
import { officeQueryKey } from '../staff';

export function useAuditLog(query: AuditQuery) {
  const search = addressOfQuery(query);
  return useQuery({
    queryKey: [...officeQueryKey, 'audit', search],
    queryFn: ({ signal }) => callEndpoint(auditApi.search, { search, signal }),
    placeholderData: keepPreviousData,
  });
}
