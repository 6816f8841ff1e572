import formBody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { GatewayClient } from '../../gateway/gateway-client';
import { applyGatewayVerdict, type GatewaySource } from './settle-payment';

/** The gateway's body: form fields, every value text. Anything else is kept out. */
function formFields(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(
    Object.entries(body)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([key, value]) => [key.slice(0, 64), value.slice(0, 512)]),
  );
}

/**
 * Where the card gateway reports back (DESIGN.md section 4): the payer's browser returns through
 * `/return` and is sent on to the confirmation page; the gateway's own server calls `/callback`
 * and is answered `RECEIVEOK` once the message is taken, so that it stops retrying.
 */
export async function paymentsRoutes(app: FastifyInstance, options: { gateway: GatewayClient }) {
  await app.register(formBody, { bodyLimit: 16 * 1024 });
  const take = (source: GatewaySource, body: unknown) => {
    const fields = formFields(body);
    return applyGatewayVerdict(app.db, source, options.gateway.verify(fields), fields);
  };

  app.post('/payments/return', { schema: { hide: true } }, async (request, reply) => {
    const { payment } = await take('return', request.body);
    const reference = payment?.reference ?? '';
    return reply.redirect(`/#/confirmation?${new URLSearchParams({ reference }).toString()}`, 303);
  });

  app.post('/payments/callback', { schema: { hide: true } }, async (request, reply) => {
    const { outcome } = await take('callback', request.body);
    // Flagged and unknown messages are kept for an officer; a retry would add nothing.
    reply.type('text/plain');
    return outcome === 'applied' || outcome === 'duplicate' ? 'RECEIVEOK' : 'NOT ACCEPTED';
  });
}
