import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsApi } from '@portal/domain/contracts/settings';
import { routeOf } from '../../lib/endpoint-route';

/** The server settings the web app needs to follow the same rules: the cart's size and total. */
export async function settingsRoutes(
  app: FastifyInstance,
  options: { cartLimit: number; gatewayMaxAmountSen: number },
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(settingsApi.get, ['settings']),
    handler: async () => ({
      cart_limit: options.cartLimit,
      max_payment: options.gatewayMaxAmountSen,
    }),
  });
}
