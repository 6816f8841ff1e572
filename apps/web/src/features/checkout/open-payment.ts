import { useQuery } from '@tanstack/react-query';
import { historyApi } from '@portal/domain/contracts/history';
import { isOpenPayment } from '@portal/domain/payment-status';
import type { Receipt } from '@portal/domain/contracts/receipts';
import { callEndpoint } from '../../lib/api-client';
import { findReceipt } from '../receipts';
import { latestPayment } from '../../shared/receipt-tokens';
import { useSession } from '../../shared/session';
import type { PaymentCredentials } from '../payments';

/**
 * A payment its payer left at (or on the way to) the gateway's page, or one the payer's bank has
 * not decided yet.
 */
export interface OpenPayment {
  credentials: PaymentCredentials;
  receipt: Receipt;
}

/**
 * The payment this payer left open, if any (docs/payments.md): the last one this tab checked out,
 * with its token, or for a logged-in payer the newest of theirs in progress or pending at the bank.
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
  // The history filters by one status at a time; each answer is newest first.
  const answers = await Promise.all(
    (['in_progress', 'pending'] as const).map((status) =>
      callEndpoint(historyApi.list, { search: `page=1&status=${status}`, signal }),
    ),
  );
  const newest = answers
    .flatMap((answer) => answer.payments.slice(0, 1))
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0];
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
