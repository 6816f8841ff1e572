import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountAnswer, SessionAnswer } from '@portal/domain/accounts';
import type { EmailVerificationForm } from '@portal/domain/forms';
import { apiRequest, sessionAnswerOf } from '../../lib/api-client';
import { storeSession } from '../../shared/session';
import { profileQueryKey } from './profile';

/**
 * `POST /api/auth/verify-email`: the code e-mailed to an address confirms it and logs in, answering
 * the new session as a login does; 400 with `code: code_invalid` for anything else.
 */
export async function verifyEmail(form: EmailVerificationForm): Promise<SessionAnswer> {
  return sessionAnswerOf(
    await apiRequest<unknown>('/api/auth/verify-email', { method: 'POST', body: form }),
  );
}

/** `POST /api/auth/verify-email/send`: 202, a new code if the address has an account waiting. */
export function sendVerificationCode(email: string): Promise<{ status: 'verification_sent' }> {
  return apiRequest('/api/auth/verify-email/send', { method: 'POST', body: { email } });
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
