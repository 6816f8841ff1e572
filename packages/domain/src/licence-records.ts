import * as z from 'zod';
import { checkIdentity, defaultIdentityType, identityTypes } from './identities';
import { imageId } from './images';
import { licenceCategories, licenceHours, licenceKinds } from './licences';

const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const words = z.string().trim().min(1).max(200);

/**
 * A licence as the council records it and its printed licence shows it: the `details` of a
 * licence's row in the bills table (docs/licences.md). Amounts in sen, days as YYYY-MM-DD.
 */
export const licenceRecord = z.object({
  kind: z.enum(licenceKinds),
  category: z.enum(licenceCategories),
  /** The print template of an operating licence (lesen_print), 1 to 10. */
  lesen_print: z.number().int().min(1).max(10).optional(),
  reference: words,
  business_name: words,
  business_type: words,
  business_category: words,
  unit_kind: words.optional(),
  unit_count: z.number().int().min(0).max(10_000).optional(),
  location: words,
  location_code: words.optional(),
  monthly_fee_sen: z.number().int().min(0).max(100_000_000),
  /** Of the amount due: the tax included, and a discount the council took off (docs/assessment.md). */
  tax_sen: z.number().int().min(0).max(10_000_000_000).optional(),
  discount_sen: z.number().int().min(0).max(10_000_000_000).optional(),
  stall_no: words.optional(),
  vehicle_plate: words.optional(),
  area: words.optional(),
  notes: z.string().max(1000).optional(),
  hours: z.enum(licenceHours).optional(),
  capacity: z.number().int().min(1).max(100_000).optional(),
  /**
   * Who holds it. `ic` is the number of the owner's identity document of type `id_type`, MyKad
   * (`new_id`) when none is named, as every record had before other types; written as that type's
   * rule keeps it (identities.ts).
   */
  owners: z
    .array(
      z
        .object({ name: words, ic: z.string(), id_type: z.enum(identityTypes).optional() })
        .refine(({ ic, id_type }) => {
          const checked = checkIdentity(id_type ?? defaultIdentityType, ic);
          return 'number' in checked && checked.number === ic;
        }),
    )
    .min(1)
    .max(20),
  /** The picture of the licensed premises, stall or sign, when the council has one. */
  premises_picture: imageId.optional(),
  valid_from: calendarDay.nullable(),
  valid_until: calendarDay.nullable(),
});

export type LicenceRecord = z.infer<typeof licenceRecord>;
