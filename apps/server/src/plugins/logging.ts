import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/**
 * Keys whose values identify a person (docs/privacy-in-logs.md), compared in lower case without
 * separators, so `payer_email`, `payerEmail` and `UserEmail` are one key. Their values never reach
 * a log line, whichever object carries them.
 */
const personalKeys = new Set(
  [
    'email',
    'payer_email',
    'user_email',
    'recipient',
    'full_name',
    'name',
    'payer_name',
    'consent_name',
    'customer_name',
    'owner_name',
    'user_name',
    'cc_name',
    'phone',
    'payer_phone',
    'user_contact',
    'ic',
    'ic_num',
    'ic_no',
    'id_no',
    'consent_ic_no',
    'owner_ic',
    'address',
    'password',
    'current_password',
    'confirm_password',
    'cc_no',
    'token',
    'receipt_token',
  ].map(normalisedKey),
);

function normalisedKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z]/g, '');
}

const redacted = '[redacted]';

/** A copy of plain objects and arrays with every personal value replaced; anything else as is. */
export function withoutPersonalData(value: unknown, depth = 0): unknown {
  if (depth > 8 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => withoutPersonalData(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      personalKeys.has(normalisedKey(key)) ? redacted : withoutPersonalData(item, depth + 1),
    ]),
  );
}

/**
 * Drizzle writes a failed query's parameters (a payer's name, e-mail, IC number) into its error
 * message and stack; PostgreSQL's `detail` quotes the values a constraint refused. Neither is kept.
 */
function withoutQueryParameters(text: string | undefined): string {
  return (text ?? '').replace(/\nparams: [^\n]*/g, '\nparams: ' + redacted);
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  cause?: LoggedError;
}

/** An error as logs show it: its kind, message, code and stack, and its cause the same way. */
export function loggedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const { code, cause } = error as Error & { code?: unknown };
  return {
    type: error.name,
    message: withoutQueryParameters(error.message),
    ...(typeof code === 'string' && { code }),
    stack: withoutQueryParameters(error.stack),
    ...(cause !== undefined && depth < 3 && { cause: loggedError(cause, depth + 1) }),
  };
}

/** A request as logs show it: the query string can carry personal data, so only the path. */
function loggedRequest(request: { method: string; url: string; id: string }) {
  const [path, query] = request.url.split('?', 2);
  return {
    method: request.method,
    path,
    ...(query !== undefined && { query: redacted }),
    id: request.id,
  };
}

/** The server's pino options: JSON lines at `level`, with personal data kept out. */
/** A caller's own request id is kept when it is a plain token, else one is made. */
const requestIdPattern = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Each request's id (docs/operations.md): a load balancer's or caller's `x-request-id` when it is a
 * plain token, so one id follows a request through every hop; else a new one. It is in every log
 * line of the request, in the answer's `x-request-id` header and in every error answer, for a
 * citizen to quote to the helpline.
 */
export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }) {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
}

export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream && { stream }),
    serializers: { err: loggedError, error: loggedError, req: loggedRequest },
    formatters: { log: (object) => withoutPersonalData(object) as Record<string, unknown> },
  };
}
