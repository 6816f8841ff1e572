import * as z from 'zod';
import { councilCodes } from '../councils';
import { councilSwitchSchema } from '../forms';
import { paymentTypes } from '../payment-types';
import { councilQuery } from './councils';
import type { OfficeEndpoint } from './endpoint';

/**
 * Whether a council takes payments online, and which of its payment types (docs/back-office.md):
 * what a council admin switches off for an outage or a change of rates, and on again. The portal
 * reads them from the database on every search and checkout, so a switch takes effect on every
 * server at once.
 */
export const councilSwitches = z.strictObject({
  council: z.enum(councilCodes),
  available: z.boolean(),
  payment_types: z.array(
    z.strictObject({ payment_type: z.enum(paymentTypes), available: z.boolean() }),
  ),
});

export type CouncilSwitches = z.output<typeof councilSwitches>;

const officeErrors = ['login_required', 'forbidden'] as const;

export const switchesApi = {
  get: {
    method: 'GET',
    path: '/office/switches',
    summary: 'A council’s switches: the council itself and each payment type it offers',
    access: 'council_admin',
    query: councilQuery,
    answer: councilSwitches,
    errors: officeErrors,
  },
  change: {
    method: 'POST',
    path: '/office/switches',
    summary: 'Switch a council, or one of its payment types, on or off, with a reason',
    access: 'council_admin',
    body: councilSwitchSchema,
    answer: councilSwitches,
    errors: [...officeErrors, 'not_found'],
  },
} as const satisfies Record<string, OfficeEndpoint>;
