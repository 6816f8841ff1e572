import * as z from 'zod';
import type { Endpoint } from './endpoint';
import { identityTypes } from '../identities';
import { named } from './named';

export const roles = ['user', '_admin'] as const;
export type Role = (typeof roles)[number];

/** The logged-in user, as the browser may know them. */
export const sessionUser = named(
  'User',
  z.strictObject({
    email: z.string(),
    full_name: z.string(),
    phone: z.string(),
    ic_num_masked: z.string().describe('All but the last four characters hidden: ********5678'),
    id_type: z.enum(identityTypes),
    id_no: z
      .string()
      .describe("The user's own identity number, to fill their own forms (docs/personal-data.md)"),
    roles: z.array(z.enum(roles)),
    email_verified: z.boolean(),
  }),
);

export type SessionUser = z.output<typeof sessionUser>;

/** Who is logged in, if anyone, and the token every state-changing call carries. */
export const sessionAnswer = named(
  'Session',
  z.strictObject({
    user: sessionUser.nullable(),
    csrf_token: z.string(),
  }),
);

export type SessionAnswer = z.output<typeof sessionAnswer>;

export const sessionApi = {
  get: {
    method: 'GET',
    path: '/auth/session',
    summary: 'Who is logged in, and the CSRF token (sets the CSRF cookie when missing)',
    answer: sessionAnswer,
    errors: [],
  },
  end: {
    method: 'POST',
    path: '/auth/logout',
    summary: 'End this session on the server (log out)',
    success: 204,
    answer: z.null(),
    errors: [],
  },
} as const satisfies Record<string, Endpoint>;
