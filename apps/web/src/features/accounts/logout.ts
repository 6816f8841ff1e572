import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, forgetCsrfToken } from '../../lib/api-client';
import { storeSessionUser } from '../../shared/session';

/** `POST /api/auth/logout` ends the session on the server (204). */
export function logout(): Promise<void> {
  return apiRequest<undefined>('/api/auth/logout', { method: 'POST' });
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
