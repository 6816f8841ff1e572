import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The server settings the web app needs to follow the same rules (the cart's size). */
export async function settingsRoutes(app: FastifyInstance, options: { cartLimit: number }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/settings',
    {
      schema: {
        summary: 'Settings the web app follows',
        tags: ['settings'],
        response: { 200: z.object({ cart_limit: z.number().int() }) },
      },
    },
    async () => ({ cart_limit: options.cartLimit }),
  );
}
