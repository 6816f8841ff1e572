import { contactDetails, type ContactDetails } from '@portal/domain/contacts';
import type { CouncilProfile } from '@portal/domain/contracts/council-profile';
import type { CouncilCode } from '@portal/domain/councils';
import { basisPointsOf, type CouncilProfileForm } from '@portal/domain/forms';
import { eq } from 'drizzle-orm';
import { transactionWithRetry, type Database } from '../../db/database';
import { councils, images } from '../../db/schema';
import { AppError } from '../../lib/app-error';

type CouncilRow = typeof councils.$inferSelect;

function present(row: CouncilRow): CouncilProfile {
  return {
    council: row.code as CouncilCode,
    name: row.name,
    product_title: row.productTitle,
    logo: row.logoImage,
    // A contact set by hand that does not read is shown as none, as the council list does.
    contact: contactDetails.safeParse(row.contact).data ?? null,
    assessment_partial_discount_bp: row.assessmentPartialDiscountBp,
    assessment_arrears_discount_bp: row.assessmentArrearsDiscountBp,
  };
}

async function councilRow(db: Database, council: CouncilCode, lock = false): Promise<CouncilRow> {
  const query = db.select().from(councils).where(eq(councils.code, council));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', 'No such council');
  return row;
}

export async function profileOf(db: Database, council: CouncilCode): Promise<CouncilProfile> {
  return present(await councilRow(db, council));
}

/** What changed, before and after, flat as the audit log's detail keeps it. */
export type ProfileChange = Record<string, string | number | boolean | null>;

/**
 * Sets a council's title, logo and assessment rates; `audit` records them with what they were, in
 * the same transaction. A logo must be a picture already stored: an id the portal does not hold
 * is refused before anything changes.
 */
export async function changeProfile(
  db: Database,
  form: CouncilProfileForm,
  audit: (tx: Database, change: ProfileChange) => Promise<void>,
): Promise<CouncilProfile> {
  const logo = form.logo === '' ? null : form.logo;
  const partialBp = basisPointsOf(form.partial_discount_percent);
  const arrearsBp = basisPointsOf(form.arrears_discount_percent);
  return transactionWithRetry(db, async (tx) => {
    const was = await councilRow(tx, form.council, true);
    if (logo !== null) {
      const [stored] = await tx.select({ id: images.id }).from(images).where(eq(images.id, logo));
      if (!stored) {
        throw new AppError('validation_failed', 'No such picture is stored', {
          logo: 'picture_unknown',
        });
      }
    }
    const [row] = await tx
      .update(councils)
      .set({
        productTitle: form.product_title,
        logoImage: logo,
        assessmentPartialDiscountBp: partialBp,
        assessmentArrearsDiscountBp: arrearsBp,
      })
      .where(eq(councils.code, form.council))
      .returning();
    await audit(tx, {
      product_title: form.product_title,
      product_title_was: was.productTitle,
      logo,
      logo_was: was.logoImage,
      partial_discount_bp: partialBp,
      partial_discount_bp_was: was.assessmentPartialDiscountBp,
      arrears_discount_bp: arrearsBp,
      arrears_discount_bp_was: was.assessmentArrearsDiscountBp,
    });
    return present(row!);
  });
}

/** Sets a council's contacts (none when the form left every detail blank), audited likewise. */
export async function changeContact(
  db: Database,
  council: CouncilCode,
  contact: ContactDetails | null,
  audit: (tx: Database, change: ProfileChange) => Promise<void>,
): Promise<CouncilProfile> {
  return transactionWithRetry(db, async (tx) => {
    const was = await councilRow(tx, council, true);
    const [row] = await tx
      .update(councils)
      .set({ contact })
      .where(eq(councils.code, council))
      .returning();
    await audit(tx, {
      contact: contact && JSON.stringify(contact),
      contact_was: was.contact ? JSON.stringify(was.contact) : null,
    });
    return present(row!);
  });
}
