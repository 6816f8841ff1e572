import { asc, eq } from 'drizzle-orm';
import type { CouncilListing } from '@portal/domain/contracts/councils';
import type { Database } from '../../db/database';
import { councilPaymentTypes, councils } from '../../db/schema';

export async function listCouncils(db: Database): Promise<CouncilListing[]> {
  const [rows, openTypes] = await Promise.all([
    db.select().from(councils).orderBy(asc(councils.sortOrder)),
    db
      .select({
        councilCode: councilPaymentTypes.councilCode,
        paymentType: councilPaymentTypes.paymentType,
      })
      .from(councilPaymentTypes)
      .where(eq(councilPaymentTypes.available, true)),
  ]);
  return rows.map((council) => ({
    code: council.code,
    name: council.name,
    short_name: council.shortName,
    product_title: council.productTitle,
    available: council.available,
    contact: council.contact,
    local_charge_limits: {
      max_people: council.localChargeMaxPeople,
      max_days: council.localChargeMaxDays,
    },
    payment_types: openTypes
      .filter((entry) => entry.councilCode === council.code)
      .map((entry) => entry.paymentType),
  }));
}
