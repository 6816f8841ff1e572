import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { licencesApi, type DigitalLicence } from '@portal/domain/contracts/licences';
import type { IdentityType } from '@portal/domain/identities';
import { callEndpoint } from '../../lib/api-client';
import { accountQueryKey, accountStoragePrefix } from '../../shared/session';

const myLicencesKey = [...accountQueryKey, 'licences'] as const;

/** Where the last list loaded is kept, so that it reads without a connection. */
const storageKey = `${accountStoragePrefix}digital-licences`;

interface Saved {
  email: string;
  saved_at: string;
  licences: DigitalLicence[];
}

function readSaved(): Saved | undefined {
  try {
    const saved = JSON.parse(window.localStorage.getItem(storageKey) ?? 'null') as Saved | null;
    return saved && typeof saved.email === 'string' && Array.isArray(saved.licences)
      ? saved
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The logged-in user's digital licences. Each list loaded is kept in this browser (it holds what
 * the public check shows, nothing personal) until its holder logs out. When the list cannot be
 * loaded, or the portal cannot be reached at all to say who is logged in, the last one kept is
 * shown with the time it was saved.
 */
export function useMyLicences(session: { user: { email: string } | null; unreachable: boolean }) {
  const email = session.user?.email;
  const query = useQuery({
    queryKey: myLicencesKey,
    queryFn: async ({ signal }) => {
      const answer = await callEndpoint(licencesApi.mine, { signal });
      if (email) {
        const saved: Saved = {
          email,
          saved_at: new Date().toISOString(),
          licences: answer.licences,
        };
        window.localStorage.setItem(storageKey, JSON.stringify(saved));
      }
      return answer;
    },
    enabled: Boolean(email),
    retry: false,
  });
  if (query.data) return { licences: query.data.licences, savedAt: undefined };
  const saved = query.isError || session.unreachable ? readSaved() : undefined;
  // Offline, the holder is whoever kept the list here last; online, only the user logged in.
  if (saved && (session.unreachable || saved.email === email)) {
    return { licences: saved.licences, savedAt: saved.saved_at };
  }
  return { licences: undefined, savedAt: undefined };
}

/** Adds a licence to the user's digital licences, with its number and an owner's identity. */
export function useKeepLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      council: string;
      category: string;
      licence_no: string;
      id_type: IdentityType;
      id_no: string;
    }) => callEndpoint(licencesApi.keep, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myLicencesKey }),
  });
}
