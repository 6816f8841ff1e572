import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CouncilListing, councilsApi } from '@portal/domain/contracts/councils';
import { callEndpoint, type LazyEndpoint } from '../lib/api-client';

/** One of the 23 councils as the portal lists it. */
export type Council = CouncilListing;

/** The home page lists the councils: a lazy endpoint, so that zod is not in its code. */
const listCouncils = {
  method: 'GET',
  path: '/councils',
  contract: () =>
    import('@portal/domain/contracts/councils').then(({ councilsApi }) => councilsApi.list),
} as const satisfies LazyEndpoint<typeof councilsApi.list>;

export function getCouncils(signal?: AbortSignal): Promise<Council[]> {
  return callEndpoint(listCouncils, { signal });
}

const councilsQueryKey = ['councils'] as const;

/** The council list rarely changes: kept for the whole visit unless the page is reloaded. */
export const councilsQuery = queryOptions({
  queryKey: councilsQueryKey,
  queryFn: ({ signal }) => getCouncils(signal),
  staleTime: 30 * 60 * 1000,
});

export function useCouncils() {
  return useQuery(councilsQuery);
}

/**
 * The list asked again past the browser's cache (the server lets it keep the list a minute), after
 * this browser changed a council's profile: the change shows at once here, and on a reload.
 */
export function refreshCouncils(queryClient: QueryClient): Promise<Council[]> {
  return queryClient.fetchQuery({
    queryKey: councilsQueryKey,
    queryFn: ({ signal }) => callEndpoint(listCouncils, { signal, fresh: true }),
    staleTime: 0,
  });
}

/** A council's name from the list, or its code in capitals while the list is missing. */
export function councilName(councils: readonly Council[] | undefined, code: string): string {
  return councils?.find((council) => council.code === code)?.name ?? code.toUpperCase();
}
