import {
  assessmentBalanceOf,
  assessmentOptions,
  type AssessmentRates,
} from '@portal/domain/assessments';
import type { FoundBill, LocalChargeQuote } from '@portal/domain/contracts/search';
import { isCouncilCode } from '@portal/domain/councils';
import { hideIC, hideText } from '@portal/domain/display-filters';
import {
  fieldErrors,
  localChargeAmount,
  localChargeDays,
  localChargeLimitErrors,
  localChargeRateSen,
  localChargeSchema,
  searchSchema,
} from '@portal/domain/forms';
import { accountKey, isAssessment, toPaymentType } from '@portal/domain/payment-types';
import { AppError, checkedRequest } from '../../lib/app-error';
import { assertOpen, notFound, openBill } from '../../lib/bill-rules';
import type { BillLookup, BillRow } from './search-queries';

/** Finds the bill a citizen asked for, or says why not (docs/search.md). */
export async function searchBill(lookup: BillLookup, request: unknown): Promise<FoundBill> {
  const rawType = (request as { payment_type?: unknown } | null)?.payment_type;
  const paymentType = typeof rawType === 'string' ? toPaymentType(rawType) : undefined;
  // The local government charge is not looked up by number: it is quoted from its form.
  if (rawType !== undefined && (!paymentType || paymentType === 'local_government_charge')) {
    throw new AppError('invalid_payment_type', `Cannot search payment type ${String(rawType)}`);
  }
  const search = checkedRequest(searchSchema, request, 'search');

  const row = await lookup({
    council: search.council,
    paymentType: search.payment_type,
    accountNo: accountKey(search.payment_type, search.query),
  });
  const bill = openBill(row);
  const filterMismatch =
    (search.plan_type && bill.paymentType === 'engineer' && bill.subType !== search.plan_type) ||
    (search.compound_type &&
      bill.paymentType === 'compound' &&
      bill.subType !== search.compound_type);
  if (filterMismatch) throw notFound();
  if (row?.heldUntil) {
    throw new AppError(
      'payment_in_progress',
      'Payment for this account is in progress',
      undefined,
      [
        {
          council: bill.councilCode,
          payment_type: bill.paymentType,
          account_no: bill.displayNo,
          release_at: row.heldUntil.toISOString(),
        },
      ],
    );
  }
  return presentBill(bill, row!.assessmentRates);
}

/**
 * Prices a local government charge from its form (docs/search.md): it belongs to a licence of the
 * council, which must exist and be in good standing; the server computes the amount.
 */
export async function quoteLocalCharge(
  lookup: BillLookup,
  request: unknown,
  gatewayMaxAmountSen: number,
): Promise<LocalChargeQuote> {
  const council = (request as { council?: unknown } | null)?.council;
  const parsed = localChargeSchema.safeParse(request);
  if (!isCouncilCode(council) || !parsed.success) {
    const fields = parsed.success ? {} : fieldErrors(parsed.error);
    if (!isCouncilCode(council))
      fields.council = council === undefined ? 'required' : 'code_invalid';
    throw new AppError('validation_failed', 'The charge form is not valid', fields);
  }
  const charge = parsed.data;
  // Whether the council takes this charge: the same lookup, for a number no bill has.
  const taken = await lookup({ council, paymentType: 'local_government_charge', accountNo: '' });
  assertOpen(taken);
  if (taken) {
    const beyond = localChargeLimitErrors(charge, taken.localChargeLimits);
    if (Object.keys(beyond).length > 0) {
      throw new AppError('validation_failed', 'The charge is beyond the council limits', beyond);
    }
  }
  const licence = openBill(
    await lookup({
      council,
      paymentType: 'license',
      accountNo: accountKey('license', charge.license_no),
    }),
  );
  const days = localChargeDays(charge.start_date, charge.end_date);
  const amount = localChargeAmount({
    people: charge.total_no_of_people,
    days,
    rateSen: localChargeRateSen,
  });
  if (amount > gatewayMaxAmountSen) {
    throw new AppError('amount_too_large', 'More than the gateway takes in one payment');
  }
  return {
    council,
    payment_type: 'local_government_charge',
    account_no: licence.displayNo,
    license_no: licence.displayNo,
    customer_name: charge.customer_name,
    people: charge.total_no_of_people,
    days,
    rate_sen: localChargeRateSen,
    amount_due: amount,
    start_date: charge.start_date,
    end_date: charge.end_date,
    description: licence.description,
  };
}

/**
 * What a search shows: anyone may search any number, so the owner's name and identity card
 * number are masked before they leave the server.
 */
function presentBill(bill: BillRow, rates: AssessmentRates): FoundBill {
  const found: FoundBill = {
    council: bill.councilCode,
    payment_type: bill.paymentType,
    account_no: bill.displayNo,
    sub_type: bill.subType,
    status: bill.status,
    owner_name: hideText(bill.ownerName),
    owner_ic: bill.ownerIc ? hideIC(bill.ownerIc) : null,
    address: bill.address,
    description: bill.description,
    amount_due: bill.amountDueSen,
    due_date: bill.dueDate,
    details: bill.details,
  };
  if (isAssessment(bill.paymentType)) {
    found.assessment_options = assessmentOptions(assessmentBalanceOf(bill.details), rates).map(
      (option) => ({
        selection: option.selection,
        code: option.code,
        minimum: option.minimumSen,
        maximum: option.maximumSen,
        paid_until: option.paidUntil,
        discount: option.discountSen,
      }),
    );
    found.assessment_rates = {
      partial_discount_bp: rates.partialDiscountBp,
      arrears_discount_bp: rates.arrearsDiscountBp,
    };
  }
  return found;
}
