import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchApi } from '@portal/domain/contracts/search';
import { routeOf } from '../../lib/endpoint-route';
import { prepareBillLookup } from './search-queries';
import {
  listBillsByOwner,
  listBillsByPlate,
  quoteLocalCharge,
  searchBill,
  type SearchClient,
} from './search-service';

export async function searchRoutes(
  app: FastifyInstance,
  options: { gatewayMaxAmountSen: number; listSearchesPerMinute: number },
) {
  const lookup = prepareBillLookup(app.db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['search'];
  const listSettings = () => ({ perMinute: options.listSearchesPerMinute, now: app.clock() });
  const clientOf = async (request: {
    ip: string;
    currentUser(): Promise<{ id: number } | undefined>;
  }): Promise<SearchClient> => ({ userId: (await request.currentUser())?.id, ip: request.ip });

  api.route({
    ...routeOf(searchApi.find, tags),
    handler: (request) => searchBill(lookup, request.body),
  });

  api.route({
    ...routeOf(searchApi.findByPlate, tags),
    handler: async (request) =>
      listBillsByPlate(app.db, request.body, await clientOf(request), listSettings()),
  });

  api.route({
    ...routeOf(searchApi.findByOwner, tags),
    handler: async (request) =>
      listBillsByOwner(app.db, request.body, await clientOf(request), listSettings()),
  });

  api.route({
    ...routeOf(searchApi.quoteLocalCharge, tags),
    handler: (request) => quoteLocalCharge(lookup, request.body, options.gatewayMaxAmountSen),
  });
}
