import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { PortalSettings, settingsApi } from '@portal/domain/contracts/settings';
import { callEndpoint, type LazyEndpoint } from '../lib/api-client';

/** The cart's size when the settings cannot be read (docs/cart.md). */
export const DEFAULT_CART_LIMIT = 10;

/** The cart follows the settings on every page: a lazy endpoint, so that zod is not in its code. */
const getSettingsEndpoint = {
  method: 'GET',
  path: '/settings',
  contract: () =>
    import('@portal/domain/contracts/settings').then(({ settingsApi }) => settingsApi.get),
} as const satisfies LazyEndpoint<typeof settingsApi.get>;

export function getSettings(signal?: AbortSignal): Promise<PortalSettings> {
  return callEndpoint(getSettingsEndpoint, { signal });
}

export const settingsQueryKey = ['settings'] as const;

/**
 * Read once at start and again each minute while the portal is open, so that a council closing it
 * for maintenance reaches pages already open (the server refuses new checkouts at once anyway).
 */
const settingsQuery = {
  queryKey: settingsQueryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => getSettings(signal),
  staleTime: 60 * 1000,
  refetchInterval: 60 * 1000,
};

function cartLimitOf(settings: PortalSettings | undefined): number {
  const limit = settings?.cart_limit;
  return typeof limit === 'number' && Number.isSafeInteger(limit) && limit > 0
    ? limit
    : DEFAULT_CART_LIMIT;
}

/** The cart limit, fetched once per visit; the default when the call fails. */
export async function fetchCartLimit(queryClient: QueryClient): Promise<number> {
  try {
    return cartLimitOf(await queryClient.fetchQuery(settingsQuery));
  } catch {
    return DEFAULT_CART_LIMIT;
  }
}

/** The settings for a screen that shows them (e.g. 'up to 10 bills'). */
export function useCartLimit(): number {
  const settings = useQuery(settingsQuery);
  return cartLimitOf(settings.data);
}

/** The most one payment may be, in sen; undefined until the settings are read (the server checks anyway). */
export function useMaxPayment(): number | undefined {
  const max = useQuery(settingsQuery).data?.max_payment;
  return typeof max === 'number' && Number.isSafeInteger(max) && max > 0 ? max : undefined;
}

/**
 * The site settings in force (docs/site-settings.md); undefined until read, or when they cannot
 * be: the portal then runs as if nothing were switched on.
 */
export function useSiteSettings(): PortalSettings | undefined {
  return useQuery(settingsQuery).data;
}
