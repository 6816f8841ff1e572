import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api-client';
import type { useCouncils } from '../shared/get-councils';
import { RetryNotice } from './RetryNotice';

/** Shown in place of a council picker when the list could not be loaded, with a retry. */
export function CouncilsLoadError({ councils }: { councils: ReturnType<typeof useCouncils> }) {
  const { t } = useTranslation();
  return (
    <RetryNotice query={councils} retryLabel={t('councilList.retry')}>
      {t('councilList.loadError')} {errorText(t, councils.error)}
    </RetryNotice>
  );
}
