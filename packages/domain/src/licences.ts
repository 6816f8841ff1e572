/** Licence kinds, the m_kod_type of a printed licence. */
export const licenceKinds = ['operasi', 'pasar', 'penjaja', 'kakilima', 'iklan', 'niaga'] as const;

export type LicenceKind = (typeof licenceKinds)[number];

/** The licence status labels ('in progress' written as in_progress). */
export const licenceStatuses = [
  'approved',
  'terminated',
  'expired',
  'suspended',
  'active',
  'inactive',
  'in_progress',
  'pending',
  'paid',
  'unpaid',
  'failed',
  'successful',
  'cancelled',
  'dropped',
  'archived',
  'reviewed',
] as const;

export type LicenceStatus = (typeof licenceStatuses)[number];

/**
 * Statuses that may proceed to payment.
 * Approved applications pay their first fee, active and expired licences renew, unpaid ones settle
 * a fee already due. Pending, in-progress and reviewed applications are not yet decided: taking money
 * for them would mean refunds, so the citizen waits for approval. Everything else is closed.
 */
export const payableLicenceStatuses = [
  'approved',
  'active',
  'expired',
  'unpaid',
] as const satisfies readonly LicenceStatus[];

/** Accepts a raw status from council data: case and surrounding spaces are ignored. */
export function licenceStatusAllowsPayment(status: string): boolean {
  return (payableLicenceStatuses as readonly string[]).includes(status.trim().toLowerCase());
}
