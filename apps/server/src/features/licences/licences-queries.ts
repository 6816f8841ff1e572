import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  bills,
  councilPaymentTypes,
  councils,
  licenceApplicationEvents,
  licenceApplications,
  licenceRenewalRules,
  paymentItems,
  payments,
  userLicences,
} from '../../db/schema';
import { availabilityColumns, billAt, councilTakes } from '../../lib/bill-queries';

/**
 * A licence by council and number (its account key), with whether the council and licences are
 * open there and the council's renewal rules, in one round trip. The council row is always there
 * when the code is known, so the answer says which of those failed.
 */
export async function readLicence(db: Database, council: string, accountKey: string) {
  const [row] = await db
    .select({
      ...availabilityColumns,
      councilName: councils.name,
      councilLogo: councils.logoImage,
      rules: licenceRenewalRules,
      licence: bills,
    })
    .from(councils)
    .leftJoin(councilPaymentTypes, councilTakes('license'))
    .leftJoin(bills, billAt(councils.code, 'license', accountKey))
    .leftJoin(licenceRenewalRules, eq(licenceRenewalRules.councilCode, councils.code))
    .where(eq(councils.code, council));
  return row;
}

/** The latest settled payments of a bill, newest first. */
export function settledPaymentsOf(db: Database, billId: number, limit = 5) {
  return db
    .select({
      reference: payments.reference,
      paidAt: payments.paidAt,
      amountSen: paymentItems.amountSen,
    })
    .from(paymentItems)
    .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
    .where(and(eq(paymentItems.billId, billId), eq(payments.status, 'successful')))
    .orderBy(desc(payments.paidAt))
    .limit(limit);
}

/** An application by council and its normalised reference, with whether licences are open. */
export async function readApplication(db: Database, council: string, reference: string) {
  const [row] = await db
    .select({ ...availabilityColumns, application: licenceApplications })
    .from(councils)
    .leftJoin(councilPaymentTypes, councilTakes('license'))
    .leftJoin(
      licenceApplications,
      and(
        eq(licenceApplications.councilCode, councils.code),
        eq(licenceApplications.reference, reference),
      ),
    )
    .where(eq(councils.code, council));
  return row;
}

/** An application's changes of status, oldest first. */
export function historyOfApplication(db: Database, applicationId: number) {
  return db
    .select({
      status: licenceApplicationEvents.status,
      on: licenceApplicationEvents.on,
      note: licenceApplicationEvents.note,
    })
    .from(licenceApplicationEvents)
    .where(eq(licenceApplicationEvents.applicationId, applicationId))
    .orderBy(asc(licenceApplicationEvents.position));
}

/** The licences a user keeps in their digital licences, oldest first, with their council. */
export function licencesKeptBy(db: Database, userId: number) {
  return db
    .select({ licence: bills, councilName: councils.name, councilLogo: councils.logoImage })
    .from(userLicences)
    .innerJoin(bills, eq(bills.id, userLicences.billId))
    .innerJoin(councils, eq(councils.code, bills.councilCode))
    .where(eq(userLicences.userId, userId))
    .orderBy(asc(userLicences.addedAt), asc(bills.id));
}

/** Whether a user keeps this licence in their digital licences. */
export async function keeps(db: Database, userId: number, billId: number): Promise<boolean> {
  const [row] = await db
    .select({ billId: userLicences.billId })
    .from(userLicences)
    .where(and(eq(userLicences.userId, userId), eq(userLicences.billId, billId)));
  return row !== undefined;
}
