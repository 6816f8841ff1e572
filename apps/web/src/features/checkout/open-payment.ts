import { useQuery } from '@tanstack/react-query';
import { historyApi } from '@portal/domain/contracts/history';
import { isOpenPayment } from '@portal/domain/payment-status';
import type { Receipt } from '@portal/domain/contracts/receipts';
import { callEndpoint } from '../../lib/api-client';
import { findReceipt } from '../receipts';
import { latestPayment } from '../../shared/receipt-tokens';
import { useSession } from '../../shared/session';
import type { PaymentCredentials } from '../payments';

/** A payment its payer left at (or on the way to) the gateway's card page. */
export interface OpenPayment {
  credentials: PaymentCredentials;
  receipt: Receipt;
}

/**
 * The payment this payer left open, if any (docs/payments.md): the last one this tab checked out,
 * with its token, or for a logged-in payer the newest of theirs still in progress.
 */
async function findOpenPayment(
  loggedIn: boolean,
  signal?: AbortSignal,
): Promise<OpenPayment | null> {
  const latest = latestPayment();
  if (latest) {
    const receipt = await findReceipt(latest, signal).catch(() => undefined);
    if (receipt && isOpenPayment(receipt.status)) return { credentials: latest, receipt };
  }
  if (!loggedIn) return null;
  const history = await callEndpoint(historyApi.list, {
    search: 'page=1&status=in_progress',
    signal,
  });
  const newest = history.payments[0];
  if (!newest) return null;
  // The owner's session is the credential: the reference alone names it.
  const credentials = { reference: newest.reference };
  const receipt = await findReceipt(credentials, signal);
  return isOpenPayment(receipt.status) ? { credentials, receipt } : null;
}

export const openPaymentQueryKey = ['checkout', 'open-payment'] as const;

/** The payer's open payment, asked once the session is known; null when there is none. */
export function useOpenPayment() {
  const { user, pending } = useSession();
  return useQuery({
    queryKey: [...openPaymentQueryKey, user?.email ?? null],
    queryFn: ({ signal }) => findOpenPayment(user !== null, signal),
    enabled: !pending,
    staleTime: 0,
  });
}
