import { useMatches } from 'react-router';
import type { PageName } from '@portal/domain/web-paths';

export type PageKey = PageName | 'notFound';

/** What a route object carries in `handle`: the page's name under `pages.<page>` in the catalogues. */
export interface PageHandle {
  page: PageKey;
}

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && 'page' in handle;
}

/** The page of the deepest matched route that names one (home when none does). */
export function useCurrentPage(): PageKey {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isPageHandle(handle)) return handle.page;
  }
  return 'home';
}
