import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Route, Router, Switch } from 'wouter';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { hashHref, useHashLocation, useHashSearch } from '../lib/hash-location';
import { RouteErrorPage } from './RouteErrorPage';
import { officeArea, OfficeLayout, officeScreens } from './routes';
import { AppLayout } from './shell/AppLayout';

/** The back office in its own layout, with no part of the citizens' shell. */
function OfficeRoutes() {
  return (
    <ErrorBoundary FallbackComponent={RouteErrorPage}>
      {/* Nothing of the citizens' shell while the back office's code arrives. */}
      <Suspense fallback={null}>
        <OfficeLayout>
          <Suspense fallback={null}>
            <Switch>
              {officeScreens.map(({ path, Component }) => (
                <Route key={path} path={path}>
                  <Component />
                </Route>
              ))}
              <Route>
                <NotFoundPage />
              </Route>
            </Switch>
          </Suspense>
        </OfficeLayout>
      </Suspense>
    </ErrorBoundary>
  );
}

/** Hash routing (docs/screens.md): the server only ever serves index.html. */
export function AppRouter() {
  return (
    <Router hook={useHashLocation} searchHook={useHashSearch} hrefs={hashHref}>
      <Switch>
        <Route path={officeArea}>
          <OfficeRoutes />
        </Route>
        <Route>
          <AppLayout />
        </Route>
      </Switch>
    </Router>
  );
}
