import {
  applicationKey,
  applicationSummary,
  checkApplicationRecord,
  type ApplicationRecord,
} from '@portal/domain/application-records';
import type { BatchAnswer, RecordResult } from '@portal/domain/contracts/council-api';
import type { CouncilCode } from '@portal/domain/councils';
import { malaysiaDay } from '@portal/domain/display-filters';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type * as z from 'zod';
import { transactionWithRetry, type Database } from '../../db/database';
import { licenceApplicationEvents, licenceApplications } from '../../db/schema';

/** How a batch is applied: as the council API's bills are (docs/council-api.md). */
export interface ApplicationUpsertOptions {
  /** All records or none: one refusal writes nothing. */
  atomic: boolean;
  /** Answer what would happen, and write nothing. */
  dryRun: boolean;
  now: Date;
  /** Who the history's new steps are by: the key (`api-key:…`) or the importing officer. */
  by: string;
}

/** A record checked, with the key a citizen's search finds it by. */
export interface CheckedApplication {
  index: number;
  record: ApplicationRecord;
  key: string;
}

/** Why a checked record was not written: another call created the same application meanwhile. */
export interface ApplicationOutcome {
  outcome: RecordResult['outcome'];
  reason?: 'changed_meanwhile' | 'decided_in_portal';
}

/** A step an officer made in the back office: by their e-mail, not a system's or a file's. */
const byOfficer = (event: EventRow) =>
  !event.by.startsWith('api-key:') && !event.by.startsWith('import:') && event.by.includes('@');

type ApplicationRow = typeof licenceApplications.$inferSelect;
type EventRow = typeof licenceApplicationEvents.$inferSelect;

/** An application's columns as a record gives them. */
function columnsOf(council: CouncilCode, item: CheckedApplication) {
  const { record } = item;
  const summary = applicationSummary(record);
  return {
    councilCode: council,
    reference: item.key,
    displayReference: record.reference,
    kind: record.kind,
    businessName: record.business_name,
    applicantName: record.applicant_name,
    status: summary.status,
    submittedOn: summary.submittedOn,
    decidedOn: summary.decidedOn,
    licenceNo: record.licence_no,
    note: record.note,
  };
}

function sameApplication(row: ApplicationRow, columns: ReturnType<typeof columnsOf>): boolean {
  return (
    row.displayReference === columns.displayReference &&
    row.kind === columns.kind &&
    row.businessName === columns.businessName &&
    row.applicantName === columns.applicantName &&
    row.status === columns.status &&
    row.submittedOn === columns.submittedOn &&
    row.decidedOn === columns.decidedOn &&
    row.licenceNo === columns.licenceNo &&
    row.note === columns.note
  );
}

const sameStep = (event: EventRow, step: ApplicationRecord['history'][number]) =>
  event.status === step.status && event.on === step.on && event.note === (step.note ?? null);

function sameHistory(events: readonly EventRow[], record: ApplicationRecord): boolean {
  return (
    events.length === record.history.length &&
    record.history.every((step, index) => sameStep(events[index]!, step))
  );
}

/**
 * Checks each record (the same checks for the council API and the back office's file), then
 * creates or updates the council's applications and their histories by reference.
 */
export function checkApplications(
  council: CouncilCode,
  records: readonly unknown[],
  now: Date,
): {
  results: RecordResult[];
  checked: CheckedApplication[];
  invalid: boolean;
  /** Each refused record's problems, by its index, for a file to place on its lines. */
  issues: Map<number, readonly z.core.$ZodIssue[]>;
} {
  const issues = new Map<number, readonly z.core.$ZodIssue[]>();
  const today = malaysiaDay(now);
  const results: RecordResult[] = records.map((raw, index) => {
    const reference = (raw as Record<string, unknown> | null)?.reference;
    return {
      index,
      payment_type: null,
      account_no: typeof reference === 'string' ? reference.slice(0, 64) : null,
      outcome: 'refused',
    };
  });
  const checked: CheckedApplication[] = [];
  records.forEach((raw, index) => {
    const check = checkApplicationRecord(raw, today);
    if ('fields' in check) {
      results[index] = { ...results[index]!, reason: 'invalid', fields: check.fields };
      issues.set(index, check.issues);
    } else if (check.record.council !== undefined && check.record.council !== council) {
      results[index] = { ...results[index]!, reason: 'other_council' };
    } else {
      checked.push({ index, record: check.record, key: applicationKey(check.record.reference) });
    }
  });
  // One application named twice: which of the two is meant? Neither is written, nor anything else.
  const seen = new Map<string, number>();
  const twice = new Set<number>();
  for (const item of checked) {
    const first = seen.get(item.key);
    if (first === undefined) seen.set(item.key, item.index);
    else twice.add(first).add(item.index);
  }
  for (const index of twice) {
    results[index] = {
      ...results[index]!,
      reason: 'invalid',
      fields: { reference: 'named_twice' },
    };
  }
  return {
    results,
    checked: checked.filter((item) => !twice.has(item.index)),
    invalid: checked.length < records.length || twice.size > 0,
    issues,
  };
}

/** Counts the outcomes into the council API's batch answer. */
export function batchAnswerOf(results: RecordResult[], applied: boolean): BatchAnswer {
  const count = (outcome: RecordResult['outcome']) =>
    results.filter((result) => result.outcome === outcome).length;
  return {
    applied,
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    refused: count('refused'),
    records: results,
  };
}

/** Creates or updates a council's licence applications from its records (docs/licences.md). */
export async function upsertApplications(
  db: Database,
  council: CouncilCode,
  records: readonly unknown[],
  { atomic, dryRun, now, by }: ApplicationUpsertOptions,
): Promise<BatchAnswer> {
  const { results, checked, invalid } = checkApplications(council, records, now);
  const named = new Set(checked.map((item) => item.key)).size === checked.length;
  const { outcomes, applied } = await applyApplications(db, council, checked, {
    write: !dryRun && named && !(atomic && invalid),
    atomic,
    by,
  });
  for (const [index, { outcome, reason }] of outcomes) {
    results[index] = { ...results[index]!, outcome, ...(reason && { reason }) };
  }
  return batchAnswerOf(results, applied);
}

class RolledBack extends Error {}

/**
 * Compares each checked record with the application it names and, when `write`, writes the
 * changes in one transaction: few enough that a citizen's lookup never waits long behind it. The
 * history is the council's: a record's replaces the stored one, whose steps keep who made them
 * where they are the same.
 */
export async function applyApplications(
  db: Database,
  council: CouncilCode,
  items: readonly CheckedApplication[],
  {
    write,
    atomic,
    by,
    written,
  }: {
    write: boolean;
    atomic: boolean;
    by: string;
    /** Runs in the transaction that writes the records, when it does: an import's audit. */
    written?: (tx: Database, outcomes: ReadonlyMap<number, ApplicationOutcome>) => Promise<void>;
  },
): Promise<{ outcomes: Map<number, ApplicationOutcome>; applied: boolean }> {
  const outcomes = new Map<number, ApplicationOutcome>();
  const work = async (tx: Database) => {
    outcomes.clear();
    const keys = items.map((item) => item.key);
    const existing = new Map<string, { row: ApplicationRow; events: EventRow[] }>();
    if (keys.length > 0) {
      const query = tx
        .select()
        .from(licenceApplications)
        .where(
          and(
            eq(licenceApplications.councilCode, council),
            inArray(licenceApplications.reference, keys),
          ),
        )
        .orderBy(asc(licenceApplications.id));
      const rows = write ? await query.for('update') : await query;
      const events =
        rows.length === 0
          ? []
          : await tx
              .select()
              .from(licenceApplicationEvents)
              .where(
                inArray(
                  licenceApplicationEvents.applicationId,
                  rows.map((row) => row.id),
                ),
              )
              .orderBy(asc(licenceApplicationEvents.position));
      for (const row of rows) {
        existing.set(row.reference, {
          row,
          events: events.filter((event) => event.applicationId === row.id),
        });
      }
    }
    const toWrite: {
      item: CheckedApplication;
      found?: { row: ApplicationRow; events: EventRow[] };
    }[] = [];
    for (const item of items) {
      const found = existing.get(item.key);
      const columns = columnsOf(council, item);
      if (!found) {
        outcomes.set(item.index, { outcome: 'created' });
        toWrite.push({ item });
      } else if (sameApplication(found.row, columns) && sameHistory(found.events, item.record)) {
        outcomes.set(item.index, { outcome: 'unchanged' });
      } else if (
        // A record taken before an officer's decision would silently undo it for the applicant.
        found.events
          .filter(byOfficer)
          .some((event) => !item.record.history.some((step) => sameStep(event, step)))
      ) {
        outcomes.set(item.index, { outcome: 'refused', reason: 'decided_in_portal' });
      } else {
        outcomes.set(item.index, { outcome: 'updated' });
        toWrite.push({ item, found });
      }
    }
    const refused = [...outcomes.values()].some((outcome) => outcome.outcome === 'refused');
    if (!write || (atomic && refused)) return false;
    for (const { item, found } of toWrite) {
      const columns = columnsOf(council, item);
      let id: number;
      if (!found) {
        const [created] = await tx
          .insert(licenceApplications)
          .values(columns)
          .onConflictDoNothing()
          .returning({ id: licenceApplications.id });
        if (!created) {
          // Another call created the same application a moment ago: this record is not written.
          outcomes.set(item.index, { outcome: 'refused', reason: 'changed_meanwhile' });
          if (atomic) throw new RolledBack();
          continue;
        }
        id = created.id;
      } else {
        id = found.row.id;
        await tx.update(licenceApplications).set(columns).where(eq(licenceApplications.id, id));
        await tx
          .delete(licenceApplicationEvents)
          .where(eq(licenceApplicationEvents.applicationId, id));
      }
      await tx.insert(licenceApplicationEvents).values(
        item.record.history.map((step, position) => {
          const before = found?.events[position];
          return {
            applicationId: id,
            position,
            status: step.status,
            on: step.on,
            note: step.note ?? null,
            by: before && sameStep(before, step) ? before.by : by,
          };
        }),
      );
    }
    await written?.(tx, outcomes);
    return true;
  };
  const applied = await (write ? transactionWithRetry(db, work) : work(db)).catch(
    (error: unknown) => {
      if (error instanceof RolledBack) return false;
      throw error;
    },
  );
  return { outcomes, applied };
}
