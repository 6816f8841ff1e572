import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { bills, councilPaymentTypes, councils, paymentItems, payments } from '../../db/schema';

/**
 * The bill lookup behind every search, in one round trip and prepared once (it is the hottest
 * query): whether the council and the payment type are open, the bill, and
 * until when a payment under way holds it. The council row is always there, so the answer says
 * which of those failed.
 */
export function prepareBillLookup(db: Database) {
  const paymentType = sql.placeholder('paymentType');
  // When the payment holding the bill, if any, lets it go (docs/payments.md).
  const heldUntil = sql<string | null>`(
    select max(${payments.releaseAt}) from ${paymentItems}
    join ${payments} on ${payments.id} = ${paymentItems.paymentId}
    where ${paymentItems.billId} = ${bills.id} and ${payments.status} in ('created', 'in_progress'))`;
  const statement = db
    .select({
      councilAvailable: councils.available,
      paymentTypeAvailable: councilPaymentTypes.available,
      localChargeLimits: {
        max_people: councils.localChargeMaxPeople,
        max_days: councils.localChargeMaxDays,
      },
      // Only what a search shows: each column read costs time on every lookup.
      bill: {
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
      },
      heldUntil,
    })
    .from(councils)
    .leftJoin(
      councilPaymentTypes,
      and(
        eq(councilPaymentTypes.councilCode, councils.code),
        eq(councilPaymentTypes.paymentType, paymentType),
      ),
    )
    .leftJoin(
      bills,
      and(
        eq(bills.councilCode, councils.code),
        eq(bills.paymentType, paymentType),
        eq(bills.accountNo, sql.placeholder('accountNo')),
      ),
    )
    .where(eq(councils.code, sql.placeholder('council')))
    .prepare('bill_lookup');

  return async (lookup: { council: string; paymentType: string; accountNo: string }) => {
    const [row] = await statement.execute(lookup);
    return row;
  };
}

export type BillLookup = ReturnType<typeof prepareBillLookup>;
export type BillRow = NonNullable<Awaited<ReturnType<BillLookup>>>['bill'] & object;
