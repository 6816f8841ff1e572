import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountAnswer } from '@portal/domain/accounts';
import type { RegistrationForm } from '@portal/domain/forms';
import { apiRequest, forgetCsrfToken } from '../../lib/api-client';
import { storeSessionUser } from '../../lib/session';

/**
 * `POST /api/auth/register`: 201 with the new user, now logged in, and whether the verification
 * code went out; 409 email_already_exist.
 */
export function register(form: RegistrationForm): Promise<AccountAnswer> {
  return apiRequest<AccountAnswer>('/api/auth/register', { method: 'POST', body: form });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (answer) => {
      // A new session began: its CSRF token is asked for at the next call.
      forgetCsrfToken();
      storeSessionUser(queryClient, answer.user);
    },
  });
}
