import { useTranslation } from 'react-i18next';
import { Notice } from './ui/Notice';

/**
 * In place of a part of a page whose code cannot be fetched (offline, or a release replaced it):
 * the rest of the page keeps working.
 */
export function UnavailableNotice() {
  const { t } = useTranslation();
  return (
    <Notice tone="error" live>
      <p>{t('errors.service_unavailable')}</p>
    </Notice>
  );
}
