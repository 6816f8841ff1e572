import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { bills, councilPaymentTypes, councils } from '../../db/schema';
import { availabilityColumns, billAt, councilTakes, heldUntil } from '../../lib/bill-queries';

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
