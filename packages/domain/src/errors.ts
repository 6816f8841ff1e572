/**
 * Every error code the portal can answer with: the older system's error codes plus the
 * codes our safer design adds. The server sends a code, never a sentence;
 * the web app looks the code up under `errors.<code>` in its locale catalogues.
 */
export const errorCodes = [
  // the older system's codes, which citizens and council staff already know
  'auth_error',
  'invalid_payment_type',
  'not_found',
  'council_not_available',
  'payment_type_not_available',
  'license_status_not_allowed',
  'payment_in_progress',
  'email_already_exist',
  'attempt_failed_please_try_again',
  'data_no_changes',
  'user_error_relogin',
  'cart_full',
  'already_in_cart',
  'no_account_selected',
  'email_verification_failed',
  'invalid_request_expired',
  'invalid_request_not_found',
  'invalid_request_failed',
  // our own
  'cart_changed',
  'validation_failed',
  'rate_limited',
  'csrf_invalid',
  'login_required',
  'forbidden',
  'service_unavailable',
  'internal_error',
  'amount_too_large',
  'too_many_open_payments',
  'gateway_unavailable',
  'email_not_verified',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The JSON body of every failed API call. `message` is for logs and API users, not for display. */
export interface ApiError {
  error: ErrorCode;
  message: string;
  /** Field-level validation failures: field path -> validation message key. */
  fields?: Record<string, ValidationMessageKey>;
  /** Checkout only: the cart items the error is about (a changed bill, a payment in progress). */
  items?: ApiErrorItem[];
}

/** A cart item named by an error, as the cart holds it. */
export interface ApiErrorItem {
  council: string;
  payment_type: string;
  account_no: string;
  /**
   * `payment_in_progress` only: when the bill goes back to whoever pays it first, should that
   * payment not be completed (ISO timestamp).
   */
  release_at?: string;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
}

/**
 * Message keys that form validators return (docs/input-rules.md). The web app holds their text under
 * `validation.<key>` in ms, en and zh.
 */
export const validationMessageKeys = [
  'required',
  'email_invalid',
  'confirmation_mismatch',
  'ic_length',
  'ic_birth_date_invalid',
  'phone_invalid',
  'account_no_invalid',
  'code_invalid',
  'amount_min',
  'number_positive',
  'date_invalid',
  'end_before_start',
  'password_too_short',
  'too_long',
  'password_incorrect',
  'characters_invalid',
  'people_above_limit',
  'days_above_limit',
  'password_common',
] as const;

export type ValidationMessageKey = (typeof validationMessageKeys)[number];

export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === 'string' && (validationMessageKeys as readonly string[]).includes(value);
}
