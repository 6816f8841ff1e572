import { useMutation, useQuery } from '@tanstack/react-query';
import type { ErrorCode } from '@portal/domain/errors';
import { isOpenPayment } from '@portal/domain/payment-status';
import { answerReceipt, findReceipt, receiptQueryKey } from './receipt-request';

/** The token handed out at checkout opens a payment made in this browser (shared/receipt-tokens). */
export interface TokenCredentials {
  reference: string;
  receipt_token: string;
}

/** Anywhere else, the reference and the payer's e-mail together (a reference alone proves nothing). */
export interface GuestCredentials {
  reference: string;
  email: string;
}

/** A logged-in user's own payment, opened from the history: the session says who asks. */
export interface OwnerCredentials {
  reference: string;
}

/** What the receipt's look-up and its PDF take. */
export type ReceiptCredentials = TokenCredentials | GuestCredentials | OwnerCredentials;

/**
 * Whether a failed look-up should offer the guest form: nothing matched, or the session behind an
 * owner's look-up has ended (or the payment is not theirs).
 */
export function needsGuestLookup(
  credentials: ReceiptCredentials,
  errorCode: ErrorCode | undefined,
): boolean {
  if (errorCode === 'not_found') return true;
  const byOwner = !('email' in credentials) && !('receipt_token' in credentials);
  return byOwner && (errorCode === 'login_required' || errorCode === 'forbidden');
}

/** How often the confirmation asks again while the gateway has not answered. */
export const POLL_INTERVAL_MS = 2000;

/**
 * How often it asks while the payer's bank decides, which for a business account's approver may
 * take hours: a page left open is not to ask 1,800 times an hour.
 */
export const PENDING_POLL_INTERVAL_MS = 10_000;

/**
 * A payment as its payer sees it, asked again every 2 s until its status is final (the gateway's
 * redirect and callback may arrive after the payer is back: docs/payments.md), every 10 s while
 * its bank decides. Nothing is asked
 * without credentials; a failed call stops the polling (the screen offers a retry).
 */
export function useReceipt(credentials: ReceiptCredentials | undefined) {
  return useQuery({
    queryKey: receiptQueryKey(credentials),
    // The first ask may have been made as the page opened (askReceiptAhead).
    queryFn: ({ signal }) => answerReceipt(credentials!, signal),
    enabled: credentials !== undefined,
    // What the guest form just found (put in the cache) is not asked for again at once.
    staleTime: 30_000,
    refetchInterval: (query) => {
      const receipt = query.state.data;
      if (query.state.status === 'error') return false;
      if (receipt && !isOpenPayment(receipt.status)) return false;
      return receipt?.status === 'pending' ? PENDING_POLL_INTERVAL_MS : POLL_INTERVAL_MS;
    },
  });
}

/** The guest form's look-up; failures arrive as ApiError (`not_found`, `validation_failed`). */
export function useFindReceipt() {
  return useMutation({ mutationFn: (credentials: GuestCredentials) => findReceipt(credentials) });
}
