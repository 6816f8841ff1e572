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
 * `due`: owed back, waiting for an officer; `refunded`: made in the gateway's merchant portal and
 * recorded here with the gateway's reference; `resolved`: an owed refund an officer settled
 * otherwise, with a reason. iPay88 has no refund call: money goes back only through its merchant
 * portal (docs/refunds.md).
 */
export const refundStatuses = ['due', 'refunded', 'resolved'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** How much of one payment line an officer's refund gives back. */
export interface RefundLine {
  item_id: number;
  amount_sen: number;
}

/** Refunds that hold back part of what a payment's lines may still be refunded. */
export const refundStatusesHoldingMoney: readonly RefundStatus[] = ['due', 'refunded'];

/**
 * The words for one refund on a receipt, on screen and on paper: its amount, and whether it
 * reached the card (with the date), is owed, or was settled by the council another way. Each side
 * looks the key up in its own catalogue.
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
export const citizenRefundStatuses = ['due', 'refunded', 'resolved'] as const;
export type CitizenRefundStatus = (typeof citizenRefundStatuses)[number];
