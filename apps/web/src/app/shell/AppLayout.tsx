import { Suspense, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { CurrentPageContext, type PageKey } from '../../lib/page-handle';
import { RouteErrorPage } from '../RouteErrorPage';
import { citizenScreens } from '../routes';
import { ScrollRestoration } from './ScrollRestoration';
import { PageLoading, Shell } from './Shell';

/** `document.title` = '<page> · <product>', in the current language. */
function useDocumentTitle(page: PageKey) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    document.title = `${t(`pages.${page}`)} · ${t('app.title')}`;
  }, [t, page, language]);
}

/**
 * After a navigation, focus moves to the main landmark so screen reader and keyboard users start at
 * the new page rather than at the link they used (the first load is left alone).
 */
function useFocusMainOnNavigation(main: RefObject<HTMLElement | null>) {
  const [pathname] = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}

/**
 * One screen in the shell: its title at once, the loading bar while its code arrives, and the
 * route's error page in its place when it fails to load or draw (the shell around stays usable).
 */
function Page({ page, children }: { page: PageKey; children: ReactNode }) {
  const [pathname] = useLocation();
  const search = useSearch();
  useDocumentTitle(page);
  return (
    <CurrentPageContext value={page}>
      <ErrorBoundary FallbackComponent={RouteErrorPage} resetKeys={[pathname, search]}>
        <Suspense fallback={<PageLoading />}>
          {children}
          <ScrollRestoration />
        </Suspense>
      </ErrorBoundary>
    </CurrentPageContext>
  );
}

/** The citizens' screens in the shell around them (docs/screens.md). */
export function AppLayout() {
  const mainRef = useRef<HTMLElement>(null);
  useFocusMainOnNavigation(mainRef);
  return (
    <Shell mainRef={mainRef}>
      <Switch>
        {citizenScreens.map(({ path, page, Component }) => (
          <Route key={path} path={path}>
            <Page page={page}>
              <Component />
            </Page>
          </Route>
        ))}
      </Switch>
    </Shell>
  );
}
