import {
  assessmentBalanceOf,
  assessmentOptions,
  chooseAssessmentAmount,
  type AssessmentRates,
  type AssessmentSelection,
} from '@portal/domain/assessments';
import { licenceStatusAllowsPayment } from '@portal/domain/licences';
import { proportionOf } from '@portal/domain/money';
import { isAssessment, type PaymentType } from '@portal/domain/payment-types';
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

/** What a payment line takes off its bill: the amount, its tax and discount, what the receipt says. */
export interface PricedBill {
  amountSen: number;
  /** The part of the amount that is tax, as the council's bill states it. */
  taxSen: number;
  /** Taken off the bill besides the amount. */
  discountSen: number;
  details: Record<string, unknown>;
}

/**
 * Prices a payment of a bill as it stands today (docs/payments.md): an assessment at the amount
 * and selection the payer chose, by its council's rates, when the balance allows it; anything else
 * in full, at exactly what the council's record says. Undefined when the bill cannot be paid so.
 * Checkout prices a cart with it, and a late approval checks with it that its bills still owe what
 * it paid.
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
  rates: AssessmentRates,
): PricedBill | undefined {
  if (bill.paymentType === 'license' && !licenceStatusAllowsPayment(bill.status)) return undefined;
  const statedTaxSen = statedSen(bill.details, 'tax_sen');
  if (isAssessment(bill.paymentType)) {
    const balance = assessmentBalanceOf(bill.details);
    const choice = chooseAssessmentAmount(
      balance,
      chosen.selection ?? 'full',
      chosen.amountSen,
      rates,
    );
    if (!choice.ok) return undefined;
    const fullSen = assessmentOptions(balance, rates).find(
      (o) => o.selection === 'full',
    )!.minimumSen;
    return {
      amountSen: choice.amountSen,
      // A part payment carries its part of the bill's tax.
      taxSen: Math.min(choice.amountSen, proportionOf(statedTaxSen, choice.amountSen, fullSen)),
      discountSen: choice.discountSen,
      details: { selection: choice.selection, paid_until: choice.paidUntil },
    };
  }
  if (bill.amountDueSen <= 0 || chosen.amountSen !== bill.amountDueSen) return undefined;
  return {
    amountSen: bill.amountDueSen,
    taxSen: Math.min(bill.amountDueSen, statedTaxSen),
    discountSen: statedSen(bill.details, 'discount_sen'),
    details: { sub_type: bill.subType },
  };
}

/** A whole-sen figure a council's record states in a bill's details; anything else is none. */
function statedSen(details: Record<string, unknown>, key: string): number {
  const value = details[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;
}
