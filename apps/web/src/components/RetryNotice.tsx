import type { ReactNode } from 'react';
import { Button } from './ui/Button';
import { Notice } from './ui/Notice';

/** A query that failed: what went wrong, and a button to ask again (off while asking). */
export function RetryNotice({
  query,
  retryLabel,
  children,
}: {
  query: { refetch: () => unknown; isFetching: boolean };
  retryLabel: string;
  children: ReactNode;
}) {
  return (
    <Notice tone="error" live>
      <p>{children}</p>
      <div>
        <Button
          variant="secondary"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          {retryLabel}
        </Button>
      </div>
    </Notice>
  );
}
