import { amountDueOf, assessmentBalanceOf } from '@portal/domain/assessments';
import { proportionOf } from '@portal/domain/money';
import { isAssessment } from '@portal/domain/payment-types';
import type { bills, paymentItems } from '../../db/schema';
import { licenceRecordOf, renewalLineOf } from '../../lib/licence-rules';

type Bill = typeof bills.$inferSelect;
type Line = typeof paymentItems.$inferSelect;

/**
 * A bill once part or all of what a payment line paid is given back (docs/refunds.md): what the
 * money paid is owed again. An assessment owes it again as arrears, with the discount it earned,
 * since the council's own system keeps how the payment was split; a licence whose renewal is refunded whole goes back to the
 * period it had, unless it was renewed again since. Other bills owe the amount again.
 */
export function billAfterRefund(
  bill: Bill,
  line: Line,
  amountSen: number,
  today: string,
): Pick<Bill, 'amountDueSen' | 'status' | 'details'> {
  const renewal = renewalLineOf(line);
  if (bill.paymentType === 'license') {
    const stillThatRenewal = renewal && licenceRecordOf(bill).valid_until === renewal.valid_until;
    if (!renewal || !stillThatRenewal || amountSen !== line.amountSen) {
      return { amountDueSen: bill.amountDueSen, status: bill.status, details: bill.details };
    }
    const until = renewal.renews_valid_until;
    return {
      amountDueSen: bill.amountDueSen,
      status: until === null || until < today ? 'expired' : bill.status,
      details: { ...bill.details, valid_until: until },
    };
  }
  if (!isAssessment(bill.paymentType)) {
    return { amountDueSen: bill.amountDueSen + amountSen, status: 'unpaid', details: bill.details };
  }
  // The discount the payment earned is withdrawn with it, in proportion to what is given back.
  const discountSen = proportionOf(line.discountSen, amountSen, line.amountSen);
  const balance = assessmentBalanceOf(bill.details);
  const left = { ...balance, arrearsSen: balance.arrearsSen + amountSen + discountSen };
  return {
    amountDueSen: amountDueOf(left),
    status: 'unpaid',
    details: { ...bill.details, arrears_sen: left.arrearsSen },
  };
}
