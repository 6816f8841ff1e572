import type { TFunction } from 'i18next';
import {
  apiBase,
  type AnswerOf,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
} from '@portal/domain/contracts/endpoint';
import type { SessionAnswer, sessionApi } from '@portal/domain/contracts/session';
import { isErrorCode, type ErrorCode, type ValidationMessageKey } from '@portal/domain/errors';
import type { ApiError as ApiErrorBody, ApiErrorItem } from '@portal/domain/contracts/api-error';

/**
 * A failed API call, carrying the server's error code so a screen can show
 * `t(`errors.${error.code}`)` (the server sends codes, never sentences).
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
    /** The server's id of the request, for the reader to quote to the helpline. */
    readonly requestId?: string,
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
  const requestId =
    typeof errorBody.request_id === 'string'
      ? errorBody.request_id
      : (response.headers.get('x-request-id') ?? undefined);
  return new ApiError(code, response.status, message || code, errorBody.fields, items, requestId);
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as the body's bytes, for an endpoint that takes an upload. */
  file?: Blob;
  signal?: AbortSignal;
  /** Asked of the server itself, past the browser's cache, whose copy the answer then replaces. */
  fresh?: boolean;
}

async function send(
  path: string,
  { method = 'GET', body, file, signal, fresh }: RequestOptions,
  headers: Record<string, string>,
): Promise<Response> {
  try {
    return await fetch(path, {
      method,
      // The language the page is shown in, so that the e-mail it causes is in the same one.
      headers: { 'Accept-Language': document.documentElement.lang || 'ms', ...headers },
      body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
      credentials: 'same-origin',
      signal,
      ...(fresh && { cache: 'reload' as const }),
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

/** The header every state-changing call carries. */
export const CSRF_HEADER = 'x-csrf-token';

/** The token of `GET /api/auth/session`, asked for once and kept until the server refuses it. */
let csrfToken: string | undefined;
/** The session call on its way, shared by everyone who needs it meanwhile. */
let sessionCall: Promise<SessionAnswer> | undefined;

const sessionEndpoint = {
  method: 'GET',
  path: '/auth/session',
  contract: () =>
    import('@portal/domain/contracts/session').then(({ sessionApi }) => sessionApi.get),
} as const satisfies LazyEndpoint<typeof sessionApi.get>;

/**
 * A session answer as the app uses it: anything that is not one counts as logged out. Development
 * holds it to the contract; a production build only makes sure of the two fields it reads.
 */
async function sessionAnswerOf(payload: unknown): Promise<SessionAnswer> {
  const loggedOut = { user: null, csrf_token: '' };
  if (import.meta.env.DEV) {
    const answer = (await sessionEndpoint.contract()).answer.safeParse(payload);
    return answer.success ? answer.data : loggedOut;
  }
  const answer = (typeof payload === 'object' && payload !== null ? payload : {}) as SessionAnswer;
  return typeof answer.csrf_token === 'string' ? { ...loggedOut, ...answer } : loggedOut;
}

/** Keeps the CSRF token of a session answer (the session query and login hand it over). */
export function rememberCsrfToken(token: string): void {
  csrfToken = token || undefined;
}

/** Drops the kept token: the next state-changing call asks the session for a fresh one. */
export function forgetCsrfToken(): void {
  csrfToken = undefined;
}

/**
 * `GET /api/auth/session`: who is logged in, and the CSRF token, which is kept for the calls that
 * follow. Calls made while one is on its way share it.
 */
export function loadSession(): Promise<SessionAnswer> {
  sessionCall ??= apiRequest<unknown>(`${apiBase}${sessionEndpoint.path}`)
    .then(async (payload) => {
      const answer = await sessionAnswerOf(payload);
      rememberCsrfToken(answer.csrf_token);
      return answer;
    })
    .finally(() => {
      sessionCall = undefined;
    });
  return sessionCall;
}

async function tokenForCall(): Promise<string> {
  return csrfToken ?? (await loadSession()).csrf_token;
}

async function isCsrfRefusal(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const payload = await readBody(response.clone());
  return (payload as Partial<ApiErrorBody> | undefined)?.error === 'csrf_invalid';
}

/**
 * Sends a call; a POST, PUT, PATCH or DELETE carries the CSRF token. When the server refuses the
 * token (it expired with the session, or the session was renewed at login), a fresh one is asked
 * for and the call is sent once more; a second refusal is the caller's to show.
 */
async function call(
  path: string,
  options: RequestOptions,
  headers: Record<string, string>,
): Promise<Response> {
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.file !== undefined) headers['Content-Type'] = 'application/octet-stream';
  if ((options.method ?? 'GET') === 'GET') return send(path, options, headers);
  const response = await send(path, options, { ...headers, [CSRF_HEADER]: await tokenForCall() });
  if (!(await isCsrfRefusal(response))) return response;
  forgetCsrfToken();
  return send(path, options, { ...headers, [CSRF_HEADER]: await tokenForCall() });
}

/**
 * Calls the portal API and answers the parsed JSON. Every failure becomes an ApiError: a non-2xx
 * answer with `{ error, message }` keeps its code, a network failure is `service_unavailable`.
 * An aborted call (TanStack Query cancelling) is rethrown as it is.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await call(path, options, { Accept: 'application/json' });
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
  const response = await call(path, options, { Accept: 'application/pdf, application/json' });
  if (!response.ok) throw errorOf(response, await readBody(response));
  return response.blob();
}

/**
 * What a call of an endpoint sends: its body when it takes one, its file when it takes an upload,
 * its query string when a GET has one.
 */
export type EndpointCall<E extends Endpoint> = {
  signal?: AbortSignal;
  search?: string;
  fresh?: boolean;
} & (E extends {
  body: unknown;
}
  ? { body: BodyOf<E> }
  : { body?: never }) &
  (E extends { params: unknown } ? { params: ParamsOf<E> } : { params?: never }) &
  (E extends { upload: unknown } ? { file: Blob } : { file?: never });

/**
 * An endpoint named without importing its contract, for code that must stay without zod: the app
 * shell (the session, the councils, the settings) and the screens that show no form at once.
 * Contracts are zod schemas, about 25 KB gzip (docs/decisions/0008, 0027). The compiler holds the
 * method, the path and a 204's `success` to the contract; in development and tests the contract is
 * loaded to check the answer.
 */
export type LazyEndpoint<E extends Endpoint> = {
  method: E['method'];
  path: E['path'];
  contract: () => Promise<E>;
} & (E extends { success: infer Success } ? { success: Success } : { success?: never });

/**
 * Calls an endpoint of a contract (`packages/domain/src/contracts`) and answers what it declares.
 * In development and tests the answer is checked against the contract, so a server and a web app
 * that disagree fail loudly; a production build trusts its own server and skips the check.
 */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E | LazyEndpoint<E>,
  ...[options]: E extends { body: unknown } | { params: unknown } | { upload: unknown }
    ? [EndpointCall<E>]
    : [EndpointCall<E>?]
): Promise<AnswerOf<E>> {
  const { signal, search, body, params, file, fresh } = (options ??
    {}) as EndpointCall<Endpoint> & {
    body?: unknown;
    params?: Record<string, string>;
    file?: Blob;
  };
  const query = search ? `?${search}` : '';
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params?.[name] ?? ''),
  );
  const answer = await apiRequest<unknown>(`${apiBase}${path}${query}`, {
    method: endpoint.method,
    body,
    file,
    signal,
    fresh,
  });
  if (endpoint.success === 204 || !import.meta.env.DEV) return answer as AnswerOf<E>;
  const contract = 'contract' in endpoint ? await endpoint.contract() : endpoint;
  return contract.answer.parse(answer) as AnswerOf<E>;
}

/** The error code to show for anything a query or mutation threw. */
export function errorCodeOf(error: unknown): ErrorCode {
  return error instanceof ApiError ? error.code : 'internal_error';
}

/**
 * The request id to quote for a failure on the server's side, which the reader cannot fix and
 * the helpline must look up (docs/operations.md); none for the reader's own mistakes.
 */
export function referenceOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.status >= 500 ? error.requestId : undefined;
}

/** The sentence for anything a query or mutation threw, with its reference when it has one. */
export function errorText(t: TFunction, error: unknown): string {
  const text = t(`errors.${errorCodeOf(error)}`);
  const reference = referenceOf(error);
  return reference ? `${text} ${t('errors.reference', { id: reference })}` : text;
}
