import { z } from 'zod';
import { errorCodes, validationMessageKeys } from '@portal/domain/errors';

/** The JSON error shape, for routes to declare in their OpenAPI responses. */
export const apiErrorSchema = z.object({
  error: z.enum(errorCodes),
  message: z.string(),
  fields: z.record(z.string(), z.enum(validationMessageKeys)).optional(),
  items: z
    .array(
      z.object({
        council: z.string(),
        payment_type: z.string(),
        account_no: z.string(),
        release_at: z.string().optional(),
      }),
    )
    .optional(),
});
