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
  // the payer's bank has not decided on a payment yet: nothing may be done with it meanwhile
  'payment_pending_at_bank',
  'email_not_verified',
  // a licence not paid for today cannot be printed (docs/licences.md)
  'license_not_printable',
  // the portal is closed for maintenance: no new payment starts (docs/site-settings.md)
  'service_closed',
  // a payment's review was resolved already, by someone else or a moment ago (docs/back-office.md)
  'no_review_pending',
  // a refund asked for more than is left of the payment, or of a payment that cannot be refunded
  // (docs/refunds.md)
  'refund_exceeds_paid',
  'not_refundable',
  // money owed back for several councils' bills: the state-wide admin settles it
  'refund_spans_councils',
  // an uploaded file: larger than the endpoint takes, or not of a kind it takes
  'too_large',
  'file_not_accepted',
  // the way to pay chosen is switched off by a council of the cart, or its bank or wallet is down
  'payment_method_not_available',
  // the cart's total is more, or less, than the way to pay chosen takes in one payment
  'amount_outside_method_limit',
  // a user keeps at most savedAccountLimit accounts in their list (docs/my-accounts.md)
  'saved_accounts_full',
  // a council's renewal rules: two reductions share a day, or someone else changed the rules
  // since they were read (docs/licences.md)
  'reductions_overlap',
  'rules_changed',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The HTTP status each error code is answered with, the same wherever it arises. */
export const errorStatus = {
  auth_error: 401,
  invalid_payment_type: 400,
  not_found: 404,
  council_not_available: 409,
  payment_type_not_available: 409,
  license_status_not_allowed: 409,
  license_not_printable: 409,
  payment_in_progress: 409,
  email_already_exist: 409,
  attempt_failed_please_try_again: 500,
  data_no_changes: 409,
  user_error_relogin: 401,
  cart_full: 400,
  already_in_cart: 409,
  no_account_selected: 400,
  email_verification_failed: 502,
  invalid_request_expired: 410,
  invalid_request_not_found: 404,
  invalid_request_failed: 500,
  cart_changed: 409,
  validation_failed: 400,
  rate_limited: 429,
  csrf_invalid: 403,
  login_required: 401,
  forbidden: 403,
  service_unavailable: 503,
  internal_error: 500,
  amount_too_large: 409,
  too_many_open_payments: 429,
  gateway_unavailable: 503,
  payment_pending_at_bank: 409,
  email_not_verified: 403,
  service_closed: 503,
  no_review_pending: 409,
  refund_exceeds_paid: 409,
  not_refundable: 409,
  refund_spans_councils: 403,
  too_large: 413,
  file_not_accepted: 415,
  payment_method_not_available: 409,
  amount_outside_method_limit: 409,
  saved_accounts_full: 409,
  reductions_overlap: 400,
  rules_changed: 409,
} as const satisfies Record<ErrorCode, number>;

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
  // the other identity types' rules (identities.ts)
  'old_id_invalid',
  'passport_invalid',
  'police_id_invalid',
  'army_id_invalid',
  'phone_invalid',
  'account_no_invalid',
  'plate_invalid',
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
  'password_personal',
  'amount_invalid',
  'version_invalid',
  'time_invalid',
  'time_order',
  'url_invalid',
  'url_not_public',
  // an assessment rate's percent (0-100, two decimals), a reduction's (whole, 1-100), and the
  // early-renewal window (0-366 days)
  'percent_invalid',
  'whole_percent_invalid',
  'days_invalid',
  'picture_unknown',
] as const;

export type ValidationMessageKey = (typeof validationMessageKeys)[number];

export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === 'string' && (validationMessageKeys as readonly string[]).includes(value);
}
