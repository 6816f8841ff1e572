import { errorStatus, type ErrorCode, type ValidationMessageKey } from '@portal/domain/errors';
import type { ApiErrorItem } from '@portal/domain/contracts/api-error';
import { fieldErrors } from '@portal/domain/forms';
import type * as z from 'zod';

/**
 * A failure the caller should see: the error handler answers it as
 * `{ "error": code, "message": message }` with the code's one status (`errorStatus`). Anything
 * else thrown is a 500.
 */
export class AppError extends Error {
  override name = 'AppError';

  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, ValidationMessageKey>,
    /** The cart items the error is about (checkout). */
    readonly items?: ApiErrorItem[],
    /** Response headers that go with it (Retry-After of a rate limit). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = errorStatus[code];
  }
}

/**
 * A request checked with a domain schema, or refused as `validation_failed` naming each wrong
 * field with its message key (docs/input-rules.md): "The <what> is not valid".
 */
export function checkedRequest<S extends z.ZodType>(
  schema: S,
  request: unknown,
  what: string,
): z.output<S> {
  const result = schema.safeParse(request);
  if (!result.success) {
    throw new AppError('validation_failed', `The ${what} is not valid`, fieldErrors(result.error));
  }
  return result.data;
}
