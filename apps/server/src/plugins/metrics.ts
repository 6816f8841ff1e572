import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's Prometheus metrics; each feature registers its own on it. */
    metrics: Registry;
  }
}

/** One registry per server, so that several servers in one process (tests) count apart. */
export const metrics = fp(async (app: FastifyInstance) => {
  app.decorate('metrics', new Registry());
});
