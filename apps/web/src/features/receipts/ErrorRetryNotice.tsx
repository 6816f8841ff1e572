import type { ErrorCode } from '@portal/domain/errors';
import { useTranslation } from 'react-i18next';
import { RetryNotice } from '../../components/RetryNotice';

/** A receipt query that failed: the translated error and a retry. */
export function ErrorRetryNotice({
  query,
  errorCode,
}: {
  query: { refetch: () => unknown; isFetching: boolean };
  errorCode: ErrorCode;
}) {
  const { t } = useTranslation();
  return (
    <RetryNotice query={query} retryLabel={t('receipts.retry')}>
      {t(`errors.${errorCode}`)}
    </RetryNotice>
  );
}
