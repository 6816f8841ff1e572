import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { switchesApi } from '@portal/domain/contracts/switches';
import type { ChannelSwitchForm, CouncilSwitchForm } from '@portal/domain/forms';
import { callEndpoint } from '../../lib/api-client';
import { officeQueryKey } from '../staff';

const switchesKey = (council: string) => [...officeQueryKey, 'switches', council];
const channelsKey = [...officeQueryKey, 'channels'];

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

/** Every bank and e-wallet and whether it is up: asked only for the state-wide admin. */
export function useChannels() {
  return useQuery({
    queryKey: channelsKey,
    queryFn: ({ signal }) => callEndpoint(switchesApi.channels, { signal }),
  });
}

/** Marks a bank or e-wallet down or up; the answer is every channel as it now is. */
export function useChangeChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: ChannelSwitchForm) =>
      callEndpoint(switchesApi.changeChannel, { body: form }),
    onSuccess: (answer) => queryClient.setQueryData(channelsKey, answer),
  });
}
