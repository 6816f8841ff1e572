import * as z from 'zod';
import {
  emailVerificationSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordChangeSchema,
  passwordResetRequestSchema,
  profileSchema,
  registrationSchema,
} from '../forms';
import type { Endpoint } from './endpoint';
import { sessionAnswer, sessionUser } from './session';

/**
 * Citizens' accounts (docs/accounts.md): registration, login, password reset, and the profile. Who
 * is logged in, and logging out, are the session's contract (`session.ts`). Every POST, PUT and DELETE carries the
 * session answer's `csrf_token` in `x-csrf-token`
 * (403 csrf_invalid otherwise); the gateway's return and callback are the only exceptions. Too
 * many attempts answer 429 rate_limited with a Retry-After header.
 */

/** The profile answers the user as they now are. */
const accountAnswer = z.strictObject({ user: sessionUser });

export type AccountAnswer = z.output<typeof accountAnswer>;

/** The same answer whether or not the address has an account, so that it tells nobody. */
const codeSent = z.strictObject({ status: z.literal('verification_sent') });

export const accountsApi = {
  register: {
    method: 'POST',
    path: '/auth/register',
    summary:
      'Register: a code to confirm the address is e-mailed (the answer is the same for a taken address, whose owner is told)',
    body: registrationSchema,
    success: 202,
    answer: codeSent,
    errors: ['rate_limited'],
  },
  verifyEmail: {
    method: 'POST',
    path: '/auth/verify-email',
    summary: 'Confirm the address with the code e-mailed to it, and log in',
    body: emailVerificationSchema,
    answer: sessionAnswer,
    errors: ['rate_limited'],
  },
  sendVerification: {
    method: 'POST',
    path: '/auth/verify-email/send',
    summary:
      'E-mail a new code to confirm an address, if it has an account waiting for one (the answer never says)',
    body: forgotPasswordSchema,
    success: 202,
    answer: codeSent,
    errors: ['rate_limited'],
  },
  login: {
    method: 'POST',
    path: '/auth/login',
    summary: 'Log in: a new session, in a new cookie, and a new CSRF token',
    body: loginSchema,
    answer: sessionAnswer,
    errors: ['auth_error', 'email_not_verified', 'rate_limited'],
  },
  forgotPassword: {
    method: 'POST',
    path: '/auth/forgot-password',
    summary: 'E-mail a reset link, if the address has an account (the answer never says)',
    body: forgotPasswordSchema,
    success: 202,
    answer: z.strictObject({ status: z.literal('reset_requested') }),
    errors: ['rate_limited'],
  },
  checkReset: {
    method: 'POST',
    path: '/auth/reset-password/check',
    summary: 'Whether a reset link still works',
    body: z.object({ token: z.string().min(1).max(200) }),
    answer: z.strictObject({ valid: z.literal(true) }),
    errors: ['invalid_request_expired', 'invalid_request_not_found'],
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/reset-password',
    summary: 'Set a new password with a reset link; every other session of the user ends',
    body: passwordResetRequestSchema,
    answer: z.strictObject({ status: z.literal('password_reset') }),
    errors: ['invalid_request_expired', 'invalid_request_not_found', 'invalid_request_failed'],
  },
} as const satisfies Record<string, Endpoint>;

const profileErrors = ['login_required', 'forbidden', 'rate_limited'] as const;

export const profileApi = {
  get: {
    method: 'GET',
    path: '/profile',
    summary: 'My profile',
    answer: accountAnswer,
    errors: profileErrors,
  },
  update: {
    method: 'PUT',
    path: '/profile',
    summary: 'Change my full name and phone number',
    body: profileSchema,
    answer: accountAnswer,
    errors: [...profileErrors, 'data_no_changes'],
  },
  changePassword: {
    method: 'PUT',
    path: '/profile/password',
    summary: 'Change my password (the current one is needed); my other sessions end',
    body: passwordChangeSchema,
    success: 204,
    answer: z.null(),
    errors: profileErrors,
  },
} as const satisfies Record<string, Endpoint>;
