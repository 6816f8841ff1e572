import { proportionOf, type Sen } from './money';

/**
 * What an assessment (property tax) account owes, as the council's ledger holds it. The year's tax
 * is payable in four quarters; paying everything at once earns the special discount.
 */
export interface AssessmentBalance {
  /** Tax of past years still unpaid. */
  arrearsSen: Sen;
  /** This assessed year's tax. */
  currentSen: Sen;
  /** Taken off when the whole balance is paid at once (never more than the year's tax). */
  specialDiscountSen: Sen;
  /** The year `currentSen` is for. */
  assessedYear: number;
}

/** The balance held in an assessment bill's details (`*_sen` fields, as the search answers them). */
export function assessmentBalanceOf(details: Record<string, unknown>): AssessmentBalance {
  const sen = (key: string) => {
    const value = details[key];
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
  };
  const year = Number(details.assessed_year);
  return {
    arrearsSen: sen('arrears_sen'),
    currentSen: sen('current_sen'),
    specialDiscountSen: sen('special_discount_sen'),
    assessedYear: Number.isInteger(year) && year > 0 ? year : new Date().getUTCFullYear(),
  };
}

/**
 * What a council sets where the selection rule leaves a rate open (docs/assessment.md), in basis
 * points (1/100 of a percent).
 */
export interface AssessmentRates {
  /**
   * The minimum special discount: the share of the year's special discount a partial payment
   * earns, in proportion to how much of the full payment it pays.
   */
  partialDiscountBp: number;
  /** The share of the arrears the council waives when they are cleared at once (selections 2, 3). */
  arrearsDiscountBp: number;
}

/**
 * Half the special discount for a partial payment, since it is bounded by what the council already
 * grants on the bill; no waiver of arrears, since a council that grants none would lose money.
 */
export const defaultAssessmentRates: AssessmentRates = {
  partialDiscountBp: 5000,
  arrearsDiscountBp: 0,
};

/**
 * The three selections of the council's rule (docs/assessment.md):
 * 1 `partial`: any amount from the minimum up to what the full payment costs, with the minimum
 *   special discount, credited to the assessed year (paid until its fourth quarter). Paying
 *   exactly the full payment's amount is the full payment.
 * 2 `arrears`: the past years' arrears less their waiver (the special discount), paid until the
 *   previous year's fourth quarter.
 * 3 `full`: the whole balance less the full special discount and the arrears' waiver, paid until
 *   the assessed year's fourth quarter.
 */
export const assessmentSelections = ['partial', 'arrears', 'full'] as const;
export type AssessmentSelection = (typeof assessmentSelections)[number];

export interface AssessmentOption {
  selection: AssessmentSelection;
  /** The selection's number as councils know it (1, 2, 3). */
  code: 1 | 2 | 3;
  minimumSen: Sen;
  maximumSen: Sen;
  /** `YYYY/Q`: the last quarter the selection pays until. */
  paidUntil: string;
  /** Taken off the account besides the amount, when the maximum is paid. */
  discountSen: Sen;
}

/** The least a partial payment may be: RM 10, or the whole balance when that is less. */
export const minimumPartialPaymentSen: Sen = 1000;

/** The year's special discount as it may be granted: never more than the year's tax. */
function yearDiscount(balance: AssessmentBalance): Sen {
  return Math.min(balance.specialDiscountSen, balance.currentSen);
}

function arrearsWaiver(balance: AssessmentBalance, rates: AssessmentRates): Sen {
  return Math.floor((balance.arrearsSen * boundedBp(rates.arrearsDiscountBp)) / 10_000);
}

function boundedBp(bp: number): number {
  return Number.isSafeInteger(bp) ? Math.min(10_000, Math.max(0, bp)) : 0;
}

/**
 * An assessment bill's amount due, as the council states it: all that is owed less the year's
 * special discount. The arrears waiver, a rate of the portal's council data, comes off only when
 * the payment is chosen.
 */
export function amountDueOf(balance: AssessmentBalance): Sen {
  return balance.arrearsSen + balance.currentSen - yearDiscount(balance);
}

/** The selections open to this balance; none when nothing is owed. */
export function assessmentOptions(
  balance: AssessmentBalance,
  rates: AssessmentRates = defaultAssessmentRates,
): AssessmentOption[] {
  const owedSen = balance.arrearsSen + balance.currentSen;
  const waiverSen = arrearsWaiver(balance, rates);
  const fullDiscountSen = yearDiscount(balance) + waiverSen;
  const fullSen = owedSen - fullDiscountSen;
  // A discount that covers all that is owed leaves nothing to pay, and no payment of RM 0.00.
  if (owedSen <= 0 || fullSen <= 0) return [];
  const year = balance.assessedYear;
  const options: AssessmentOption[] = [];
  // Never more than paying in full costs: above it, the payer would pay more and lose the discount.
  if (fullSen > minimumPartialPaymentSen) {
    options.push({
      selection: 'partial',
      code: 1,
      minimumSen: minimumPartialPaymentSen,
      maximumSen: fullSen,
      paidUntil: `${year}/4`,
      // Paying the maximum is paying in full.
      discountSen: fullDiscountSen,
    });
  }
  if (balance.arrearsSen > waiverSen && balance.currentSen > 0) {
    options.push({
      selection: 'arrears',
      code: 2,
      minimumSen: balance.arrearsSen - waiverSen,
      maximumSen: balance.arrearsSen - waiverSen,
      paidUntil: `${year - 1}/4`,
      discountSen: waiverSen,
    });
  }
  options.push({
    selection: 'full',
    code: 3,
    minimumSen: fullSen,
    maximumSen: fullSen,
    paidUntil: `${year}/4`,
    discountSen: fullDiscountSen,
  });
  return options;
}

export type AssessmentChoice =
  | {
      ok: true;
      selection: AssessmentSelection;
      amountSen: Sen;
      paidUntil: string;
      /** Taken off the account besides the amount; the account is credited amount + discount. */
      discountSen: Sen;
    }
  | {
      ok: false;
      reason: 'no_such_selection' | 'below_minimum' | 'above_maximum' | 'not_whole_sen';
    };

/**
 * Checks an amount a citizen chose for a selection. A partial payment equal to the full payment
 * counts as the full payment (docs/assessment.md).
 */
export function chooseAssessmentAmount(
  balance: AssessmentBalance,
  selection: AssessmentSelection,
  amountSen: Sen,
  rates: AssessmentRates = defaultAssessmentRates,
): AssessmentChoice {
  if (!Number.isSafeInteger(amountSen)) return { ok: false, reason: 'not_whole_sen' };
  const options = assessmentOptions(balance, rates);
  const option = options.find((candidate) => candidate.selection === selection);
  if (!option) return { ok: false, reason: 'no_such_selection' };
  if (amountSen < option.minimumSen) return { ok: false, reason: 'below_minimum' };
  if (amountSen > option.maximumSen) return { ok: false, reason: 'above_maximum' };
  const full = options.find((candidate) => candidate.selection === 'full')!;
  if (amountSen === full.minimumSen) {
    const { paidUntil, discountSen } = full;
    return { ok: true, selection: 'full', amountSen, paidUntil, discountSen };
  }
  const discountSen =
    selection === 'partial'
      ? partialDiscount(yearDiscount(balance), rates, amountSen, full.minimumSen)
      : option.discountSen;
  return { ok: true, selection, amountSen, paidUntil: option.paidUntil, discountSen };
}

/**
 * The minimum special discount of a partial payment: the council's share of the year's special
 * discount, in proportion to the part of the full payment paid, rounded down to the sen. It comes
 * out of the year's special discount, so paying in parts never earns more than paying in full.
 */
function partialDiscount(
  yearDiscountSen: Sen,
  rates: AssessmentRates,
  amountSen: Sen,
  fullSen: Sen,
): Sen {
  const shareSen = proportionOf(yearDiscountSen, boundedBp(rates.partialDiscountBp), 10_000);
  return proportionOf(shareSen, amountSen, fullSen);
}

/**
 * The balance once a payment is credited (docs/assessment.md): the full selection clears it; any
 * other credits amount + discount to the arrears first, then to the year's tax, and a partial
 * payment's discount comes out of the year's special discount still to be granted.
 */
export function balanceAfterPayment(
  balance: AssessmentBalance,
  paid: { selection: AssessmentSelection; amountSen: Sen; discountSen: Sen },
): AssessmentBalance {
  if (paid.selection === 'full') {
    return { ...balance, arrearsSen: 0, currentSen: 0, specialDiscountSen: 0 };
  }
  const creditSen = paid.amountSen + paid.discountSen;
  const toArrears = Math.min(balance.arrearsSen, creditSen);
  const toCurrent = Math.min(balance.currentSen, creditSen - toArrears);
  const discountLeft =
    paid.selection === 'partial'
      ? Math.max(0, yearDiscount(balance) - paid.discountSen)
      : balance.specialDiscountSen;
  return {
    ...balance,
    arrearsSen: balance.arrearsSen - toArrears,
    currentSen: balance.currentSen - toCurrent,
    // Never more than what is left of the year's tax.
    specialDiscountSen: Math.min(discountLeft, balance.currentSen - toCurrent),
  };
}
