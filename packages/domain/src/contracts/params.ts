import * as z from 'zod';

/** A record named by its id in the path (`/office/staff/:id`): a database integer, nothing else. */
export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
