import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { switchesApi } from '@portal/domain/contracts/switches';
import type { CouncilSwitchForm } from '@portal/domain/forms';
import { callEndpoint } from '../../lib/api-client';
import { officeQueryKey } from '../staff';

const switchesKey = (council: string) => [...officeQueryKey, 'switches', council];

export function useSwitches(council: string | undefined) {
  return useQuery({
    queryKey: switchesKey(council ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(switchesApi.get, { search: `council=${council ?? ''}`, signal }),
    enabled: council !== undefined,
  });
}

/** Switches a council or one of its payment types; the page then shows the switches as they are. */
export function useChangeSwitch(council: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: CouncilSwitchForm) => callEndpoint(switchesApi.change, { body: form }),
    onSuccess: (answer) => queryClient.setQueryData(switchesKey(council), answer),
  });
}
