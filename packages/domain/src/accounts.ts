/**
 * What the accounts API answers: the session and the profile (the history has its contract in
 * `contracts/history.ts`). The
 * requests are the schemas in `forms.ts`; errors are the codes in `errors.ts`.
 *
 *   GET  /api/auth/session          -> SessionAnswer (sets the CSRF cookie when missing)
 *   POST /api/auth/register         RegistrationForm -> 202 { status: 'verification_sent' }, the
 *                                   same for a taken address (its owner is e-mailed instead);
 *                                   400 validation_failed (password_common among the fields)
 *   POST /api/auth/verify-email     { email, code } -> 200 SessionAnswer, logged in;
 *                                   400 validation_failed (code: code_invalid)
 *   POST /api/auth/verify-email/send { email } -> 202 { status: 'verification_sent' }, always
 *   POST /api/auth/login            LoginForm -> 200 SessionAnswer; 401 auth_error;
 *                                   403 email_not_verified (a new code is sent)
 *   POST /api/auth/logout           -> 204
 *   POST /api/auth/forgot-password  { email } -> 202 { status: 'reset_requested' }, always
 *   POST /api/auth/reset-password/check { token } -> 200 { valid: true };
 *                                   410 invalid_request_expired; 404 invalid_request_not_found
 *   POST /api/auth/reset-password   { token, password, confirm_password } -> 200 { status:
 *                                   'password_reset' }; 410 / 404 as above; 500 invalid_request_failed
 *   GET  /api/profile               -> AccountAnswer
 *   PUT  /api/profile               { full_name, phone } -> 200 AccountAnswer; 409 data_no_changes
 *   PUT  /api/profile/password      { current_password, password, confirm_password } -> 204;
 *                                   400 validation_failed (current_password: password_incorrect)
 *   POST /api/receipts/find         { reference } alone finds a payment of the logged-in user
 *
 * Every POST, PUT, PATCH and DELETE carries the session answer's `csrfToken` in `x-csrf-token`
 * (403 csrf_invalid otherwise); the gateway's return and callback are the only exceptions. Too many
 * attempts at registration, reset or codes, or a login before its wait after failures is over,
 * answer 429 rate_limited with a Retry-After header (docs/accounts.md).
 */

export const roles = ['user', '_admin'] as const;
export type Role = (typeof roles)[number];

/** The logged-in user, as the browser may know them. The IC number is shown masked. */
export interface SessionUser {
  email: string;
  full_name: string;
  phone: string;
  /** All but the last four digits hidden: `********5678`. */
  ic_num_masked: string;
  roles: Role[];
  email_verified: boolean;
}

export interface SessionAnswer {
  user: SessionUser | null;
  csrfToken: string;
}

/** The profile answers the user as they now are. */
export interface AccountAnswer {
  user: SessionUser;
}
