import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../lib/api-error-schema';
import { checkout, type CheckoutSettings } from './checkout-service';

const checkoutAnswer = z.object({
  reference: z.string().describe('e.g. A10-20261122-000123-K3M9QX; the gateway RefNo'),
  receipt_token: z
    .string()
    .describe('Lets the browser that holds it continue, cancel and see this payment'),
  amount: z.number().int().describe('in sen'),
});

export async function checkoutRoutes(app: FastifyInstance, settings: CheckoutSettings) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/checkout',
    {
      schema: {
        summary:
          'Turn a cart into a payment that holds its bills; POST /api/payments/handover then sends the payer to the gateway',
        tags: ['payments'],
        // Validated by the service, so that each problem gets its own code and items.
        body: z.unknown(),
        response: {
          200: checkoutAnswer,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) =>
      checkout(
        app.db,
        settings,
        { userId: (await request.currentUser())?.id, ip: request.ip },
        request.body,
        app.clock(),
      ),
  );
}
