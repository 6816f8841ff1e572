import * as z from 'zod';
import type { Endpoint } from './endpoint';

/** The server's settings that the web app follows, so that it refuses what the server would. */
export const portalSettings = z.strictObject({
  /** How many bills the cart may hold. */
  cart_limit: z.number().int(),
  /** The most one payment may be, in sen: the card gateway refuses more. */
  max_payment: z.number().int().describe('The most one payment may be, in sen'),
});

export type PortalSettings = z.output<typeof portalSettings>;

export const settingsApi = {
  get: {
    method: 'GET',
    path: '/settings',
    summary: 'Settings the web app follows',
    answer: portalSettings,
    errors: [],
  },
} as const satisfies Record<string, Endpoint>;
