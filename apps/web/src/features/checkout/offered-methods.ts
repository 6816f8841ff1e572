import { useQuery } from '@tanstack/react-query';
import { checkoutApi, type OfferedChannel } from '@portal/domain/contracts/checkout';
import { outsideLimits } from '@portal/domain/payment-methods';
import { callEndpoint } from '../../lib/api-client';

/**
 * How a cart of these councils can be paid, as the server offers it today: each method, its banks
 * or wallets and whether each is up, and their limits (docs/payment-methods.md). Asked again when
 * the checkout comes back into view, since a bank may go down meanwhile.
 */
export function useOfferedMethods(councils: readonly string[]) {
  const list = [...new Set(councils)].sort().join(',');
  return useQuery({
    queryKey: ['checkout', 'methods', list],
    queryFn: ({ signal }) =>
      callEndpoint(checkoutApi.methods, {
        search: new URLSearchParams({ councils: list }).toString(),
        signal,
      }),
    enabled: list !== '',
    staleTime: 60_000,
  });
}

/** The least and most a method's channels take, for the method's own line. */
export function methodLimits(channels: readonly OfferedChannel[]) {
  return {
    minSen: Math.min(...channels.map((channel) => channel.min_amount)),
    maxSen: Math.max(...channels.map((channel) => channel.max_amount)),
  };
}

/** The limits of the chosen channel, or of the method when no channel is chosen yet. */
export function chosenLimits(channels: readonly OfferedChannel[], paymentId: string) {
  const chosen = channels.find((channel) => channel.payment_id === paymentId);
  return chosen ? { minSen: chosen.min_amount, maxSen: chosen.max_amount } : methodLimits(channels);
}

/** Whether a total fits the chosen channel, or the method when no channel is chosen yet. */
export function fitsTotal(
  channels: readonly OfferedChannel[],
  paymentId: string,
  totalSen: number,
): boolean {
  return outsideLimits(chosenLimits(channels, paymentId), totalSen) === undefined;
}
