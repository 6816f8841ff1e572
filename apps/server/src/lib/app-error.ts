import { errorStatus, type ErrorCode, type ValidationMessageKey } from '@portal/domain/errors';
import type { ApiErrorItem } from '@portal/domain/contracts/api-error';

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
