// No zod here: the licence check shows a status with it, and shows no form (docs/decisions/0027).
import type { Language } from './languages';
import type { Sen } from './money';

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

/** Where a licence application stands, as its applicant follows it (docs/licences.md). */
export const licenceApplicationStatuses = [
  'received',
  'in_review',
  'approved_awaiting_payment',
  'approved',
  'rejected',
] as const;

export type LicenceApplicationStatus = (typeof licenceApplicationStatuses)[number];

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

/** A day in Malaysia, written YYYY-MM-DD: licences are valid by calendar day, not by instant. */
export type CalendarDay = string;

/** What a council decides about renewing its licences online (docs/licences.md). */
export interface RenewalRules {
  /** Statuses that may renew; any other is 'license_status_not_allowed'. */
  renewable_statuses: readonly LicenceStatus[];
  /** Renewal opens this many days before the licence runs out. */
  early_renewal_days: number;
  /** Charged once per renewal, on top of the licence fee. */
  process_fee_sen: Sen;
  /**
   * The council's reductions of the licence fee, each for its own days; no two share a day, so
   * at most one is in force on any day.
   */
  reductions: readonly LicenceReduction[];
}

/**
 * How a reduction takes its part of the licence fee: a whole percent of it (1-100), or a fixed
 * amount in sen, never more than the fee itself.
 */
export const reductionMethods = ['percentage', 'direct'] as const;

export type ReductionMethod = (typeof reductionMethods)[number];

/** A named reduction of the licence fee, in force from one Malaysia day to another, inclusive. */
export type LicenceReduction = {
  name: Record<Language, string>;
  from: CalendarDay;
  to: CalendarDay;
} & ({ method: 'percentage'; percent: number } | { method: 'direct'; amount_sen: Sen });

/** The reduction in force on a day, if any: the one whose dates contain it. */
export function reductionOn(
  reductions: readonly LicenceReduction[],
  day: CalendarDay,
): LicenceReduction | undefined {
  return reductions.find((reduction) => reduction.from <= day && day <= reduction.to);
}

/** The first two reductions (by index) that share a day, if any two do. */
export function overlappingReductions(
  reductions: readonly Pick<LicenceReduction, 'from' | 'to'>[],
): [number, number] | undefined {
  for (let i = 0; i < reductions.length; i++) {
    for (let j = i + 1; j < reductions.length; j++) {
      const [a, b] = [reductions[i]!, reductions[j]!];
      if (a.from <= b.to && b.from <= a.to) return [i, j];
    }
  }
  return undefined;
}

/** What a reduction takes off a licence fee: whole sen, rounded down, never more than the fee. */
export function reductionOf(reduction: LicenceReduction | undefined, licenceFee: Sen): Sen {
  if (!reduction) return 0;
  if (reduction.method === 'percentage') return Math.floor((licenceFee * reduction.percent) / 100);
  return Math.min(reduction.amount_sen, licenceFee);
}

/** How far a renewal reaches: the end of this year, or the end of next year. */
export const renewalPeriods = ['this_year', 'next_year'] as const;

export type RenewalPeriod = (typeof renewalPeriods)[number];

/** One way to renew, priced: the new validity and what it costs, in whole sen. */
export interface RenewalOption {
  period: RenewalPeriod;
  valid_from: CalendarDay;
  valid_until: CalendarDay;
  months: number;
  licence_fee_sen: Sen;
  process_fee_sen: Sen;
  reduction_sen: Sen;
  amount_sen: Sen;
}

export type RenewalAnswer =
  | { renewable: true; options: RenewalOption[] }
  | { renewable: false; reason: 'license_status_not_allowed' }
  | { renewable: false; reason: 'early_renewal_closed'; opens_on: CalendarDay };

/** What renewal needs to know of a licence. */
export interface RenewableLicence {
  status: string;
  valid_until: CalendarDay | null;
  monthly_fee_sen: Sen;
}

const dayMs = 24 * 60 * 60 * 1000;

/** The day `days` after (or before, when negative) a calendar day. */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

function monthIndex(day: CalendarDay): number {
  return Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
}

/**
 * Whether and how a licence renews today (docs/licences.md). A renewal starts the day after the
 * licence runs out, but never before 1 January of this year (a licence lapsed for years is not
 * charged for them online), and today for a licence never yet valid. It runs to the end of this
 * year or of next year, charged by the calendar month begun: months x monthly fee, plus the
 * process fee, less the council's reduction in force today (a percent of the licence fee rounded
 * down to the sen, or a fixed amount, never more than the licence fee).
 */
export function renewalOptions(
  licence: RenewableLicence,
  rules: RenewalRules,
  today: CalendarDay,
): RenewalAnswer {
  const status = licence.status.trim().toLowerCase() as LicenceStatus;
  if (!rules.renewable_statuses.includes(status)) {
    return { renewable: false, reason: 'license_status_not_allowed' };
  }
  if (licence.valid_until) {
    const opensOn = addDays(licence.valid_until, -rules.early_renewal_days);
    if (today < opensOn)
      return { renewable: false, reason: 'early_renewal_closed', opens_on: opensOn };
  }
  const thisYear = Number(today.slice(0, 4));
  const startOfYear = `${thisYear}-01-01`;
  const afterExpiry = licence.valid_until ? addDays(licence.valid_until, 1) : today;
  const validFrom = afterExpiry < startOfYear ? startOfYear : afterExpiry;
  // The reduction of the pricing day, not of the renewal's months: checkout prices again.
  const inForce = reductionOn(rules.reductions, today);
  const options = renewalPeriods.flatMap((period): RenewalOption[] => {
    const validUntil = `${period === 'this_year' ? thisYear : thisYear + 1}-12-31`;
    if (validFrom > validUntil) return [];
    const months = monthIndex(validUntil) - monthIndex(validFrom) + 1;
    const licenceFee = months * licence.monthly_fee_sen;
    const reduction = reductionOf(inForce, licenceFee);
    return [
      {
        period,
        valid_from: validFrom,
        valid_until: validUntil,
        months,
        licence_fee_sen: licenceFee,
        process_fee_sen: rules.process_fee_sen,
        reduction_sen: reduction,
        amount_sen: licenceFee + rules.process_fee_sen - reduction,
      },
    ];
  });
  return { renewable: true, options };
}

/**
 * Whether a licence is good today, as the public verification page says it: active, and today
 * within its validity. Anything else is "not valid", whatever the reason.
 */
export function licenceValidOn(
  licence: { status: string; valid_from: CalendarDay | null; valid_until: CalendarDay | null },
  today: CalendarDay,
): boolean {
  return (
    licence.status.trim().toLowerCase() === 'active' &&
    licence.valid_from !== null &&
    licence.valid_until !== null &&
    licence.valid_from <= today &&
    today <= licence.valid_until
  );
}

/** Operating licences and permits, searched apart from trading licences (docs/licences.md). */
export const licenceCategories = ['operating', 'trading'] as const;

export type LicenceCategory = (typeof licenceCategories)[number];

/** The opening hours a printed licence states for its business type (docs/licences.md). */
export const licenceHours = ['night_entertainment', 'amusement', 'market'] as const;
