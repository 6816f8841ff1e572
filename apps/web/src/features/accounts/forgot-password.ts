import { useMutation } from '@tanstack/react-query';
import { accountsApi } from '@portal/domain/contracts/accounts';
import { callEndpoint } from '../../lib/api-client';

/** The same answer whether or not the e-mail has an account. */
export function requestPasswordReset(form: { email: string }) {
  return callEndpoint(accountsApi.forgotPassword, { body: form });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
