import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsApi, type AccountAnswer } from '@portal/domain/contracts/accounts';
import type { EmailVerificationForm } from '@portal/domain/forms';
import { callEndpoint } from '../../lib/api-client';
import { storeSession } from '../../shared/session';
import { profileQueryKey } from './profile';

/**
 * The code e-mailed to an address confirms it and logs in, answering the new session as a login
 * does; `validation_failed` with `code: code_invalid` for anything else.
 */
export function verifyEmail(form: EmailVerificationForm) {
  return callEndpoint(accountsApi.verifyEmail, { body: form });
}

/** A new code, if the address has an account waiting for one (the answer never says). */
export function sendVerificationCode(email: string) {
  return callEndpoint(accountsApi.sendVerification, { body: { email } });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (answer) => {
      storeSession(queryClient, answer);
      if (answer.user) {
        queryClient.setQueryData<AccountAnswer>(profileQueryKey, { user: answer.user });
      }
    },
  });
}

export function useSendVerificationCode() {
  return useMutation({ mutationFn: sendVerificationCode });
}
