import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { StatusPanel } from '../components/StatusPanel';
import { Button } from '../components/ui/Button';
import { AlertIcon } from '../components/ui/icons';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { isChunkLoadError, reloadAfterChunkError } from '../lib/chunk-reload';

/** What a route shows when it fails to load or render; the shell around it stays usable. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();

  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  return (
    <StatusPanel
      icon={<AlertIcon size={28} />}
      title={t('routeError.title')}
      actions={<Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>}
    >
      <p>{t('routeError.message')}</p>
    </StatusPanel>
  );
}
