import {
  assessmentBalanceOf,
  chooseAssessmentAmount,
  type AssessmentSelection,
} from '@portal/domain/assessments';
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
 * The bill of a lookup, once the council, the payment type and the bill's status allow paying it
 * (docs/search.md). Search and checkout apply the same rules.
 */
export function openBill<Bill extends { paymentType: PaymentType; status: string }>(
  row: BillAvailability<Bill> | undefined,
): Bill {
  assertOpen(row);
  if (!row?.bill) throw notFound();
  if (row.bill.paymentType === 'license' && !licenceStatusAllowsPayment(row.bill.status)) {
    throw new AppError(
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
    throw new AppError('council_not_available', 'This council is currently not available');
  }
  if (row && !row.paymentTypeAvailable) {
    throw new AppError(
      'payment_type_not_available',
      'This payment type is currently not available',
    );
  }
}

export const notFound = () => new AppError('not_found', 'No bill matches this search');

/** What a payment line takes off its bill: the amount, and what the receipt says of it. */
export interface PricedBill {
  amountSen: number;
  details: Record<string, unknown>;
}

/**
 * Prices a payment of a bill as it stands today (docs/payments.md): an assessment at the amount
 * and selection the payer chose, when the balance allows it; anything else in full, at exactly what
 * the council's record says. Undefined when the bill cannot be paid so. Checkout prices a cart with
 * it, and a late approval checks with it that its bills still owe what it paid.
 */
export function priceBill(
  bill: {
    paymentType: PaymentType;
    status: string;
    subType: string | null;
    amountDueSen: number;
    details: Record<string, unknown>;
  },
  chosen: { amountSen: number; selection?: AssessmentSelection | undefined },
): PricedBill | undefined {
  if (bill.paymentType === 'license' && !licenceStatusAllowsPayment(bill.status)) return undefined;
  if (bill.paymentType === 'assessment') {
    const balance = assessmentBalanceOf(bill.details);
    const choice = chooseAssessmentAmount(balance, chosen.selection ?? 'full', chosen.amountSen);
    if (!choice.ok) return undefined;
    return {
      amountSen: choice.amountSen,
      details: { selection: choice.selection, paid_until: choice.paidUntil },
    };
  }
  if (bill.amountDueSen <= 0 || chosen.amountSen !== bill.amountDueSen) return undefined;
  return { amountSen: bill.amountDueSen, details: { sub_type: bill.subType } };
}
