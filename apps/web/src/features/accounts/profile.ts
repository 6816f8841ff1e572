import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileApi, type AccountAnswer } from '@portal/domain/contracts/accounts';
import type { ProfileForm } from '@portal/domain/forms';
import { callEndpoint } from '../../lib/api-client';
import { accountQueryKey, storeSessionUser } from '../../shared/session';

export const profileQueryKey = [...accountQueryKey, 'profile'] as const;

/** The logged-in user; `login_required` without a session. */
export function getProfile(signal?: AbortSignal) {
  return callEndpoint(profileApi.get, { signal });
}

export function useProfile(enabled: boolean) {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile(signal),
    enabled,
  });
}

/** Answers the user as now stored; `data_no_changes` when nothing changed. */
export function updateProfile(form: ProfileForm) {
  return callEndpoint(profileApi.update, { body: form });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => {
      queryClient.setQueryData<AccountAnswer>(profileQueryKey, { user: answer.user });
      storeSessionUser(queryClient, answer.user);
    },
  });
}
