import { payableLicenceStatuses } from '@portal/domain/licences';
import type { PaymentType } from '@portal/domain/payment-types';
import { and, eq, gt, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { bills, councilPaymentTypes, councils, vehiclePlateKey } from '../../db/schema';
import { availabilityColumns, billAt, councilTakes, heldUntil } from '../../lib/bill-queries';

/** Only what a search shows: each column read costs time on every lookup. */
export const shownBillColumns = {
  id: bills.id,
  councilCode: bills.councilCode,
  paymentType: bills.paymentType,
  displayNo: bills.displayNo,
  subType: bills.subType,
  status: bills.status,
  ownerName: bills.ownerName,
  ownerIc: bills.ownerIc,
  address: bills.address,
  description: bills.description,
  amountDueSen: bills.amountDueSen,
  dueDate: bills.dueDate,
  details: bills.details,
};

/**
 * The bill lookup behind every search, in one round trip and prepared once (it is the hottest
 * query): whether the council and the payment type are open, the bill, and
 * until when a payment under way holds it. The council row is always there, so the answer says
 * which of those failed.
 */
export function prepareBillLookup(db: Database) {
  const paymentType = sql.placeholder('paymentType');
  const statement = db
    .select({
      ...availabilityColumns,
      bill: shownBillColumns,
      heldUntil: heldUntil(bills.id),
    })
    .from(councils)
    .leftJoin(councilPaymentTypes, councilTakes(paymentType))
    .leftJoin(bills, billAt(councils.code, paymentType, sql.placeholder('accountNo')))
    .where(eq(councils.code, sql.placeholder('council')))
    .prepare('bill_lookup');

  return async (lookup: { council: string; paymentType: string; accountNo: string }) => {
    const [row] = await statement.execute(lookup);
    return row;
  };
}

export type BillLookup = ReturnType<typeof prepareBillLookup>;
export type BillRow = NonNullable<Awaited<ReturnType<BillLookup>>>['bill'] & object;

/** Which bills a list search matches, besides being the council's, unpaid and of an open type. */
export type BillListMatch = { by: 'plate'; plate: string } | { by: 'owner'; ownerIc: string };

/**
 * The council's availability and the payment types it takes online now, for a list search: the
 * answer says why a list cannot be made before any bill is read.
 */
export async function councilOpenTypes(db: Database, council: string) {
  const [row] = await db
    .select({
      available: councils.available,
      assessmentRates: availabilityColumns.assessmentRates,
      openTypes: sql<PaymentType[]>`coalesce(array_agg(${councilPaymentTypes.paymentType})
        filter (where ${councilPaymentTypes.available}), '{}')`,
    })
    .from(councils)
    .leftJoin(councilPaymentTypes, eq(councilPaymentTypes.councilCode, councils.code))
    .where(eq(councils.code, council))
    .groupBy(
      councils.code,
      councils.assessmentPartialDiscountBp,
      councils.assessmentArrearsDiscountBp,
    );
  return row;
}

/**
 * A council's bills that still owe something, of the given types, matching a plate or an owner:
 * by the indexes `bills_vehicle_plate` and `bills_owner_ic`, never a scan of the council's bills.
 * A licence counts only in a status that may be paid. Oldest due first; `limit` rows at most.
 */
export function billListQuery(
  db: Database,
  list: {
    council: string;
    types: readonly PaymentType[];
    /** Compounds of these types only (a category's), when the list is narrowed to them. */
    compoundTypes?: readonly string[] | undefined;
    match: BillListMatch;
    limit: number;
  },
) {
  const { match } = list;
  const matching =
    match.by === 'plate'
      ? and(
          // Spelled as the plate index's predicate, so that the planner can use the index.
          sql`${bills.paymentType} in ('compound', 'ticket')`,
          eq(vehiclePlateKey(bills.details), match.plate),
        )
      : and(isNotNull(bills.ownerIc), eq(bills.ownerIc, match.ownerIc));
  const compoundsOnly = list.compoundTypes
    ? and(eq(bills.paymentType, 'compound'), inArray(bills.subType, [...list.compoundTypes]))
    : undefined;
  return db
    .select({ ...shownBillColumns, heldUntil: heldUntil(bills.id) })
    .from(bills)
    .where(
      and(
        eq(bills.councilCode, list.council),
        matching,
        compoundsOnly,
        inArray(bills.paymentType, [...list.types]),
        gt(bills.amountDueSen, 0),
        or(
          ne(bills.paymentType, 'license'),
          inArray(sql`lower(${bills.status})`, [...payableLicenceStatuses]),
        ),
      ),
    )
    .orderBy(sql`${bills.dueDate} nulls last`, bills.paymentType, bills.displayNo)
    .limit(list.limit);
}
