import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { sessionApi } from '@portal/domain/contracts/session';
import { callEndpoint, forgetCsrfToken, type LazyEndpoint } from '../../lib/api-client';
import { storeSessionUser } from '../../shared/session';

/** The toolbar logs out on every page: a lazy endpoint, so that zod is not in its code. */
const endSession = {
  method: 'POST',
  path: '/auth/logout',
  success: 204,
  contract: () =>
    import('@portal/domain/contracts/session').then(({ sessionApi }) => sessionApi.end),
} as const satisfies LazyEndpoint<typeof sessionApi.end>;

/** Ends the session on the server. */
export async function logout(): Promise<void> {
  await callEndpoint(endSession);
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
