import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** `POST /api/auth/forgot-password`: 202 whether or not the e-mail has an account. */
export function requestPasswordReset(form: { email: string }): Promise<{ status: string }> {
  return apiRequest('/api/auth/forgot-password', { method: 'POST', body: form });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
