import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeForm } from '@portal/domain/forms';
import { apiRequest } from '../../lib/api-client';

/**
 * `PUT /api/profile/password`: 204; 400 validation_failed with `current_password:
 * password_incorrect` when the current password is wrong.
 */
export function changePassword(form: PasswordChangeForm): Promise<void> {
  return apiRequest<undefined>('/api/profile/password', { method: 'PUT', body: form });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
