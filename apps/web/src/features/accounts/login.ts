import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionAnswer } from '@portal/domain/accounts';
import type { LoginForm } from '@portal/domain/forms';
import { apiRequest, sessionAnswerOf } from '../../lib/api-client';
import { storeSession } from '../../shared/session';

/** `POST /api/auth/login`: 200 with the new session (and its CSRF token); any failure 401 auth_error. */
export async function login(form: LoginForm): Promise<SessionAnswer> {
  return sessionAnswerOf(
    await apiRequest<unknown>('/api/auth/login', { method: 'POST', body: form }),
  );
}

/** Logs in; the session answer goes straight into the session cache. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => storeSession(queryClient, answer),
  });
}
