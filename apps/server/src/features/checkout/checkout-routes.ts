import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkoutApi } from '@portal/domain/contracts/checkout';
import { routeOf } from '../../lib/endpoint-route';
import { checkout, type CheckoutSettings } from './checkout-service';
import { offeredMethods } from './payment-methods';

export async function checkoutRoutes(app: FastifyInstance, settings: CheckoutSettings) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(checkoutApi.methods, ['payments']),
    handler: async (request) =>
      offeredMethods(app.db, request.query.councils.split(','), settings.gatewayMaxAmountSen),
  });
  app.withTypeProvider<ZodTypeProvider>().route({
    // The service names the cart items each problem is about.
    ...routeOf(checkoutApi.create, ['payments'], { serviceChecksBody: true }),
    handler: async (request) =>
      checkout(
        app.db,
        settings,
        { userId: (await request.currentUser())?.id, ip: request.ip },
        request.body as unknown,
        app.clock(),
      ),
  });
}
