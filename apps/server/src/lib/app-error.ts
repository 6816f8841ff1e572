import type { ApiErrorItem, ErrorCode, ValidationMessageKey } from '@portal/domain/errors';

/**
 * A failure the caller should see: the error handler answers it as
 * `{ "error": code, "message": message }` with its status. Anything else thrown is a 500.
 */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, ValidationMessageKey>,
    /** The cart items the error is about (checkout). */
    readonly items?: ApiErrorItem[],
    /** Response headers that go with it (Retry-After of a rate limit). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}
