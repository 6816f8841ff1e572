import { useHistoryState, useLocationProperty } from 'wouter/use-browser-location';
import { addressWithQuery } from './address-query';

/**
 * The portal's addresses for wouter's `<Router hook searchHook>` (docs/screens.md): the route and
 * its query both inside the hash, `/#/search?council=mps`, as the server's redirects, the e-mailed
 * links, the licences' QR codes and the gateway's return address write them. wouter's own hash
 * location keeps the query before the hash (`/?council=mps#/search`), which none of those reads.
 */

/** What each history entry holds: a key of its own, under which its scroll position is kept, and the state a link passed. */
interface HistoryEntry {
  key: string;
  state: unknown;
}

/** `#/search?council=mps` as `['/search', 'council=mps']`; no hash is home. */
export function hashAddress(): [path: string, search: string] {
  const hash = window.location.hash.slice(1);
  const queryStart = hash.indexOf('?');
  const path = queryStart < 0 ? hash : hash.slice(0, queryStart);
  return [
    path.startsWith('/') ? path : `/${path}`,
    queryStart < 0 ? '' : hash.slice(queryStart + 1),
  ];
}

const currentPath = () => hashAddress()[0];

// wouter decodes the query with decodeURI before useSearchParams parses it, which would turn a
// value's own escape (`%25` of a '%' typed in a search) into another character; with every '%'
// escaped once more, each value reaches useSearchParams as it was written.
const currentSearch = () => hashAddress()[1].replaceAll('%', '%25');

interface NavigateOptions {
  replace?: boolean;
  /** Handed to the next screen without showing in its address (`useLocationState`). */
  state?: unknown;
}

/** Shows `to` (`/receipt?reference=…`), as a new step of the tab's history unless `replace`. */
export function navigate(to: string, { replace = false, state = null }: NavigateOptions = {}) {
  // Going to the address already shown replaces it: no step of the history goes back to the page
  // it is on.
  const shown = addressWithQuery(...hashAddress());
  const entry: HistoryEntry = { key: Math.random().toString(36).slice(2, 10), state };
  window.history[replace || to === shown ? 'replaceState' : 'pushState'](entry, '', `#${to}`);
}

/** The route shown, for `<Router hook>`: `/search` of `#/search?council=mps`. */
export function useHashLocation(): [string, typeof navigate] {
  return [useLocationProperty(currentPath), navigate];
}

/** The route's query, for `<Router searchHook>`: `council=mps` of `#/search?council=mps`. */
export function useHashSearch(): string {
  return useLocationProperty(currentSearch);
}

/** A link's `href` for `<Router hrefs>`: `#/cart`. */
export function hashHref(path: string): string {
  return `#${path}`;
}

function useHistoryEntry(): Partial<HistoryEntry> | null {
  return useHistoryState<Partial<HistoryEntry> | null>();
}

/** The state the link or navigation to this address passed (`<Link state>`), if any. */
export function useLocationState(): unknown {
  return useHistoryEntry()?.state;
}

/**
 * This step of the tab's history: its own key, or none for a page loaded afresh (the gateway's
 * return, a link from an e-mail, an address typed).
 */
export function useHistoryKey(): string | undefined {
  return useHistoryEntry()?.key;
}
