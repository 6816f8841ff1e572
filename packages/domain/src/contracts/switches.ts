import * as z from 'zod';
import { councilCodes } from '../councils';
import { channelSwitchSchema, councilSwitchSchema } from '../forms';
import { paymentMethods } from '../payment-methods';
import { paymentTypes } from '../payment-types';
import { councilQuery } from './councils';
import type { OfficeEndpoint } from './endpoint';
import { named } from './named';

/**
 * Whether a council takes payments online, which of its payment types, and by which ways to pay
 * (docs/back-office.md): what a council admin switches off for an outage or a change of rates, and
 * on again. The portal reads them from the database on every search and checkout, so a switch
 * takes effect on every server at once.
 */
export const councilSwitches = named(
  'CouncilSwitches',
  z.strictObject({
    council: z.enum(councilCodes),
    available: z.boolean(),
    payment_types: z.array(
      z.strictObject({ payment_type: z.enum(paymentTypes), available: z.boolean() }),
    ),
    payment_methods: z.array(
      z.strictObject({ method: z.enum(paymentMethods), available: z.boolean() }),
    ),
  }),
);

export type CouncilSwitches = z.output<typeof councilSwitches>;

/** Every bank and e-wallet, and whether it is up: the state-wide admin marks one down. */
export const channelStates = named(
  'ChannelStates',
  z.strictObject({
    channels: z.array(
      z.strictObject({
        payment_id: z.string(),
        method: z.enum(paymentMethods),
        name: z.string(),
        online: z.boolean(),
        /** Why it was last marked, by whom and when; null when it never was. */
        reason: z.string().nullable(),
        changed_by: z.string().nullable(),
        changed_at: z.string().nullable(),
      }),
    ),
  }),
);

export type ChannelStates = z.output<typeof channelStates>;

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
  channels: {
    method: 'GET',
    path: '/office/switches/channels',
    summary: 'Every bank and e-wallet, and whether the checkout offers it',
    access: '_admin',
    answer: channelStates,
    errors: officeErrors,
  },
  changeChannel: {
    method: 'POST',
    path: '/office/switches/channels',
    summary: 'Mark a bank or e-wallet down, or up again, for every council, with a reason',
    access: '_admin',
    body: channelSwitchSchema,
    answer: channelStates,
    errors: officeErrors,
  },
} as const satisfies Record<string, OfficeEndpoint>;
