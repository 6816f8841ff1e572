import { paths, screenUrl } from '@portal/domain/web-paths';
import formBody from '@fastify/formbody';
import { responseFieldNames } from '@portal/gateway-protocol/ipay88';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Counter } from 'prom-client';
import type { PaymentTimings } from '../../config';
import { paymentsApi } from '@portal/domain/contracts/payments';
import { routeOf } from '../../lib/endpoint-route';
import { cancelPayment, handOver } from './payer-actions';
import type { GatewayClient } from '../../gateway/gateway-client';
import { logOncePerWindow } from '../../lib/log-once';
import { applyGatewayVerdict, type GatewaySource } from './settle-payment';

/** The gateway's form body, its known fields only, each a bounded text: nothing else is kept. */
function gatewayFields(body: unknown): Record<string, string> {
  const form = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return Object.fromEntries(
    responseFieldNames
      .filter((key) => typeof form[key] === 'string')
      .map((key) => [key, (form[key] as string).slice(0, 512)]),
  );
}

/** A reference as the portal writes them, to send the payer's browser on to its page. */
const referenceShape = /^[A-Z0-9-]{1,40}$/;

/**
 * Where the card gateway reports back (docs/payments.md): the payer's browser returns through
 * `/return` and is sent on to the confirmation page; the gateway's own server calls `/callback`
 * and is answered `RECEIVEOK` once the message is taken, so that it stops retrying. A message the
 * gateway did not sign is refused before anything is stored: it is only counted and logged.
 */
export async function paymentsRoutes(
  app: FastifyInstance,
  options: { gateway: GatewayClient; timings: PaymentTimings },
) {
  // A real response is under 2 KiB; nothing bigger is read.
  await app.register(formBody, { bodyLimit: 8 * 1024 });
  const refused = new Counter({
    name: 'portal_gateway_messages_refused_total',
    help: 'Gateway returns and callbacks refused unread: not signed by the gateway, or not ours',
    labelNames: ['source', 'reason'],
    registers: [app.metrics],
  });
  const refusalLogs = new Map<string, () => void>();
  const noteRefusal = (source: GatewaySource, reason: string, log: FastifyBaseLogger) => {
    refused.inc({ source, reason });
    const key = `${source}:${reason}`;
    if (!refusalLogs.has(key)) {
      refusalLogs.set(
        key,
        logOncePerWindow((repeats) =>
          log.warn({ source, reason, repeats }, 'gateway message refused'),
        ),
      );
    }
    refusalLogs.get(key)!();
  };

  const take = async (source: GatewaySource, body: unknown, log: FastifyBaseLogger) => {
    const fields = gatewayFields(body);
    const verdict = options.gateway.verify(fields);
    if (!verdict.trusted) {
      noteRefusal(source, verdict.reason, log);
      return { reference: fields.RefNo ?? '', outcome: 'refused' as const };
    }
    const { outcome, reference } = await applyGatewayVerdict(
      app.db,
      source,
      verdict,
      fields,
      app.clock(),
      options.timings,
    );
    return { reference: reference ?? '', outcome };
  };

  app.post('/payments/return', { schema: { hide: true } }, async (request, reply) => {
    const { reference } = await take('return', request.body, request.log);
    // The confirmation page shows what the portal knows of the payment, whatever the message said.
    const query: Record<string, string> = referenceShape.test(reference) ? { reference } : {};
    return reply.redirect(screenUrl('', paths.confirmation, query), 303);
  });

  app.post('/payments/callback', { schema: { hide: true } }, async (request, reply) => {
    const { outcome } = await take('callback', request.body, request.log);
    // A flagged or unknown message is kept for an officer, a refused one counted: a retry would add
    // nothing.
    reply.type('text/plain');
    const taken = outcome !== 'refused' && outcome !== 'flagged' && outcome !== 'unknown';
    return taken ? 'RECEIVEOK' : 'NOT ACCEPTED';
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];

  api.route({
    ...routeOf(paymentsApi.handover, tags),
    handler: async (request) =>
      handOver(
        app.db,
        options.gateway,
        options.timings,
        request.body,
        (await request.currentUser())?.id,
        app.clock(),
      ),
  });

  api.route({
    ...routeOf(paymentsApi.cancel, tags),
    handler: async (request) =>
      cancelPayment(
        app.db,
        options.gateway,
        options.timings,
        request.body,
        (await request.currentUser())?.id,
        app.clock(),
      ),
  });
}
