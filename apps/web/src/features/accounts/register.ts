import { useMutation } from '@tanstack/react-query';
import type { RegistrationForm } from '@portal/domain/forms';
import { accountsApi } from '@portal/domain/contracts/accounts';
import { callEndpoint } from '../../lib/api-client';

/**
 * Answers `verification_sent` whether or not the address already has an account
 * (docs/accounts.md); nobody is logged in until the e-mailed code confirms it.
 */
export function register(form: RegistrationForm) {
  return callEndpoint(accountsApi.register, { body: form });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
