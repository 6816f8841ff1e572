import { useQuery } from '@tanstack/react-query';
import type { licencesApi } from '@portal/domain/contracts/licences';
import { callEndpoint, type LazyEndpoint } from '../../lib/api-client';
import { answerAskedAhead, askAhead } from '../../lib/asked-ahead';

/** A lazy endpoint: the licence check shows no form, so zod is not in its code (docs/decisions/0027). */
const verifyLicence = {
  method: 'GET',
  path: '/licences/verify',
  contract: () =>
    import('@portal/domain/contracts/licences').then(({ licencesApi }) => licencesApi.verify),
} as const satisfies LazyEndpoint<typeof licencesApi.verify>;

const askCheck = (council: string, licenceNo: string, signal?: AbortSignal) =>
  callEndpoint(verifyLicence, {
    search: new URLSearchParams({ council, licence_no: licenceNo }).toString(),
    signal,
  });
const checkKey = (council: string, licenceNo: string) =>
  ['licence-check', council, licenceNo] as const;

/**
 * Asks for the check as the page opens at its address, beside the page's code rather than after
 * it (the route table calls this): the verdict comes a round trip sooner on a slow line.
 */
export function askLicenceCheckAhead(council: string, licenceNo: string): void {
  if (council && licenceNo)
    askAhead(checkKey(council, licenceNo), () => askCheck(council, licenceNo));
}

/**
 * The public check of one licence; asked again whenever the page is opened (the first time, the
 * answer asked for ahead as it opened).
 */
export function useLicenceCheck(council: string, licenceNo: string) {
  return useQuery({
    queryKey: checkKey(council, licenceNo),
    queryFn: ({ signal, queryKey }) =>
      answerAskedAhead(queryKey, () => askCheck(council, licenceNo, signal)),
    enabled: Boolean(council && licenceNo),
    staleTime: 0,
    retry: false,
  });
}
