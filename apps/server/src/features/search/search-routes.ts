import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchApi } from '@portal/domain/contracts/search';
import { routeOf } from '../../lib/endpoint-route';
import { prepareBillLookup } from './search-queries';
import { quoteLocalCharge, searchBill } from './search-service';

export async function searchRoutes(app: FastifyInstance, options: { gatewayMaxAmountSen: number }) {
  const lookup = prepareBillLookup(app.db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['search'];

  api.route({
    ...routeOf(searchApi.find, tags),
    handler: (request) => searchBill(lookup, request.body),
  });

  api.route({
    ...routeOf(searchApi.quoteLocalCharge, tags),
    handler: (request) => quoteLocalCharge(lookup, request.body, options.gatewayMaxAmountSen),
  });
}
