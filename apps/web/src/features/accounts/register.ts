import { useMutation } from '@tanstack/react-query';
import type { RegistrationForm } from '@portal/domain/forms';
import { apiRequest } from '../../lib/api-client';

/**
 * `POST /api/auth/register`: 202 `verification_sent`, the same whether or not the address already
 * has an account (docs/accounts.md); nobody is logged in until the e-mailed code confirms it.
 * 400 with the fields (`password_common` among them), 429 rate_limited.
 */
export function register(form: RegistrationForm): Promise<{ status: 'verification_sent' }> {
  return apiRequest('/api/auth/register', { method: 'POST', body: form });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
