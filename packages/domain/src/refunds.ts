import { writtenDateTime } from './display-filters';
import type { Language } from './languages';
import { formatRinggit } from './money';

/**
 * Money given back to a payer's card (docs/refunds.md): owed back by the portal itself when the
 * gateway took money no bill could keep, or recorded by a finance officer against a settled
 * payment.
 */
export const refundReasons = ['bills_paid_meanwhile', 'second_approval', 'officer'] as const;
export type RefundReason = (typeof refundReasons)[number];

/**
 * `due`: owed back, waiting for an officer; `sending`: asked of the gateway, its answer not yet
 * in (sent again until it is); `refunded`: the gateway made it; `failed`: the gateway refused an
 * officer's refund, which then holds nothing back; `resolved`: an owed refund an officer settled
 * otherwise, with a reason.
 */
export const refundStatuses = ['due', 'sending', 'refunded', 'failed', 'resolved'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** Why the gateway refused a refund: no such approved transaction, more than is left, or malformed. */
export const refundFailureReasons = ['not_found', 'exceeds_balance', 'invalid'] as const;
export type RefundFailureReason = (typeof refundFailureReasons)[number];

/** How much of one payment line an officer's refund gives back. */
export interface RefundLine {
  item_id: number;
  amount_sen: number;
}

/** Refunds that hold back part of what a payment's lines may still be refunded. */
export const refundStatusesHoldingMoney: readonly RefundStatus[] = ['sending', 'refunded'];

/**
 * The words for one refund on a receipt, on screen and on paper: its amount, and whether it
 * reached the card (with the date), is on its way, is owed, or was settled by the council another
 * way. Each side looks the key up in its own catalogue.
 */
export function refundWording(
  refund: { amount: number; status: CitizenRefundStatus; refunded_at: string | null },
  lang: Language,
): { key: `receipts.refunds.${CitizenRefundStatus}`; values: { amount: string; date: string } } {
  return {
    key: `receipts.refunds.${refund.status}`,
    values: {
      amount: formatRinggit(refund.amount),
      date: refund.refunded_at ? writtenDateTime(refund.refunded_at, lang) : '',
    },
  };
}

/** A refund's state as the payer is told it. */
export const citizenRefundStatuses = ['due', 'pending', 'refunded', 'resolved'] as const;
export type CitizenRefundStatus = (typeof citizenRefundStatuses)[number];
