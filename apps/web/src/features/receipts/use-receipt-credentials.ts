import { useQueryClient } from '@tanstack/react-query';
import type { Receipt } from '@portal/domain/contracts/receipts';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'wouter';
import { useLocationState } from '../../lib/hash-location';
import { receiptTokenFor } from '../../shared/receipt-tokens';
import { useSession } from '../../shared/session';
import type { GuestCredentials, ReceiptCredentials } from './find-receipt';
import { receiptQueryKey } from './receipt-request';

/** What the confirmation screen hands the receipt link when the payer found it by e-mail. */
export interface ReceiptLinkState {
  email: string;
}

function emailOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('email' in state)) return undefined;
  return typeof state.email === 'string' && state.email !== '' ? state.email : undefined;
}

/**
 * How the confirmation and receipt screens open a payment: `?reference=` with the token this browser
 * kept at checkout; else the e-mail the confirmation screen passed along; else, for a logged-in
 * user, the reference alone (the server serves its owner: docs/receipts.md); else whatever the guest form
 * found (`found`). `credentials` is undefined until one of them is there; `waiting` is true while
 * the session that might supply them is still being asked for.
 */
export function useReceiptCredentials() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const reference = (params.get('reference') ?? '').trim();
  const token = useMemo(() => (reference ? receiptTokenFor(reference) : undefined), [reference]);
  const email = emailOf(useLocationState());
  const session = useSession();
  const [guest, setGuest] = useState<GuestCredentials>();

  let credentials: ReceiptCredentials | undefined = guest;
  if (!credentials && reference && token) credentials = { reference, receipt_token: token };
  else if (!credentials && reference && email) credentials = { reference, email };
  else if (!credentials && reference && session.user) credentials = { reference };
  const waiting = !credentials && reference !== '' && session.pending;

  const found = useCallback(
    (next: GuestCredentials, receipt: Receipt) => {
      queryClient.setQueryData(receiptQueryKey(next), receipt);
      setGuest(next);
    },
    [queryClient],
  );

  return { reference, credentials, waiting, found };
}
