/**
 * A council system's side of the council API (docs/council-api.md), typed from the portal's own
 * API description. Make the types first, from the portal the system talks to:
 *
 *   npx openapi-typescript https://<portal>/api/docs/json -o council-api.d.ts
 *
 * then `npm install openapi-fetch`. The portal's tests generate the types from the description
 * they serve, type-check this file against them and run it, so it stays a working example.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './council-api';

export type CouncilApi = Client<paths>;
export type BillRecord = components['schemas']['BillRecord'];
export type FeedEntry = components['schemas']['FeedEntry'];

/** The council API of the portal at `baseUrl`, called with the council's key. */
export function councilApi(
  baseUrl: string,
  key: string,
  fetch?: (request: Request) => Promise<Response>,
): CouncilApi {
  return createClient<paths>({
    baseUrl,
    headers: { Authorization: `Bearer ${key}` },
    ...(fetch && { fetch }),
  });
}

/** Creates or updates the council's bills; each record is taken or refused on its own. */
export async function upsertBills(api: CouncilApi, records: BillRecord[]) {
  const { data, error, response } = await api.POST('/api/council/v1/bills', {
    params: { query: { atomic: 'false', dry_run: 'false' } },
    body: { records },
  });
  if (error) throw new Error(`${response.status} ${error.error}: ${error.message}`);
  return data;
}

/**
 * The council's ledger entries after `after`, page by page until no more are ready; keep `next`
 * and start from it next time, so that each entry is booked exactly once.
 */
export async function readLedger(api: CouncilApi, after = '0', pageSize = 500) {
  const entries: FeedEntry[] = [];
  let next = after;
  let pages = 0;
  for (;;) {
    const { data, error, response } = await api.GET('/api/council/v1/ledger', {
      params: { query: { after: next, limit: pageSize } },
    });
    if (error) throw new Error(`${response.status} ${error.error}: ${error.message}`);
    entries.push(...data.entries);
    next = data.next;
    pages += 1;
    if (!data.more) return { entries, next, pages };
  }
}
