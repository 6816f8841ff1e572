import * as z from 'zod';
import { contactDetails } from '../contacts';
import { councilCodes } from '../councils';
import { paymentTypes } from '../payment-types';
import type { Endpoint } from './endpoint';
import { named } from './named';

/** Which council a back-office screen of one council's records is about (switches, staff, keys). */
export const councilQuery = z.object({ council: z.enum(councilCodes) });

/** One of the 23 councils as the portal lists it, with what it takes online right now. */
export const councilListing = named(
  'Council',
  z.strictObject({
    code: z.string(),
    name: z.string(),
    short_name: z.string(),
    product_title: z.string().describe('Its own title for the portal, shown under its name'),
    logo: z.string().nullable().describe('Where the browser fetches its logo; null: none set'),
    /** False while the council is switched off for online payment ('council_not_available'). */
    available: z.boolean(),
    /** The payment types it takes online now ('payment_type_not_available' for the others). */
    payment_types: z.array(z.enum(paymentTypes)),
    contact: contactDetails.nullable().describe('How to reach the council; null until it has said'),
    local_charge_limits: z
      .strictObject({ max_people: z.number().int(), max_days: z.number().int() })
      .describe('The most people and days one local government charge may be for'),
  }),
);

export type CouncilListing = z.output<typeof councilListing>;

export const councilsApi = {
  list: {
    method: 'GET',
    path: '/councils',
    summary: 'The 23 councils, whether each takes payments now, and which payment types',
    answer: z.array(councilListing),
    errors: [],
  },
} as const satisfies Record<string, Endpoint>;
