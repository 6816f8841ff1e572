import { councilProfileApi, type CouncilProfile } from '@portal/domain/contracts/council-profile';
import type { CouncilContactForm, CouncilProfileForm } from '@portal/domain/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { refreshCouncils } from '../../shared/get-councils';
import { officeQueryKey } from '../staff';

const profileKey = (council: string) => [...officeQueryKey, 'council-profile', council];

export function useCouncilProfile(council: string | undefined) {
  return useQuery({
    queryKey: profileKey(council ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(councilProfileApi.get, { search: `council=${council ?? ''}`, signal }),
    enabled: council !== undefined,
  });
}

/**
 * A change of the profile: the page shows the answer, and the portal's council list is asked
 * again at once, so that the officer who made it sees it on the helpline, search and receipt
 * pages without waiting for the half hour the list is otherwise kept.
 */
function useProfileChange<Form>(send: (form: Form) => Promise<CouncilProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (answer) => {
      queryClient.setQueryData(profileKey(answer.council), answer);
      await refreshCouncils(queryClient).catch(() => undefined);
    },
  });
}

export function useChangeProfile() {
  return useProfileChange((form: CouncilProfileForm) =>
    callEndpoint(councilProfileApi.change, { body: form }),
  );
}

export function useChangeContact() {
  return useProfileChange((form: CouncilContactForm) =>
    callEndpoint(councilProfileApi.contact, { body: form }),
  );
}
