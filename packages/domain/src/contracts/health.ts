import * as z from 'zod';
import type { Endpoint } from './endpoint';

export const healthApi = {
  check: {
    method: 'GET',
    path: '/health',
    summary: 'Whether the portal and its database answer',
    answer: z.strictObject({ status: z.literal('ok') }),
    errors: ['service_unavailable'],
  },
} as const satisfies Record<string, Endpoint>;
