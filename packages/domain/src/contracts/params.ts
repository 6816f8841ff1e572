import * as z from 'zod';
import { maxPageNumber } from './page-number';

/** A record named by its id in the path (`/office/staff/:id`): a database integer, nothing else. */
export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The page of a paged listing's query (`?page=2`), the first when none is given. */
export const pageNumber = z.coerce.number().int().min(1).max(maxPageNumber).default(1);

/** The metadata key by which the API description marks a field `requiredByService` required. */
export const requiredByServiceKey = 'x-required-by-service';

/**
 * A field the server requires though its schema here lets it be missing: the service checks it
 * with the domain's form schema, so that a missing one gets that schema's own message key. The API
 * description lists it as required, for it is.
 */
export function requiredByService<T extends z.ZodType>(schema: T, description: string) {
  return schema.optional().meta({ description, [requiredByServiceKey]: true });
}
