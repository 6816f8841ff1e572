import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { SnackbarProvider } from '../components/snackbar/SnackbarProvider';
import { i18n } from '../i18n/i18n';
import { ApiError } from '../lib/api-client';

/** Retries only what a retry can fix: no answer at all, or a server that is briefly down. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.code !== 'service_unavailable') return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Everything the app needs around the router: data cache, translations, the snackbar. */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <SnackbarProvider>{children}</SnackbarProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
