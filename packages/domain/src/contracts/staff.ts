import * as z from 'zod';
import { councilCodes } from '../councils';
import {
  reasonFormSchema,
  staffChangeSchema,
  staffEnrolmentSchema,
  staffInviteSchema,
  staffLoginSchema,
} from '../forms';
import { staffRoles } from '../staff';
import { councilQuery } from './councils';
import type { OfficeEndpoint } from './endpoint';
import { idParams } from './params';
import { named } from './named';

/**
 * Council staff's sign-in to the back office (docs/back-office.md). Staff are not citizens: their
 * own accounts, their own session cookie (15 idle minutes), and a second factor at every login.
 * State-changing calls carry the CSRF token as the citizen side's do.
 */

/** The logged-in staff member, as the back office shows them. */
export const staffMember = named(
  'StaffMember',
  z.strictObject({
    email: z.string(),
    full_name: z.string(),
    role: z.enum(staffRoles),
    /** Null for the state-wide `_admin`. */
    council: z.enum(councilCodes).nullable(),
  }),
);

export type StaffMember = z.output<typeof staffMember>;

export const staffSessionAnswer = named(
  'StaffSession',
  z.strictObject({
    staff: staffMember.nullable(),
    csrf_token: z.string(),
  }),
);

export type StaffSessionAnswer = z.output<typeof staffSessionAnswer>;

/**
 * A staff member as their council admin manages them (docs/back-office.md): `invited` until they
 * have set their password and authenticator app from the e-mailed link, then `active`, or
 * `disabled`.
 */
export const staffRecord = named(
  'StaffRecord',
  z.strictObject({
    id: z.number().int(),
    ...staffMember.shape,
    status: z.enum(['invited', 'active', 'disabled']),
    /** ISO timestamp (UTC). */
    created_at: z.string(),
  }),
);

export type StaffRecord = z.output<typeof staffRecord>;

const managing = ['login_required', 'forbidden'] as const;

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
  list: {
    method: 'GET',
    path: '/office/staff',
    summary: 'A council’s staff, with their roles and whether they may log in',
    access: 'council_admin',
    query: councilQuery,
    answer: z.strictObject({ staff: z.array(staffRecord) }),
    errors: managing,
  },
  invite: {
    method: 'POST',
    path: '/office/staff',
    summary:
      'Invite a staff member of a council: they are e-mailed a link to set their password and authenticator app',
    access: 'council_admin',
    body: staffInviteSchema,
    answer: z.strictObject({ member: staffRecord }),
    errors: [...managing, 'email_already_exist'],
  },
  change: {
    method: 'POST',
    path: '/office/staff/:id',
    summary: 'Change a staff member’s role, or disable or enable them, with a reason',
    access: 'council_admin',
    params: idParams,
    body: staffChangeSchema,
    answer: z.strictObject({ member: staffRecord }),
    errors: [...managing, 'not_found'],
  },
  reenrol: {
    method: 'POST',
    path: '/office/staff/:id/reenrol',
    summary:
      'A lost authenticator: the staff member’s second factor is cleared and a new link e-mailed',
    access: 'council_admin',
    params: idParams,
    body: reasonFormSchema,
    answer: z.strictObject({ member: staffRecord }),
    errors: [...managing, 'not_found'],
  },
  enrolment: {
    method: 'GET',
    path: '/office/enrolment',
    summary:
      'An invitation’s account and the authenticator secret to add to the app, from the e-mailed link',
    access: 'anyone',
    query: z.object({ token: z.string().max(200) }),
    answer: z.strictObject({
      email: z.string(),
      full_name: z.string(),
      totp_secret: z.string(),
      totp_uri: z.string(),
    }),
    errors: ['invalid_request_not_found', 'rate_limited'],
  },
  enrol: {
    method: 'POST',
    path: '/office/enrolment',
    summary:
      'Set the password and confirm the authenticator app with a code; answers the recovery codes, once',
    access: 'anyone',
    body: staffEnrolmentSchema,
    answer: z.strictObject({ recovery_codes: z.array(z.string()) }),
    errors: ['invalid_request_not_found', 'rate_limited'],
  },
} as const satisfies Record<string, OfficeEndpoint>;
