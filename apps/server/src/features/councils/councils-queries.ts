import { asc, eq } from 'drizzle-orm';
import { contactDetails, type ContactDetails } from '@portal/domain/contacts';
import type { CouncilListing } from '@portal/domain/contracts/councils';
import { imageUrl } from '@portal/domain/contracts/images';
import type { Database } from '../../db/database';
import { councilPaymentTypes, councils } from '../../db/schema';

/**
 * The councils as the portal lists them. A contact that does not read (set by hand with SQL,
 * docs/helpline.md) is listed as none and `onUnreadable` hears of it: one council's typo must not
 * take the council list, and with it the home page, down.
 */
export async function listCouncils(
  db: Database,
  onUnreadable: (problem: string) => void = () => {},
): Promise<CouncilListing[]> {
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
    logo: council.logoImage ? imageUrl(council.logoImage) : null,
    available: council.available,
    contact: readableContact(council.code, council.contact, onUnreadable),
    local_charge_limits: {
      max_people: council.localChargeMaxPeople,
      max_days: council.localChargeMaxDays,
    },
    payment_types: openTypes
      .filter((entry) => entry.councilCode === council.code)
      .map((entry) => entry.paymentType),
  }));
}

function readableContact(
  code: string,
  stored: unknown,
  onUnreadable: (problem: string) => void,
): ContactDetails | null {
  if (stored === null) return null;
  const parsed = contactDetails.safeParse(stored);
  if (parsed.success) return parsed.data;
  onUnreadable(`the contact of council ${code} does not read: ${parsed.error.message}`);
  return null;
}
