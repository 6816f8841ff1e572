import { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@portal/domain/contracts/session';
import { render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from '../app/providers';
import { AppRouter } from '../app/router';
import { hashAddress } from '../lib/hash-location';
import { storeSession } from '../shared/session';

/** The CSRF token of the session renderApp starts with. */
export const TEST_CSRF_TOKEN = 'csrf-test-token';

export interface RenderAppOptions {
  /**
   * Who is logged in as the app starts (default: nobody). The session and its CSRF token are put
   * in the cache, so that tests answering every call alike need not answer
   * `GET /api/auth/session`; `'ask'` leaves the app to ask for it, as a real visit does.
   */
  user?: SessionUser | null | 'ask';
}

/**
 * Renders the whole app (shell, routes, providers) at a path (`#${path}` in the address, as a
 * visit), without retries or caching between tests.
 */
export function renderApp(path = '/', { user = null }: RenderAppOptions = {}) {
  window.history.replaceState(null, '', `#${path}`);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (user !== 'ask') storeSession(queryClient, { user, csrf_token: TEST_CSRF_TOKEN });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <AppRouter />
    </AppProviders>,
  );
  return { ...view, queryClient };
}

/** The address shown, in its two parts: `pathname` and `search` (with its `?`) of the hash. */
export function shownAddress(): { pathname: string; search: string } {
  const [pathname, search] = hashAddress();
  return { pathname, search: search ? `?${search}` : '' };
}

/** A fetch answering JSON, for `vi.stubGlobal('fetch', …)`. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * The heading of the screen titled `name`, once the screen itself is in: the shell shows a
 * screen's heading while its code arrives (PageLoading), so the heading alone does not say so.
 */
export async function findScreen(name: string): Promise<HTMLElement> {
  await screen.findByRole('heading', { level: 1, name });
  await waitFor(() => {
    if (screen.queryByRole('progressbar', { name: 'Memuatkan halaman…' })) {
      throw new Error(`the screen "${name}" is still arriving`);
    }
  });
  return screen.getByRole('heading', { level: 1, name });
}
