import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { councilCodes } from '@portal/domain/councils';
import type { HistoryPage, HistoryQuery, historyApi } from '@portal/domain/contracts/history';
import { pageNumberOf } from '@portal/domain/contracts/page-number';
import { paymentStatuses } from '@portal/domain/payment-status';
import { callEndpoint, type LazyEndpoint } from '../../lib/api-client';
import { accountQueryKey } from '../../shared/session';

/** A lazy endpoint: the history shows no form, so zod is not in its code (docs/decisions/0027). */
const listHistory = {
  method: 'GET',
  path: '/history',
  contract: () =>
    import('@portal/domain/contracts/history').then(({ historyApi }) => historyApi.list),
} as const satisfies LazyEndpoint<typeof historyApi.list>;

/** The values the contract's filters take. */
const filterValues: Record<'council' | 'status', readonly string[]> = {
  council: councilCodes,
  status: paymentStatuses,
};

/** A filter as the address or a select gives it: kept when the contract knows it, else left out. */
export function historyFilter<K extends 'council' | 'status'>(
  name: K,
  value: string | null,
): HistoryQuery[K] {
  return value && filterValues[name].includes(value) ? (value as HistoryQuery[K]) : undefined;
}

/**
 * The history's query from the address: each part read as the contract reads it, and one that is
 * not valid (an edited address, an old bookmark) left out rather than refusing the page.
 */
export function historyQueryOf(params: URLSearchParams): HistoryQuery {
  const query: HistoryQuery = { page: pageNumberOf(params.get('page') ?? '') ?? 1 };
  const council = historyFilter('council', params.get('council'));
  const status = historyFilter('status', params.get('status'));
  if (council) query.council = council;
  if (status) query.status = status;
  return query;
}

/** The query string of a history query, in a fixed order: `page=2&council=mps&status=failed`. */
export function historySearch(query: HistoryQuery): string {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.council) params.set('council', query.council);
  if (query.status) params.set('status', query.status);
  return params.toString();
}

/** One page of the history, newest first; 401 login_required without a session. */
export function getHistory(query: HistoryQuery, signal?: AbortSignal): Promise<HistoryPage> {
  return callEndpoint(listHistory, { search: historySearch(query), signal });
}

/**
 * One page of the history; the previous page stays on screen while the next one loads, and a page
 * seen in the last 30 s is not asked for again when the reader pages back.
 */
export function useHistory(query: HistoryQuery) {
  return useQuery({
    queryKey: [...accountQueryKey, 'history', query],
    queryFn: ({ signal }) => getHistory(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
