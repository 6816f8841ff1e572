import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsApi } from '@portal/domain/contracts/accounts';
import type { LoginForm } from '@portal/domain/forms';
import { callEndpoint } from '../../lib/api-client';
import { storeSession } from '../../shared/session';

/** Answers the new session and its CSRF token; a wrong e-mail or password is `auth_error`. */
export function login(form: LoginForm) {
  return callEndpoint(accountsApi.login, { body: form });
}

/** Logs in; the session answer goes straight into the session cache. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => storeSession(queryClient, answer),
  });
}
