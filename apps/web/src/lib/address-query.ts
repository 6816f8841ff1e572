/**
 * A list screen's filters kept in the address (`?q=…&status=…&page=2`), so that a search can be
 * bookmarked, shared and gone back to.
 */

/** The filters of the address, checked with the endpoint's query schema; none when unreadable. */
export function queryOfAddress<Query>(
  schema: { safeParse(input: unknown): { success: true; data: Query } | { success: false } },
  params: URLSearchParams,
  none: Query,
): Query {
  const given = Object.fromEntries([...params].filter(([, value]) => value !== ''));
  const checked = schema.safeParse(given);
  return checked.success ? checked.data : none;
}

/** A screen's address with a query string (`/history?page=2`), the path alone when there is none. */
export function addressWithQuery(path: string, query: string): string {
  return query ? `${path}?${query}` : path;
}

/** The address's query string for filters: unset ones, a false flag and the first page left out. */
export function addressOfQuery(query: object): string {
  const entries = Object.entries(query)
    .filter(
      ([name, value]) =>
        value !== undefined && value !== false && !(name === 'page' && value === 1),
    )
    .map(([name, value]): [string, string] => [name, String(value)]);
  return new URLSearchParams(entries).toString();
}
