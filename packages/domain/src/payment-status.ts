/** A payment's lifecycle (DESIGN.md section 4). */
export const paymentStatuses = [
  'created',
  'in_progress',
  'successful',
  'failed',
  'cancelled',
  'expired',
] as const;

export type PaymentStatus = (typeof paymentStatuses)[number];

/** Allowed next states; the last four are final. */
const next: Record<PaymentStatus, readonly PaymentStatus[]> = {
  created: ['in_progress'],
  in_progress: ['successful', 'failed', 'cancelled', 'expired'],
  successful: [],
  failed: [],
  cancelled: [],
  expired: [],
};

/**
 * Payments only move forward. Staying in the same state is not a move: a repeated gateway callback
 * is recognised by the caller as already applied (DESIGN.md section 4).
 */
export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return next[from].includes(to);
}
