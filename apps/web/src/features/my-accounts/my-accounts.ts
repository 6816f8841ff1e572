import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myAccountsApi } from '@portal/domain/contracts/my-accounts';
import type { NicknameForm, ReminderChoices, SavedAccountForm } from '@portal/domain/forms';
import { callEndpoint } from '../../lib/api-client';
import { accountQueryKey } from '../../shared/session';

/** Under the account's key, so that logging out forgets them with the rest of the account. */
const savedAccountsKey = [...accountQueryKey, 'my-accounts'] as const;
const remindersKey = [...accountQueryKey, 'reminders'] as const;

/** The user's saved accounts, each with its bill as it stands now: read again at every visit. */
export function useSavedAccounts(enabled: boolean) {
  return useQuery({
    queryKey: savedAccountsKey,
    queryFn: ({ signal }) => callEndpoint(myAccountsApi.list, { signal }),
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useSaveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedAccountForm) => callEndpoint(myAccountsApi.save, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedAccountsKey }),
  });
}

export function useRenameAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NicknameForm) =>
      callEndpoint(myAccountsApi.rename, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedAccountsKey }),
  });
}

export function useRemoveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(myAccountsApi.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedAccountsKey }),
  });
}

export function useReminderChoices(enabled: boolean) {
  return useQuery({
    queryKey: remindersKey,
    queryFn: ({ signal }) => callEndpoint(myAccountsApi.reminders, { signal }),
    enabled,
  });
}

export function useSetReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderChoices) => callEndpoint(myAccountsApi.setReminders, { body }),
    onSuccess: (answer) => queryClient.setQueryData(remindersKey, answer),
  });
}
