import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { myAccountsApi } from '@portal/domain/contracts/my-accounts';
import type { NicknameForm, ReminderChoices, SavedAccountForm } from '@portal/domain/forms';
import { callEndpoint, type LazyEndpoint } from '../../lib/api-client';
import { accountQueryKey } from '../../shared/session';

const contract = () =>
  import('@portal/domain/contracts/my-accounts').then((module) => module.myAccountsApi);

/**
 * Lazy endpoints, every one of the contract's: the saved accounts' screen shows its forms only on
 * demand, so zod is not in its code (docs/decisions/0027).
 */
const endpoints = {
  list: { method: 'GET', path: '/my-accounts', contract: () => contract().then((api) => api.list) },
  save: {
    method: 'POST',
    path: '/my-accounts',
    contract: () => contract().then((api) => api.save),
  },
  rename: {
    method: 'PUT',
    path: '/my-accounts/:id',
    contract: () => contract().then((api) => api.rename),
  },
  remove: {
    method: 'DELETE',
    path: '/my-accounts/:id',
    success: 204,
    contract: () => contract().then((api) => api.remove),
  },
  reminders: {
    method: 'GET',
    path: '/my-accounts/reminders',
    contract: () => contract().then((api) => api.reminders),
  },
  setReminders: {
    method: 'PUT',
    path: '/my-accounts/reminders',
    contract: () => contract().then((api) => api.setReminders),
  },
} as const satisfies {
  [Name in keyof typeof myAccountsApi]: LazyEndpoint<(typeof myAccountsApi)[Name]>;
};

/** Under the account's key, so that logging out forgets them with the rest of the account. */
const savedAccountsKey = [...accountQueryKey, 'my-accounts'] as const;
const remindersKey = [...accountQueryKey, 'reminders'] as const;

/** The user's saved accounts, each with its bill as it stands now: read again at every visit. */
export function useSavedAccounts(enabled: boolean) {
  return useQuery({
    queryKey: savedAccountsKey,
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { signal }),
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useSaveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedAccountForm) => callEndpoint(endpoints.save, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedAccountsKey }),
  });
}

export function useRenameAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NicknameForm) => callEndpoint(endpoints.rename, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedAccountsKey }),
  });
}

export function useRemoveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(endpoints.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedAccountsKey }),
  });
}

export function useReminderChoices(enabled: boolean) {
  return useQuery({
    queryKey: remindersKey,
    queryFn: ({ signal }) => callEndpoint(endpoints.reminders, { signal }),
    enabled,
  });
}

export function useSetReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderChoices) => callEndpoint(endpoints.setReminders, { body }),
    onSuccess: (answer) => queryClient.setQueryData(remindersKey, answer),
  });
}
