import { useEffect } from 'react';
import type { FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { StatusPanel } from '../components/StatusPanel';
import { Button } from '../components/ui/Button';
import { AlertIcon } from '../components/ui/icons';
import { isChunkLoadError, reloadAfterChunkError } from '../lib/chunk-reload';

/** What a route shows when it fails to load or render; the shell around it stays usable. */
export function RouteErrorPage({ error }: FallbackProps) {
  const { t } = useTranslation();

  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }, [error]);

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
