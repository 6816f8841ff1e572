import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The server settings the web app needs to follow the same rules: the cart's size and total. */
export async function settingsRoutes(
  app: FastifyInstance,
  options: { cartLimit: number; gatewayMaxAmountSen: number },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/settings',
    {
      schema: {
        summary: 'Settings the web app follows',
        tags: ['settings'],
        response: {
          200: z.object({
            cart_limit: z.number().int(),
            max_payment: z.number().int().describe('The most one payment may be, in sen'),
          }),
        },
      },
    },
    async () => ({ cart_limit: options.cartLimit, max_payment: options.gatewayMaxAmountSen }),
  );
}
