import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsApi } from '@portal/domain/contracts/settings';

/** The server settings the web app needs to follow the same rules: the cart's size and total. */
export async function settingsRoutes(
  app: FastifyInstance,
  options: { cartLimit: number; gatewayMaxAmountSen: number },
) {
  const { get } = settingsApi;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: get.method,
    url: get.path,
    schema: { summary: get.summary, tags: ['settings'], response: { 200: get.answer } },
    handler: async () => ({
      cart_limit: options.cartLimit,
      max_payment: options.gatewayMaxAmountSen,
    }),
  });
}
