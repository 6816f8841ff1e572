import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountAnswer } from '@portal/domain/accounts';
import { apiRequest } from '../../lib/api-client';
import { storeSessionUser } from '../../lib/session';
import { profileQueryKey } from './profile';

/** `POST /api/auth/verify-email`: 200 with the user, now verified; 400 with `code: code_invalid`. */
export function verifyEmail(form: { code: string }): Promise<AccountAnswer> {
  return apiRequest<AccountAnswer>('/api/auth/verify-email', { method: 'POST', body: form });
}

/** `POST /api/auth/verify-email/send`: a new code; 502 email_verification_failed. */
export function sendVerificationCode(): Promise<{ email: 'email_sent' }> {
  return apiRequest('/api/auth/verify-email/send', { method: 'POST' });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (answer) => {
      storeSessionUser(queryClient, answer.user);
      queryClient.setQueryData<AccountAnswer>(profileQueryKey, { user: answer.user });
    },
  });
}

export function useSendVerificationCode() {
  return useMutation({ mutationFn: sendVerificationCode });
}
