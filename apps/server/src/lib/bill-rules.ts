import { licenceStatusAllowsPayment } from '@portal/domain/licences';
import type { PaymentType } from '@portal/domain/payment-types';
import { AppError } from './app-error';

/** What the rules need to know of a bill lookup: whether its council and type are open, the bill. */
export interface BillAvailability<Bill extends { paymentType: PaymentType; status: string }> {
  councilAvailable: boolean;
  paymentTypeAvailable: boolean | null;
  bill: Bill | null;
}

/**
 * The key a number is stored under: what search normalisation leaves (spec section 5), in
 * capitals and without spaces, so `a01 000137` finds `A01000137`.
 */
export function lookupKey(query: string): string {
  return query.replace(/\s+/g, '').toUpperCase();
}

/**
 * The bill of a lookup, once the council, the payment type and the bill's status allow paying it
 * (spec section 8's errors). Search and checkout apply the same rules.
 */
export function openBill<Bill extends { paymentType: PaymentType; status: string }>(
  row: BillAvailability<Bill> | undefined,
): Bill {
  assertOpen(row);
  if (!row?.bill) throw notFound();
  if (row.bill.paymentType === 'license' && !licenceStatusAllowsPayment(row.bill.status)) {
    throw new AppError(
      409,
      'license_status_not_allowed',
      `A licence that is ${row.bill.status} cannot proceed to payment`,
    );
  }
  return row.bill;
}

export function assertOpen(
  row: Pick<BillAvailability<never>, 'councilAvailable' | 'paymentTypeAvailable'> | undefined,
): void {
  if (row && !row.councilAvailable) {
    throw new AppError(409, 'council_not_available', 'This council is currently not available');
  }
  if (row && !row.paymentTypeAvailable) {
    throw new AppError(
      409,
      'payment_type_not_available',
      'This payment type is currently not available',
    );
  }
}

export const notFound = () => new AppError(404, 'not_found', 'No bill matches this search');
