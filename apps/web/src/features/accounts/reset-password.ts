import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasswordResetRequest } from '@portal/domain/forms';
import { apiRequest } from '../../lib/api-client';
import { sessionQueryKey } from '../../shared/session';

/**
 * `POST /api/auth/reset-password/check`: 200 `{ valid: true }` for a link that can still be used;
 * 410 invalid_request_expired, 404 invalid_request_not_found.
 */
export function checkResetToken(token: string): Promise<{ valid: boolean }> {
  return apiRequest('/api/auth/reset-password/check', { method: 'POST', body: { token } });
}

/** Asked once when the page opens: the check changes nothing, so it is a query, not a mutation. */
export function useResetTokenCheck(token: string) {
  return useQuery({
    queryKey: ['reset-password-check', token],
    queryFn: () => checkResetToken(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** `POST /api/auth/reset-password`: 200; 410 / 404 as the check; 500 invalid_request_failed. */
export function resetPassword(request: PasswordResetRequest): Promise<{ status: string }> {
  return apiRequest('/api/auth/reset-password', { method: 'POST', body: request });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // The server ends the account's other sessions after a reset: ask again who is logged in.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
