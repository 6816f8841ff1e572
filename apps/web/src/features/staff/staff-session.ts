import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { staffApi, type StaffSessionAnswer } from '@portal/domain/contracts/staff';
import type { StaffLoginForm } from '@portal/domain/forms';
import { useEffect } from 'react';
import { ApiError, callEndpoint, forgetCsrfToken, rememberCsrfToken } from '../../lib/api-client';

/**
 * Everything the back office caches sits under this key, dropped in one go when the staff member
 * changes. The session itself is kept apart, so that its screen hears the change.
 */
export const officeQueryKey = ['office'] as const;
const staffSessionKey = ['office-session'] as const;

async function loadStaffSession(): Promise<StaffSessionAnswer> {
  const answer = await callEndpoint(staffApi.session);
  rememberCsrfToken(answer.csrf_token);
  return answer;
}

function storeStaffSession(queryClient: QueryClient, answer: StaffSessionAnswer): void {
  queryClient.removeQueries({ queryKey: officeQueryKey });
  queryClient.setQueryData(staffSessionKey, answer);
  rememberCsrfToken(answer.csrf_token);
}

/** The logged-in staff member, asked once a minute at most (the session idles out after 15). */
export function useStaffSession() {
  return useQuery({ queryKey: staffSessionKey, queryFn: loadStaffSession, staleTime: 60_000 });
}

/** The staff member's login: the new session goes straight into the cache. */
export function useStaffLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: StaffLoginForm) => callEndpoint(staffApi.login, { body: form }),
    onSuccess: (answer) => storeStaffSession(queryClient, answer),
  });
}

export function useStaffLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(staffApi.logout),
    onSettled: () => {
      forgetCsrfToken();
      storeStaffSession(queryClient, { staff: null, csrf_token: '' });
    },
  });
}

/**
 * A back-office call refused with `login_required` means the session idled out: the layout then
 * shows the login form in place of the page, which comes back after logging in again.
 */
export function useStaffSessionEnded(error: unknown): void {
  const queryClient = useQueryClient();
  const ended = error instanceof ApiError && error.code === 'login_required';
  useEffect(() => {
    if (ended) storeStaffSession(queryClient, { staff: null, csrf_token: '' });
  }, [ended, queryClient]);
}
