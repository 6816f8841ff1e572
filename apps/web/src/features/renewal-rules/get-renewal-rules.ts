import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { renewalRulesApi } from '@portal/domain/contracts/renewal-rules';
import type { RenewalRulesChange } from '@portal/domain/forms';
import { ApiError, callEndpoint } from '../../lib/api-client';
import { officeQueryKey } from '../staff';

const rulesKey = (council: string) => [...officeQueryKey, 'renewal-rules', council];

export function useRenewalRules(council: string | undefined) {
  return useQuery({
    queryKey: rulesKey(council ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(renewalRulesApi.get, { search: `council=${council ?? ''}`, signal }),
    enabled: council !== undefined,
  });
}

/**
 * Replaces a council's renewal rules; the page then shows them as they are. A change refused
 * because someone else's landed first reads the rules again, so the form shows theirs.
 */
export function useChangeRenewalRules(council: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: RenewalRulesChange) =>
      callEndpoint(renewalRulesApi.change, { body: change }),
    onSuccess: (answer) => queryClient.setQueryData(rulesKey(council), answer),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'rules_changed') {
        void queryClient.invalidateQueries({ queryKey: rulesKey(council) });
      }
    },
  });
}
