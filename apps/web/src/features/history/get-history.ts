import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  historyApi,
  historyQuery,
  type HistoryPage,
  type HistoryQuery,
} from '@portal/domain/contracts/history';
import { callEndpoint } from '../../lib/api-client';
import { accountQueryKey } from '../../shared/session';

/** A filter as the address or a select gives it: kept when the contract knows it, else left out. */
export function historyFilter<K extends 'council' | 'status'>(
  name: K,
  value: string | null,
): HistoryQuery[K] {
  const parsed = historyQuery.shape[name].safeParse(value || undefined);
  return parsed.success ? (parsed.data as HistoryQuery[K]) : undefined;
}

/**
 * The history's query from the address: each part checked with the contract's schema, and one that
 * is not valid (an edited address, an old bookmark) left out rather than refusing the page.
 */
export function historyQueryOf(params: URLSearchParams): HistoryQuery {
  const page = historyQuery.shape.page.safeParse(params.get('page') ?? undefined);
  const query: HistoryQuery = { page: page.success ? page.data : 1 };
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
  return callEndpoint(historyApi.list, { search: historySearch(query), signal });
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
