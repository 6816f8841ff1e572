import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountAnswer } from '@portal/domain/accounts';
import type { ProfileForm } from '@portal/domain/forms';
import { apiGet, apiRequest } from '../../lib/api-client';
import { accountQueryKey, storeSessionUser } from '../../shared/session';

export const profileQueryKey = [...accountQueryKey, 'profile'] as const;

/** `GET /api/profile`: the logged-in user; 401 login_required without a session. */
export function getProfile(signal?: AbortSignal): Promise<AccountAnswer> {
  return apiGet<AccountAnswer>('/api/profile', { signal });
}

export function useProfile(enabled: boolean) {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile(signal),
    enabled,
  });
}

/** `PUT /api/profile`: 200 with the user as now stored; 409 data_no_changes. */
export function updateProfile(form: ProfileForm): Promise<AccountAnswer> {
  return apiRequest<AccountAnswer>('/api/profile', { method: 'PUT', body: form });
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
