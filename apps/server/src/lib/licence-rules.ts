import {
  licenceStatusAllowsPayment,
  reductionOn,
  renewalOptions,
  type LicenceReduction,
  type RenewalOption,
  type RenewalPeriod,
  type RenewalRules,
} from '@portal/domain/licences';
import { licenceRecord, type LicenceRecord } from '@portal/domain/licence-records';
import { asc, eq } from 'drizzle-orm';
import type { Language } from '@portal/domain/languages';
import type { Database } from '../db/database';
import { licenceReductions, licenceRenewalRules } from '../db/schema';

/** A stored reduction as the domain reads it. */
export function reductionOfRow(row: typeof licenceReductions.$inferSelect): LicenceReduction {
  const common = { name: row.name, from: row.startsOn, to: row.endsOn };
  return row.method === 'percentage'
    ? { ...common, method: 'percentage', percent: row.percent ?? 0 }
    : { ...common, method: 'direct', amount_sen: row.amountSen ?? 0 };
}

/** A council's renewal rules as the domain reads them, with its reductions by their first day. */
export function renewalRulesOf(
  row: typeof licenceRenewalRules.$inferSelect,
  reductions: (typeof licenceReductions.$inferSelect)[],
): RenewalRules {
  return {
    renewable_statuses: row.renewableStatuses,
    early_renewal_days: row.earlyRenewalDays,
    process_fee_sen: row.processFeeSen,
    reductions: reductions.map(reductionOfRow),
  };
}

/** A council's reductions, by their first day. */
export function reductionRowsOf(db: Database, council: string) {
  return db
    .select()
    .from(licenceReductions)
    .where(eq(licenceReductions.councilCode, council))
    .orderBy(asc(licenceReductions.startsOn), asc(licenceReductions.id));
}

/** The council's renewal rules; every council has a row, written at start. */
export async function readRenewalRules(db: Database, council: string): Promise<RenewalRules> {
  const [row] = await db
    .select()
    .from(licenceRenewalRules)
    .where(eq(licenceRenewalRules.councilCode, council));
  if (!row) throw new Error(`Council ${council} has no licence renewal rules`);
  return renewalRulesOf(row, await reductionRowsOf(db, council));
}

/** The licence record of a bill row; a record the council loaded broken is a fault, not a miss. */
export function licenceRecordOf(bill: { details: unknown; displayNo: string }): LicenceRecord {
  const record = licenceRecord.safeParse(bill.details);
  if (!record.success) throw new Error(`The record of licence ${bill.displayNo} is not complete`);
  return record.data;
}

/** What a renewal line of a payment records: the period bought, and where it starts from. */
export interface RenewalLine {
  period: RenewalPeriod;
  valid_from: string;
  valid_until: string;
  months: number;
  /** The licence's validity when it was priced: a renewal applies only on top of that. */
  renews_valid_until: string | null;
  /** The name of the reduction it was priced under, for the receipt; absent when none. */
  reduction_name?: Record<Language, string>;
}

/** The renewal of a licence bill for a period, priced today, if the rules allow it. */
export function renewalOf(
  bill: { status: string; details: unknown; displayNo: string },
  period: RenewalPeriod,
  rules: RenewalRules,
  today: string,
): { option: RenewalOption; line: RenewalLine } | undefined {
  const record = licenceRecordOf(bill);
  const answer = renewalOptions(
    {
      status: bill.status,
      valid_until: record.valid_until,
      monthly_fee_sen: record.monthly_fee_sen,
    },
    rules,
    today,
  );
  const option = answer.renewable
    ? answer.options.find((candidate) => candidate.period === period)
    : undefined;
  if (!option) return undefined;
  const inForce = reductionOn(rules.reductions, today);
  return {
    option,
    line: {
      period,
      valid_from: option.valid_from,
      valid_until: option.valid_until,
      months: option.months,
      renews_valid_until: record.valid_until,
      ...(option.reduction_sen > 0 && inForce ? { reduction_name: inForce.name } : {}),
    },
  };
}

/** The renewal a payment line bought, if it is one. */
export function renewalLineOf(line: { details: Record<string, unknown> }): RenewalLine | undefined {
  return line.details.renewal as RenewalLine | undefined;
}

/**
 * Whether a renewal paid late (an approval after the portal closed its payment) still applies:
 * the licence still runs out where it did when the renewal was priced, and may still be paid.
 * Another renewal settled meanwhile moved it, and this one is then owed back instead.
 */
export function renewalStillApplies(
  bill: { status: string; details: unknown; displayNo: string },
  renewal: RenewalLine,
): boolean {
  return (
    licenceStatusAllowsPayment(bill.status) &&
    licenceRecordOf(bill).valid_until === renewal.renews_valid_until
  );
}

/**
 * A licence once its renewal is paid: active for the period bought. A licence renewed early,
 * still valid on the day it is paid, keeps its start, so that it stays valid today; any other
 * starts where the renewal does.
 */
export function renewedLicence(
  bill: { details: Record<string, unknown>; displayNo: string },
  renewal: RenewalLine,
  today: string,
): { status: string; details: Record<string, unknown> } {
  const record = licenceRecordOf(bill);
  const stillValid =
    record.valid_from !== null && record.valid_until !== null && record.valid_until >= today;
  return {
    status: 'active',
    details: {
      ...bill.details,
      valid_from: stillValid ? record.valid_from : renewal.valid_from,
      valid_until: renewal.valid_until,
    },
  };
}
