import { useTranslation } from 'react-i18next';
import { RetryNotice } from '../../components/RetryNotice';
import { errorText } from '../../lib/api-client';
import { useStaffSessionEnded } from './staff-session';

/**
 * A back-office query that failed: the login form when the session idled out (the layout shows
 * it), else what went wrong and a button to ask again. Nothing while an earlier answer is shown.
 */
export function QueryFailure({
  query,
}: {
  query: { error: unknown; data: unknown; refetch: () => unknown; isFetching: boolean };
}) {
  const { t } = useTranslation('office');
  const { t: tPortal } = useTranslation();
  useStaffSessionEnded(query.error);
  if (!query.error || query.data !== undefined) return null;
  return (
    <RetryNotice query={query} retryLabel={t('list.retry')}>
      {errorText(tPortal, query.error)}
    </RetryNotice>
  );
}
