import {
  isErrorCode,
  type ApiError as ApiErrorBody,
  type ApiErrorItem,
  type ErrorCode,
  type ValidationMessageKey,
} from '@portal/domain/errors';

/**
 * A failed API call, carrying the server's error code so a screen can show
 * `t(`errors.${error.code}`)` (the server sends codes, never sentences: STYLE.md 1).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: ErrorCode,
    /** The HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    message: string = code,
    /** Field path -> validation message key, for `validation_failed`. */
    readonly fields?: Record<string, ValidationMessageKey>,
    /** Checkout only: the cart items the error is about (a changed bill, a payment in progress). */
    readonly items?: ApiErrorItem[],
  ) {
    super(message);
  }
}

/** The code to use when a failed answer carries no code of ours (a proxy page, an old server). */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'login_required';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 502 || status === 503 || status === 504) return 'service_unavailable';
  return 'internal_error';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isErrorItem(value: unknown): value is ApiErrorItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.council === 'string' &&
    typeof item.payment_type === 'string' &&
    typeof item.account_no === 'string'
  );
}

/** The ApiError for a failed answer, from its JSON body when it has one of ours. */
function errorOf(response: Response, payload: unknown): ApiError {
  const errorBody = (payload ?? {}) as Partial<ApiErrorBody>;
  const code = isErrorCode(errorBody.error) ? errorBody.error : codeForStatus(response.status);
  const message = typeof errorBody.message === 'string' ? errorBody.message : response.statusText;
  const items = Array.isArray(errorBody.items) ? errorBody.items.filter(isErrorItem) : undefined;
  return new ApiError(code, response.status, message || code, errorBody.fields, items);
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

async function send(
  path: string,
  { method = 'GET', body, signal }: RequestOptions,
  headers: Record<string, string>,
): Promise<Response> {
  try {
    return await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(
      'service_unavailable',
      0,
      error instanceof Error ? error.message : undefined,
    );
  }
}

/**
 * Calls the portal API and answers the parsed JSON. Every failure becomes an ApiError: a non-2xx
 * answer with `{ error, message }` keeps its code, a network failure is `service_unavailable`.
 * An aborted call (TanStack Query cancelling) is rethrown as it is.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await send(path, options, headers);
  const payload = await readBody(response);
  if (!response.ok) throw errorOf(response, payload);
  if (payload === undefined && response.status !== 204) {
    // A 2xx without JSON is not our server speaking (e.g. an HTML page from a misrouted proxy).
    throw new ApiError('service_unavailable', response.status, 'answer is not JSON');
  }
  return payload as T;
}

/**
 * Calls an API endpoint that answers a file (a receipt's PDF) and answers it as a Blob; a failure is
 * an ApiError as for `apiRequest`.
 */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<Blob> {
  const headers: Record<string, string> = { Accept: 'application/pdf, application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await send(path, options, headers);
  if (!response.ok) throw errorOf(response, await readBody(response));
  return response.blob();
}

export function apiGet<T>(path: string, options: { signal?: AbortSignal } = {}): Promise<T> {
  return apiRequest<T>(path, { method: 'GET', signal: options.signal });
}

/** The error code to show for anything a query or mutation threw. */
export function errorCodeOf(error: unknown): ErrorCode {
  return error instanceof ApiError ? error.code : 'internal_error';
}
