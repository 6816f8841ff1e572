import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every answer; the policy allows only the portal's own scripts and styles.
 * Helmet is configured once here, and asked once for the headers it sets, which depend on nothing
 * in the request: @fastify/helmet rebuilds it, parsing the policy, on every request, which cost
 * the search a tenth of its throughput, and helmet itself writes the policy out again each time.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: { formTargets: string[] }) => {
    const setSecurityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // React sets a few style attributes (progress widths); no inline <style> or script.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // The checkout form posts to the card gateway's entry page.
          formAction: ["'self'", ...options.formTargets],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // The gateway takes a payment form only from the merchant's registered address, which it
      // reads in the Referer: other sites get the origin alone (routes are in the fragment, which
      // no Referer carries), never nothing.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Cross-origin isolation headers would block the card gateway's redirect back to us.
      crossOriginEmbedderPolicy: false,
      hsts: { maxAge: 31_536_000, includeSubDomains: true },
    });
    const { set, removed } = headersOf(setSecurityHeaders);
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of set) reply.raw.setHeader(name, value);
      for (const name of removed) reply.raw.removeHeader(name);
      done();
    });
  },
);

/** The headers a helmet middleware sets on an answer, and those it removes (X-Powered-By). */
function headersOf(setHeaders: ReturnType<typeof helmet>) {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const answer = {
    setHeader: (name: string, value: string) => set.push([name, value]),
    removeHeader: (name: string) => removed.push(name),
  };
  setHeaders({} as IncomingMessage, answer as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return { set, removed };
}
