import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentTypes } from '@portal/domain/payment-types';
import { listCouncils } from './councils-queries';

const councilListing = z.object({
  code: z.string(),
  name: z.string(),
  shortName: z.string(),
  productTitle: z.string(),
  available: z.boolean(),
  paymentTypes: z.array(z.enum(paymentTypes)),
  localChargeLimits: z
    .object({ maxPeople: z.number().int(), maxDays: z.number().int() })
    .describe('The most people and days one local government charge may be for'),
});

export async function councilsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/councils',
    {
      schema: {
        summary: 'The 23 councils, whether each takes payments now, and which payment types',
        tags: ['councils'],
        response: { 200: z.array(councilListing) },
      },
    },
    async (_request, reply) => {
      // Availability changes rarely; a minute of caching spares the database on every home page.
      reply.header('cache-control', 'public, max-age=60');
      return listCouncils(app.db);
    },
  );
}
