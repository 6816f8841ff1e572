import type { Sen } from './money';

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
 * The three selections (docs/cart.md):
 * 1 `partial`: any amount from the minimum up to what the full payment costs, no discount; it
 *   pays the arrears first, then this year's quarters in order. Paying exactly the full payment's
 *   amount is the full payment.
 * 2 `arrears`: exactly the past years' arrears, paid until the previous year's last quarter.
 * 3 `full`: the whole balance less the special discount, paid until this year's last quarter.
 */
export const assessmentSelections = ['partial', 'arrears', 'full'] as const;
export type AssessmentSelection = (typeof assessmentSelections)[number];

export interface AssessmentOption {
  selection: AssessmentSelection;
  /** The selection's number as councils know it (1, 2, 3). */
  code: 1 | 2 | 3;
  minimumSen: Sen;
  maximumSen: Sen;
  /** `YYYY/Q`: the last quarter paid once the maximum is paid. */
  paidUntil: string;
}

/** The least a partial payment may be: RM 10, or the whole balance when that is less. */
export const minimumPartialPaymentSen: Sen = 1000;

/** The selections open to this balance; none when nothing is owed. */
export function assessmentOptions(balance: AssessmentBalance): AssessmentOption[] {
  const owedSen = balance.arrearsSen + balance.currentSen;
  const fullSen = owedSen - Math.min(balance.specialDiscountSen, balance.currentSen);
  // A discount that covers all that is owed leaves nothing to pay, and no payment of RM 0.00.
  if (owedSen <= 0 || fullSen <= 0) return [];
  const options: AssessmentOption[] = [];
  // Never more than paying in full costs: above it, the payer would pay more and lose the discount.
  if (fullSen > minimumPartialPaymentSen) {
    options.push({
      selection: 'partial',
      code: 1,
      minimumSen: minimumPartialPaymentSen,
      maximumSen: fullSen,
      // Paying the maximum is paying in full.
      paidUntil: `${balance.assessedYear}/4`,
    });
  }
  if (balance.arrearsSen > 0 && balance.currentSen > 0) {
    options.push({
      selection: 'arrears',
      code: 2,
      minimumSen: balance.arrearsSen,
      maximumSen: balance.arrearsSen,
      paidUntil: `${balance.assessedYear - 1}/4`,
    });
  }
  options.push({
    selection: 'full',
    code: 3,
    minimumSen: fullSen,
    maximumSen: fullSen,
    paidUntil: `${balance.assessedYear}/4`,
  });
  return options;
}

export type AssessmentChoice =
  | { ok: true; selection: AssessmentSelection; amountSen: Sen; paidUntil: string }
  | {
      ok: false;
      reason: 'no_such_selection' | 'below_minimum' | 'above_maximum' | 'not_whole_sen';
    };

/**
 * Checks an amount a citizen chose for a selection. A partial payment equal to the full payment
 * counts as the full payment (docs/cart.md).
 */
export function chooseAssessmentAmount(
  balance: AssessmentBalance,
  selection: AssessmentSelection,
  amountSen: Sen,
): AssessmentChoice {
  if (!Number.isSafeInteger(amountSen)) return { ok: false, reason: 'not_whole_sen' };
  const options = assessmentOptions(balance);
  const option = options.find((candidate) => candidate.selection === selection);
  if (!option) return { ok: false, reason: 'no_such_selection' };
  if (amountSen < option.minimumSen) return { ok: false, reason: 'below_minimum' };
  if (amountSen > option.maximumSen) return { ok: false, reason: 'above_maximum' };
  const full = options.find((candidate) => candidate.selection === 'full')!;
  if (amountSen === full.minimumSen) {
    return { ok: true, selection: 'full', amountSen, paidUntil: full.paidUntil };
  }
  const paid = selection === 'partial' ? paidUntil(balance, amountSen) : option.paidUntil;
  return { ok: true, selection, amountSen, paidUntil: paid };
}

/**
 * The last quarter an undiscounted payment covers: arrears first, then this year's quarters,
 * a quarter counting only when paid in whole. Before the arrears are cleared nothing moves, so
 * the answer is the quarter before the oldest unpaid one as far as this balance knows: the
 * previous year's, less a year when arrears remain.
 */
function paidUntil(balance: AssessmentBalance, amountSen: Sen): string {
  const year = balance.assessedYear;
  if (amountSen < balance.arrearsSen) return `${year - 2}/4`;
  const quarters =
    balance.currentSen === 0
      ? 4
      : Math.min(4, Math.floor(((amountSen - balance.arrearsSen) * 4) / balance.currentSen));
  return quarters === 0 ? `${year - 1}/4` : `${year}/${quarters}`;
}
