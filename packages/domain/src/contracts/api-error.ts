import * as z from 'zod';
import { errorCodes, validationMessageKeys } from '../errors';
import { named } from './named';

/** A cart item named by an error, as the cart holds it. */
const errorItem = named(
  'ApiErrorItem',
  z.object({
    council: z.string(),
    payment_type: z.string(),
    account_no: z.string(),
    /**
     * `payment_in_progress` only: when the bill goes back to whoever pays it first, should that
     * payment not be completed (ISO timestamp).
     */
    release_at: z.string().optional(),
  }),
);

/** The JSON body of every failed call. `message` is for logs and API users, not for display. */
export const apiErrorAnswer = z
  .object({
    error: z.enum(errorCodes),
    message: z.string(),
    /** Field-level validation failures: field path -> validation message key. */
    fields: z.record(z.string(), z.enum(validationMessageKeys)).optional(),
    /** Checkout only: the cart items the error is about (a changed bill, a payment in progress). */
    items: z.array(errorItem).optional(),
    /** The request's id, in the server's log lines too: what a citizen quotes to the helpline. */
    request_id: z.string().optional(),
  })
  .meta({ id: 'ApiError' });

export type ApiError = z.output<typeof apiErrorAnswer>;
export type ApiErrorItem = z.output<typeof errorItem>;
