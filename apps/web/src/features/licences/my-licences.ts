import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { licencesApi, type DigitalLicence } from '@portal/domain/contracts/licences';
import { callEndpoint } from '../../lib/api-client';
import { accountQueryKey } from '../../shared/session';

const myLicencesKey = [...accountQueryKey, 'licences'] as const;

/** Where the last list loaded is kept, per user, so that it reads without a connection. */
const storageKeyOf = (email: string) => `digital-licences:${email}`;

interface Saved {
  saved_at: string;
  licences: DigitalLicence[];
}

function readSaved(email: string | undefined): Saved | undefined {
  if (!email) return undefined;
  try {
    const saved = JSON.parse(window.localStorage.getItem(storageKeyOf(email)) ?? 'null') as Saved;
    return saved && Array.isArray(saved.licences) ? saved : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The logged-in user's digital licences. Each list loaded is kept in this browser (it holds what
 * the public check shows, nothing personal); without a connection the last one is shown, with
 * the time it was saved.
 */
export function useMyLicences(email: string | undefined) {
  const query = useQuery({
    queryKey: myLicencesKey,
    queryFn: async ({ signal }) => {
      const answer = await callEndpoint(licencesApi.mine, { signal });
      if (email) {
        const saved: Saved = { saved_at: new Date().toISOString(), licences: answer.licences };
        window.localStorage.setItem(storageKeyOf(email), JSON.stringify(saved));
      }
      return answer;
    },
    enabled: Boolean(email),
    retry: false,
  });
  if (query.data) return { licences: query.data.licences, savedAt: undefined };
  const saved = query.isError ? readSaved(email) : undefined;
  if (saved) return { licences: saved.licences, savedAt: saved.saved_at };
  return { licences: undefined, savedAt: undefined };
}

/** Adds a licence to the user's digital licences, with its number and an owner's IC number. */
export function useKeepLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { council: string; category: string; licence_no: string; ic_no: string }) =>
      callEndpoint(licencesApi.keep, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myLicencesKey }),
  });
}
