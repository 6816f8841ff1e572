import type { RenewalRulesView } from '@portal/domain/contracts/renewal-rules';
import type { CouncilCode } from '@portal/domain/councils';
import type { RenewalRulesChange } from '@portal/domain/forms';
import { overlappingReductions } from '@portal/domain/licences';
import { eq, sql } from 'drizzle-orm';
import { transactionWithRetry, type Database } from '../../db/database';
import { licenceReductions, licenceRenewalRules } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { reductionRowsOf, renewalRulesOf } from '../../lib/licence-rules';

/** A council's renewal rules as the back office reads them, with their version. */
export async function renewalRulesView(
  db: Database,
  council: CouncilCode,
  lock = false,
): Promise<RenewalRulesView> {
  const query = db
    .select()
    .from(licenceRenewalRules)
    .where(eq(licenceRenewalRules.councilCode, council));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', 'No such council');
  const rules = renewalRulesOf(row, await reductionRowsOf(db, council));
  return {
    council,
    version: row.version,
    process_fee_sen: rules.process_fee_sen,
    early_renewal_days: rules.early_renewal_days,
    renewable_statuses: [...rules.renewable_statuses],
    reductions: [...rules.reductions].sort((a, b) => a.from.localeCompare(b.from)),
  };
}

/**
 * Replaces a council's renewal rules and reductions (docs/licences.md), if nobody changed them
 * since `change.version` was read: the row is locked and its version compared, so of two changes
 * sent at once one lands and the other is `rules_changed`. Reductions that share a day are
 * `reductions_overlap`, so that at most one is in force on a day. `audit` records the rules as
 * they were and as they are, in the same transaction.
 */
export async function changeRenewalRules(
  db: Database,
  change: RenewalRulesChange,
  audit: (tx: Database, was: RenewalRulesView, now: RenewalRulesView) => Promise<void>,
): Promise<RenewalRulesView> {
  if (overlappingReductions(change.reductions)) {
    throw new AppError('reductions_overlap', 'Two reductions share a day');
  }
  return transactionWithRetry(db, async (tx) => {
    const was = await renewalRulesView(tx, change.council, true);
    if (was.version !== change.version) {
      throw new AppError('rules_changed', 'The rules changed since they were read');
    }
    const [updated] = await tx
      .update(licenceRenewalRules)
      .set({
        processFeeSen: change.process_fee_sen,
        earlyRenewalDays: change.early_renewal_days,
        renewableStatuses: change.renewable_statuses,
        version: sql`${licenceRenewalRules.version} + 1`,
      })
      // The version again: a change that slipped past the lock still cannot land twice.
      .where(
        sql`${licenceRenewalRules.councilCode} = ${change.council} and ${licenceRenewalRules.version} = ${change.version}`,
      )
      .returning({ version: licenceRenewalRules.version });
    if (!updated) throw new AppError('rules_changed', 'The rules changed since they were read');
    await tx.delete(licenceReductions).where(eq(licenceReductions.councilCode, change.council));
    if (change.reductions.length > 0) {
      await tx.insert(licenceReductions).values(
        change.reductions.map((reduction) => ({
          councilCode: change.council,
          name: reduction.name,
          method: reduction.method,
          percent: reduction.method === 'percentage' ? reduction.percent : null,
          amountSen: reduction.method === 'direct' ? reduction.amount_sen : null,
          startsOn: reduction.from,
          endsOn: reduction.to,
        })),
      );
    }
    const now = await renewalRulesView(tx, change.council);
    await audit(tx, was, now);
    return now;
  });
}
