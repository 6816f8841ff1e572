import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeForm } from '@portal/domain/forms';
import { profileApi } from '@portal/domain/contracts/accounts';
import { callEndpoint } from '../../lib/api-client';

/** A wrong current password is `validation_failed` with `current_password: password_incorrect`. */
export async function changePassword(form: PasswordChangeForm): Promise<void> {
  await callEndpoint(profileApi.changePassword, { body: form });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
