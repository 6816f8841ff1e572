import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasswordResetRequest } from '@portal/domain/forms';
import { accountsApi } from '@portal/domain/contracts/accounts';
import { callEndpoint } from '../../lib/api-client';
import { sessionQueryKey } from '../../shared/session';

/** A link that can no longer be used is `invalid_request_expired` or `invalid_request_not_found`. */
export function checkResetToken(token: string) {
  return callEndpoint(accountsApi.checkReset, { body: { token } });
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

/** Refused as the check is, or `invalid_request_failed`. */
export function resetPassword(request: PasswordResetRequest) {
  return callEndpoint(accountsApi.resetPassword, { body: request });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // The server ends the account's other sessions after a reset: ask again who is logged in.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
