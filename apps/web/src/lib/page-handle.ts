import { createContext, use } from 'react';
import type { PageName } from '@portal/domain/web-paths';

export type PageKey = PageName | 'notFound';

/** The page shown, as the route table names it: its name under `pages.<page>` in the catalogues. */
export const CurrentPageContext = createContext<PageKey>('home');

/** The page shown (home outside any route). */
export function useCurrentPage(): PageKey {
  return use(CurrentPageContext);
}
