import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionAnswer, SessionUser } from '@portal/domain/contracts/session';
import { useCallback } from 'react';
import { ApiError, loadSession, rememberCsrfToken } from '../lib/api-client';

/**
 * Who is logged in, as `GET /api/auth/session` says. Shared code rather than part of
 * features/accounts because the toolbar, checkout (prefill) and receipts (the owner's look-up)
 * need it too, and features do not import each other.
 */
export const sessionQueryKey = ['session'] as const;

/**
 * Everything cached for the logged-in user (profile, history) sits under this key, so that it is
 * dropped in one go when the user changes.
 */
export const accountQueryKey = ['account'] as const;

/**
 * What a user's screens keep in this browser (localStorage) sits under keys with this prefix, so
 * that it goes when they log out or another user logs in: it is theirs alone.
 */
export const accountStoragePrefix = 'account:';

function forgetAccountStorage(): void {
  const keys = Array.from({ length: window.localStorage.length }, (_, index) =>
    window.localStorage.key(index),
  );
  for (const key of keys) {
    if (key?.startsWith(accountStoragePrefix)) window.localStorage.removeItem(key);
  }
}

/** What goes when the logged-in user changes: their cached answers and what they kept here. */
function forgetAccount(queryClient: QueryClient, previous: SessionAnswer | undefined): void {
  queryClient.removeQueries({ queryKey: accountQueryKey });
  // Before the first answer there was no user to forget; what is kept may be this one's.
  if (previous?.user) forgetAccountStorage();
}

/**
 * The session is asked for once per visit and again after five minutes in use; login, logout and
 * registration put their answer in the cache themselves, and a 401 on a page that needs login
 * marks the user logged out (the server's idle timeout is 30 minutes: docs/accounts.md).
 */
const SESSION_STALE_MS = 5 * 60 * 1000;

export function useSession() {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: loadSession,
    staleTime: SESSION_STALE_MS,
  });
  return {
    user: query.data?.user ?? null,
    /** True until the first answer (or failure): do not decide 'logged out' before then. */
    pending: query.isPending,
    /**
     * Who is logged in cannot be known: the browser is offline (the query waits, paused) or the
     * server did not answer.
     */
    unreachable:
      (query.isPending && query.fetchStatus === 'paused') ||
      (query.error instanceof ApiError && query.error.status === 0),
  };
}

/** Puts a session answer in the cache (and keeps its CSRF token); another user's data goes. */
export function storeSession(queryClient: QueryClient, answer: SessionAnswer): void {
  const previous = queryClient.getQueryData<SessionAnswer>(sessionQueryKey);
  if (previous?.user?.email !== answer.user?.email) forgetAccount(queryClient, previous);
  rememberCsrfToken(answer.csrf_token);
  queryClient.setQueryData<SessionAnswer>(sessionQueryKey, answer);
}

/** The user as the server now describes them (after registration, an update, a logout: null). */
export function storeSessionUser(queryClient: QueryClient, user: SessionUser | null): void {
  const previous = queryClient.getQueryData<SessionAnswer>(sessionQueryKey);
  if (previous?.user?.email !== user?.email) forgetAccount(queryClient, previous);
  queryClient.setQueryData<SessionAnswer>(sessionQueryKey, {
    csrf_token: previous?.csrf_token ?? '',
    user,
  });
}

/** True for the answer of a call that needs a session the server no longer has. */
export function isLoginRequired(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'login_required' || error.status === 401);
}

/**
 * For pages that need login: given a failed call, marks the user logged out when the server says
 * the session is gone (so the page shows its log-in notice), and says whether it did.
 */
export function useSessionEnded(): (error: unknown) => boolean {
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown) => {
      if (!isLoginRequired(error)) return false;
      storeSessionUser(queryClient, null);
      return true;
    },
    [queryClient],
  );
}
