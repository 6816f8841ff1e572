import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../lib/api-client';
import type { useCouncils } from '../lib/get-councils';
import { Button } from './ui/Button';
import { Notice } from './ui/Notice';

/** Shown in place of a council picker when the list could not be loaded, with a retry. */
export function CouncilsLoadError({ councils }: { councils: ReturnType<typeof useCouncils> }) {
  const { t } = useTranslation();
  return (
    <Notice tone="error" live>
      <p>
        {t('councilList.loadError')} {t(`errors.${errorCodeOf(councils.error)}`)}
      </p>
      <div>
        <Button
          variant="secondary"
          onClick={() => void councils.refetch()}
          disabled={councils.isFetching}
        >
          {t('councilList.retry')}
        </Button>
      </div>
    </Notice>
  );
}
