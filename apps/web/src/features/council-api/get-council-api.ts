import { apiKeysApi, webhooksApi } from '@portal/domain/contracts/council-api';
import type { ApiKeyForm, WebhookForm, WebhookRemovalForm } from '@portal/domain/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { officeQueryKey } from '../staff';

const keysKey = (council: string) => [...officeQueryKey, 'api-keys', council];
const webhookKey = (council: string) => [...officeQueryKey, 'webhook', council];

export function useApiKeys(council: string | undefined) {
  return useQuery({
    queryKey: keysKey(council ?? ''),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey(council) }),
  });
}

export function useRevokeApiKey(council: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, reason }: { key: string; reason: string }) =>
      callEndpoint(apiKeysApi.revoke, { params: { id: key }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey(council) }),
  });
}

export function useWebhook(council: string | undefined) {
  return useQuery({
    queryKey: webhookKey(council ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(webhooksApi.get, { search: `council=${council ?? ''}`, signal }),
    enabled: council !== undefined,
  });
}

/** Sets the webhook; the answer holds its new secret, which the page shows this once. */
export function useSetWebhook(council: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: WebhookForm) => callEndpoint(webhooksApi.set, { body: form }),
    onSuccess: ({ webhook }) => queryClient.setQueryData(webhookKey(council), { webhook }),
  });
}

export function useRemoveWebhook(council: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: WebhookRemovalForm) => callEndpoint(webhooksApi.remove, { body: form }),
    onSuccess: (answer) => queryClient.setQueryData(webhookKey(council), answer),
  });
}
