import type { officeSettingsApi, OfficeSiteSettings } from '@portal/domain/contracts/settings';
import type { BodyOf } from '@portal/domain/contracts/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { officeQueryKey } from '../staff';

/** The site settings in force, as the back office holds them. */
export const siteSettingsKey = [...officeQueryKey, 'site-settings'];

type ChangeEndpoint = (typeof officeSettingsApi)['change' | 'announcement' | 'helpline'];

/**
 * A change of the site settings through one of their forms: the answer is the new version in
 * force, which every form of the page then shows.
 */
export function useSiteSettingsChange<E extends ChangeEndpoint>(endpoint: E) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<E>): Promise<OfficeSiteSettings> =>
      callEndpoint<ChangeEndpoint>(endpoint, { body }),
    onSuccess: (answer) => queryClient.setQueryData(siteSettingsKey, answer),
  });
}
