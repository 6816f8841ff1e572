import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { receiptsApi } from '@portal/domain/contracts/receipts';
import { languageOfAcceptHeader } from '@portal/domain/languages';
import { routeOf } from '../../lib/endpoint-route';
import { checkReceipt, findReceipt, receiptPdfOf } from './receipts-service';

async function callerOf(request: FastifyRequest) {
  return { userId: (await request.currentUser())?.id, ip: request.ip };
}

export async function receiptsRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['receipts'];
  // The service tells a token, an e-mail and a session apart, and names the wrong field.
  const lookup = { serviceChecksBody: true };

  api.route({
    ...routeOf(receiptsApi.find, tags, lookup),
    handler: async (request) =>
      findReceipt(app.db, options.publicUrl, request.body, await callerOf(request), app.clock()),
  });

  api.route({
    ...routeOf(receiptsApi.pdf, tags, lookup),
    handler: async (request, reply) => {
      const receipt = await findReceipt(
        app.db,
        options.publicUrl,
        request.body,
        await callerOf(request),
        app.clock(),
      );
      // In the language the page asking for it is shown in.
      const lang = languageOfAcceptHeader(request.headers['accept-language']);
      const pdf = await receiptPdfOf(app.db, receipt, lang);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${receipt.reference}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  });

  api.route({
    ...routeOf(receiptsApi.check, tags),
    handler: (request) => checkReceipt(app.db, request.query),
  });
}
