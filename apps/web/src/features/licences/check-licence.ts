import { useQuery } from '@tanstack/react-query';
import type { licencesApi } from '@portal/domain/contracts/licences';
import { callEndpoint, type LazyEndpoint } from '../../lib/api-client';

/** A lazy endpoint: the licence check shows no form, so zod is not in its code (docs/decisions/0027). */
const verifyLicence = {
  method: 'GET',
  path: '/licences/verify',
  contract: () =>
    import('@portal/domain/contracts/licences').then(({ licencesApi }) => licencesApi.verify),
} as const satisfies LazyEndpoint<typeof licencesApi.verify>;

/** The public check of one licence; asked again whenever the page is opened. */
export function useLicenceCheck(council: string, licenceNo: string) {
  return useQuery({
    queryKey: ['licence-check', council, licenceNo],
    queryFn: ({ signal }) =>
      callEndpoint(verifyLicence, {
        search: new URLSearchParams({ council, licence_no: licenceNo }).toString(),
        signal,
      }),
    enabled: Boolean(council && licenceNo),
    staleTime: 0,
    retry: false,
  });
}
