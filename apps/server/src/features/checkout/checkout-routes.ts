import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { GatewayClient } from '../../gateway/gateway-client';
import { apiErrorSchema } from '../../lib/api-error-schema';
import { checkout } from './checkout-service';

const checkoutAnswer = z.object({
  reference: z.string().describe('e.g. A10-20261122-000123; the gateway RefNo'),
  receipt_token: z.string().describe('Shows this payment to the browser that holds it'),
  amount: z.number().int().describe('in sen'),
  gateway: z.object({
    action: z.string().describe('The gateway entry page the browser posts the fields to'),
    fields: z.record(z.string(), z.string()),
  }),
});

export async function checkoutRoutes(
  app: FastifyInstance,
  options: { gateway: GatewayClient; cartLimit: number },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/checkout',
    {
      schema: {
        summary: 'Turn a cart into a payment in progress and sign the gateway request',
        tags: ['payments'],
        // Validated by the service, so that each problem gets its own code and items.
        body: z.unknown(),
        response: {
          200: checkoutAnswer,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) =>
      checkout(
        app.db,
        options.gateway,
        { cartLimit: options.cartLimit, userId: (await request.currentUser())?.id },
        request.body,
      ),
  );
}
