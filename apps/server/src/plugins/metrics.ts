import { timingSafeEqual } from 'node:crypto';
import { count, eq, min } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, PoolStats } from '../db/database';
import { mailMessages, payments } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's Prometheus metrics; each feature registers its own on it. */
    metrics: Registry;
  }
}

export interface MetricsOptions {
  /** Whether `/metrics` answers: outside production, or with a token. */
  serve: boolean;
  /** The bearer token a scraper must send; unset, anyone who reaches the server may read. */
  token: string | undefined;
  /** The PostgreSQL pool's connections now; absent on the embedded database. */
  poolStats?: (() => PoolStats) | undefined;
}

/**
 * The server's Prometheus metrics (docs/operations.md), at `/metrics`. One registry per server,
 * so that several servers in one process (tests) count apart. Requests are counted per route
 * pattern, never per address, so a scan of random paths cannot grow the series without bound.
 * What the database holds (payments by state, the mail queue) is read at each scrape, so every
 * server reports the same totals.
 */
export const metrics = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const registry = new Registry();
  app.decorate('metrics', registry);
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });

  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer a request, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // A plain hook, not an async one: it runs on every request, search's hot path included.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: reply.statusCode });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  databaseGauges(registry, app.db);
  const { poolStats } = options;
  if (poolStats) {
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL connections of this server, by state (in_use, idle)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const { total, idle } = poolStats();
        this.set({ state: 'in_use' }, total - idle);
        this.set({ state: 'idle' }, idle);
      },
    });
    new Gauge({
      name: 'portal_db_pool_waiting',
      help: 'Requests of this server waiting for a PostgreSQL connection',
      registers: [registry],
      collect() {
        this.set(poolStats().waiting);
      },
    });
  }

  if (!options.serve) return;
  const expected = options.token ? Buffer.from(`Bearer ${options.token}`) : undefined;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected) {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send();
      }
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});

function databaseGauges(registry: Registry, db: Database) {
  new Gauge({
    name: 'portal_payments',
    help: 'Payments in the database, by status: settled ones are paid, refunds owed refund_due',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await db
        .select({ status: payments.status, payments: count() })
        .from(payments)
        .groupBy(payments.status);
      this.reset();
      for (const row of rows) this.set({ status: row.status }, row.payments);
    },
  });
  new Gauge({
    name: 'portal_mail_queue_depth',
    help: 'E-mails waiting to be sent',
    registers: [registry],
    async collect() {
      const [row] = await db
        .select({ queued: count() })
        .from(mailMessages)
        .where(eq(mailMessages.status, 'queued'));
      this.set(row?.queued ?? 0);
    },
  });
  new Gauge({
    name: 'portal_mail_queue_oldest_seconds',
    help: 'Age of the oldest e-mail waiting to be sent; 0 when none waits',
    registers: [registry],
    async collect() {
      const [row] = await db
        .select({ oldest: min(mailMessages.createdAt) })
        .from(mailMessages)
        .where(eq(mailMessages.status, 'queued'));
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : Date.now();
      this.set(Math.max(0, (Date.now() - oldest) / 1000));
    },
  });
}
