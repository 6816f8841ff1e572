import { asc, eq } from 'drizzle-orm';
import type { LocalChargeLimits } from '@portal/domain/forms';
import type { PaymentType } from '@portal/domain/payment-types';
import type { Database } from '../../db/database';
import { councilPaymentTypes, councils } from '../../db/schema';

export interface CouncilListing {
  code: string;
  name: string;
  shortName: string;
  productTitle: string;
  available: boolean;
  /** The payment types this council takes online right now. */
  paymentTypes: PaymentType[];
  /** The most people and days one local government charge may be for. */
  localChargeLimits: LocalChargeLimits;
}

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
    shortName: council.shortName,
    productTitle: council.productTitle,
    available: council.available,
    localChargeLimits: {
      maxPeople: council.localChargeMaxPeople,
      maxDays: council.localChargeMaxDays,
    },
    paymentTypes: openTypes
      .filter((entry) => entry.councilCode === council.code)
      .map((entry) => entry.paymentType),
  }));
}
