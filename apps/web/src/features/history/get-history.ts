import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HistoryPage } from '@portal/domain/accounts';
import { historyQuerySchema } from '@portal/domain/forms';
import { apiGet } from '../../lib/api-client';
import { accountQueryKey } from '../../shared/session';

/** Which page of the history, and the optional filters, as the address holds them. */
export interface HistoryQuery {
  page: number;
  council?: string;
  status?: string;
}

/**
 * The history's query from the address: each part checked with the domain's schema, and one that
 * is not valid (an edited address, an old bookmark) left out rather than refusing the page.
 */
export function historyQueryOf(params: URLSearchParams): HistoryQuery {
  const { shape } = historyQuerySchema;
  const page = shape.page.safeParse(params.get('page') ?? undefined);
  const council = shape.council.safeParse(params.get('council') || undefined);
  const status = shape.status.safeParse(params.get('status') || undefined);
  const query: HistoryQuery = { page: page.success ? page.data : 1 };
  if (council.success && council.data) query.council = council.data;
  if (status.success && status.data) query.status = status.data;
  return query;
}

/** The query string of a history query, in a fixed order: `page=2&council=mps&status=failed`. */
export function historySearch(query: HistoryQuery): string {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.council) params.set('council', query.council);
  if (query.status) params.set('status', query.status);
  return params.toString();
}

/** `GET /api/history?page=&council=&status=`: newest first; 401 login_required without a session. */
export function getHistory(query: HistoryQuery, signal?: AbortSignal): Promise<HistoryPage> {
  return apiGet<HistoryPage>(`/api/history?${historySearch(query)}`, { signal });
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
