/** A payment's lifecycle (docs/payments.md). */
export const paymentStatuses = [
  'created',
  'in_progress',
  'pending',
  'successful',
  'failed',
  'cancelled',
  'expired',
  'refund_due',
] as const;

export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * Allowed next states. A created payment normally goes on to in_progress when its payer is sent to
 * the gateway; a signed word from the gateway about it proves it got there all the same. A payment
 * is pending once the gateway says the payer's bank has not decided yet (a business account's
 * approver, most often): it can no longer be cancelled, only approved, rejected, or let go when the
 * bank's time is up. A payment closed as failed, cancelled or expired still moves when the gateway
 * later reports it approved: to successful when its bills are still unpaid and free, else to
 * refund_due. Successful and refund_due are final.
 */
const next: Record<PaymentStatus, readonly PaymentStatus[]> = {
  created: ['in_progress', 'pending', 'successful', 'failed', 'cancelled', 'expired'],
  in_progress: ['pending', 'successful', 'failed', 'cancelled', 'expired'],
  pending: ['successful', 'failed', 'expired'],
  failed: ['successful', 'refund_due'],
  cancelled: ['successful', 'refund_due'],
  expired: ['successful', 'refund_due'],
  successful: [],
  refund_due: [],
};

/**
 * Payments only move forward. Staying in the same state is not a move: a repeated gateway callback
 * is recognised by the caller as already applied.
 */
export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return next[from].includes(to);
}

/** The states a payment may move to `to` from, for a statement that moves it only if still so. */
export function statusesMovingTo(to: PaymentStatus): PaymentStatus[] {
  return paymentStatuses.filter((from) => canMovePayment(from, to));
}

/**
 * The states in which a payment holds its bills: its payer is on the way to, or at, the gateway's
 * page, or the payer's bank is deciding.
 */
export const openStatuses = [
  'created',
  'in_progress',
  'pending',
] as const satisfies readonly PaymentStatus[];

export function isOpenPayment(status: PaymentStatus): boolean {
  return (openStatuses as readonly PaymentStatus[]).includes(status);
}
