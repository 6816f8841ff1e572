import { decidedApplicationStatuses } from '@portal/domain/application-records';
import type { OfficeApplication } from '@portal/domain/contracts/licence-applications';
import { malaysiaDay } from '@portal/domain/display-filters';
import type { ApplicationStatusForm } from '@portal/domain/forms';
import { licensedApplicationStatuses } from '@portal/domain/application-records';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Database } from '../../db/database';
import { licenceApplicationEvents, licenceApplications } from '../../db/schema';

type ApplicationRow = typeof licenceApplications.$inferSelect;

/** An application and its history, as the back office shows it. */
export async function officeApplicationOf(
  db: Database,
  row: ApplicationRow,
): Promise<OfficeApplication> {
  const events = await db
    .select()
    .from(licenceApplicationEvents)
    .where(eq(licenceApplicationEvents.applicationId, row.id))
    .orderBy(asc(licenceApplicationEvents.position));
  return {
    id: row.id,
    council: row.councilCode as OfficeApplication['council'],
    reference: row.displayReference,
    kind: row.kind,
    business_name: row.businessName,
    applicant_name: row.applicantName,
    status: row.status,
    submitted_on: row.submittedOn,
    decided_on: row.decidedOn,
    licence_no: row.licenceNo,
    note: row.note,
    history: events.map((event) => ({
      status: event.status,
      on: event.on,
      note: event.note,
      by: event.by,
    })),
  };
}

/** An application by council and normalised reference. */
export async function applicationByReference(db: Database, council: string, reference: string) {
  const [row] = await db
    .select()
    .from(licenceApplications)
    .where(
      and(
        eq(licenceApplications.councilCode, council),
        eq(licenceApplications.reference, reference),
      ),
    );
  return row;
}

/**
 * The application `id` as a staff member of `council` (null: state-wide) may see it: another
 * council's is not found, as if it did not exist.
 */
export async function applicationFor(
  db: Database,
  council: string | null,
  id: number,
  { lock = false } = {},
): Promise<ApplicationRow> {
  const query = db.select().from(licenceApplications).where(eq(licenceApplications.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || (council !== null && row.councilCode !== council)) {
    throw new AppError('not_found', 'No application of this council has this id');
  }
  return row;
}

/**
 * Moves an application to another status today, as an officer decided: a new step of its history,
 * by the officer. Answers the application as it was, for the audit log.
 */
export async function changeApplicationStatus(
  tx: Database,
  council: string | null,
  id: number,
  form: ApplicationStatusForm,
  { by, now }: { by: string; now: Date },
): Promise<{ before: ApplicationRow; after: ApplicationRow }> {
  const before = await applicationFor(tx, council, id, { lock: true });
  const status = form.status;
  if (status === before.status) {
    throw new AppError('data_no_changes', 'The application already has this status');
  }
  const licensed = licensedApplicationStatuses.includes(status);
  const note = form.note?.trim() || null;
  const today = malaysiaDay(now);
  const events = await tx
    .select({ position: licenceApplicationEvents.position })
    .from(licenceApplicationEvents)
    .where(eq(licenceApplicationEvents.applicationId, id));
  const decided = decidedApplicationStatuses.includes(status);
  // Approved after approved awaiting payment keeps the day it was decided.
  const stillDecided = decided && decidedApplicationStatuses.includes(before.status);
  const [after] = await tx
    .update(licenceApplications)
    .set({
      status,
      decidedOn: decided ? (stillDecided ? before.decidedOn : today) : null,
      licenceNo: licensed ? form.licence_no!.trim() : null,
      note,
    })
    .where(eq(licenceApplications.id, id))
    .returning();
  await tx.insert(licenceApplicationEvents).values({
    applicationId: id,
    position: events.length === 0 ? 0 : Math.max(...events.map((event) => event.position)) + 1,
    status,
    on: today,
    note,
    by,
  });
  return { before, after: after! };
}
