import * as z from 'zod';
import { councilCodes } from '../councils';
import { staffLoginSchema } from '../forms';
import { staffRoles } from '../staff';
import type { OfficeEndpoint } from './endpoint';

/**
 * Council staff's sign-in to the back office (docs/back-office.md). Staff are not citizens: their
 * own accounts, their own session cookie (15 idle minutes), and a second factor at every login.
 * State-changing calls carry the CSRF token as the citizen side's do.
 */

/** The logged-in staff member, as the back office shows them. */
export const staffMember = z.strictObject({
  email: z.string(),
  full_name: z.string(),
  role: z.enum(staffRoles),
  /** Null for the state-wide `_admin`. */
  council: z.enum(councilCodes).nullable(),
});

export type StaffMember = z.output<typeof staffMember>;

export const staffSessionAnswer = z.strictObject({
  staff: staffMember.nullable(),
  csrf_token: z.string(),
});

export type StaffSessionAnswer = z.output<typeof staffSessionAnswer>;

export const staffApi = {
  session: {
    method: 'GET',
    path: '/office/session',
    summary: 'Which staff member is logged in, if anyone, and the CSRF token',
    access: 'anyone',
    answer: staffSessionAnswer,
    errors: [],
  },
  login: {
    method: 'POST',
    path: '/office/login',
    summary:
      'Staff login with password and a code from the authenticator app (or a recovery code, used up)',
    access: 'anyone',
    body: staffLoginSchema,
    answer: staffSessionAnswer,
    errors: ['auth_error', 'rate_limited'],
  },
  logout: {
    method: 'POST',
    path: '/office/logout',
    summary: 'End the staff session',
    access: 'anyone',
    success: 204,
    answer: z.null(),
    errors: [],
  },
} as const satisfies Record<string, OfficeEndpoint>;
