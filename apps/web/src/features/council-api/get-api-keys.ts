import { apiKeysApi } from '@portal/domain/contracts/council-api';
import type { ApiKeyForm } from '@portal/domain/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { officeQueryKey } from '../staff';

const apiKeysKey = (council: string) => [...officeQueryKey, 'api-keys', council];

export function useApiKeys(council: string | undefined) {
  return useQuery({
    queryKey: apiKeysKey(council ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(apiKeysApi.list, { search: `council=${council ?? ''}`, signal }),
    enabled: council !== undefined,
  });
}

/** Makes a key; the answer holds the key itself, which the page shows this once. */
export function useCreateApiKey(council: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: ApiKeyForm) => callEndpoint(apiKeysApi.create, { body: form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(council) }),
  });
}

export function useRevokeApiKey(council: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, reason }: { key: string; reason: string }) =>
      callEndpoint(apiKeysApi.revoke, { params: { id: key }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(council) }),
  });
}
