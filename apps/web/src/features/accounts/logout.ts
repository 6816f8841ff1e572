import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsApi } from '@portal/domain/contracts/accounts';
import { callEndpoint, forgetCsrfToken } from '../../lib/api-client';
import { storeSessionUser } from '../../shared/session';

/** Ends the session on the server. */
export async function logout(): Promise<void> {
  await callEndpoint(accountsApi.logout);
}

/**
 * Logs out. The user is forgotten here whatever the server answers: a session it no longer has is
 * as good as ended, and the next state-changing call asks for a fresh CSRF token.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      forgetCsrfToken();
      storeSessionUser(queryClient, null);
    },
  });
}
