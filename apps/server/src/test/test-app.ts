import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildApp, type AppOptions } from '../app';
import { loadConfig } from '../config';
import type { GatewayClient } from '../gateway/gateway-client';
import type { Database } from '../db/database';
import { testGatewaySettings } from './test-gateway-settings';
import { answerCheck, answerMismatches } from './answer-check';

// Every test that calls a test app fails when an answer strays from the API description
// (docs/decisions/0026): registered here, so each suite that builds a test app gets it.
afterEach(() => {
  const found = answerMismatches.splice(0);
  if (found.length > 0) {
    throw new Error(`Answers the API description does not describe:\n${found.join('\n')}`);
  }
});

export interface TestAppOptions {
  webRoot?: string;
  clock?: () => Date;
  smtpUrl?: () => string;
  logLevel?: string;
  logStream?: DestinationStream;
  /** Settings the suite needs other than the test defaults (limits, timings). */
  config?: Partial<AppOptions['config']>;
  gateway?: GatewayClient;
}

/** The portal's API on a test database, built once for the suite that calls this. */
export function useTestApp(db: () => Database, options: TestAppOptions = {}) {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildTestApp(db(), options);
  });
  afterAll(() => app?.close());
  return () => {
    if (!app) throw new Error('the test app is not built yet');
    return app;
  };
}

/** One portal server on the test database; several may share one database, as in production. */
export function buildTestApp(db: Database, options: TestAppOptions = {}): Promise<FastifyInstance> {
  const defaults = loadConfig({ NODE_ENV: 'test' });
  return buildApp({
    config: {
      ...testGatewaySettings,
      paymentTimings: defaults.paymentTimings,
      apiDocs: true,
      metricsToken: undefined,
      dataEncryptionKey: defaults.dataEncryptionKey,
      gatewayMaxAmountSen: defaults.gatewayMaxAmountSen,
      // A suite checks out from one address far more often than a citizen would.
      checkoutLimits: { perMinute: 100_000, openPayments: 100_000 },
      listSearchesPerMinute: 100_000,
      councilSystems: defaults.councilSystems,
      cartLimit: defaults.cartLimit,
      nodeEnv: 'test',
      ...options.config,
      logLevel: options.logLevel ?? 'silent',
      smtpUrl: options.smtpUrl?.(),
      mailFrom: 'Portal <no-reply@portal.test>',
    },
    db,
    onAnswer: answerCheck,
    webRoot: options.webRoot ?? '/nonexistent',
    ...(options.clock && { clock: options.clock }),
    ...(options.logStream && { logStream: options.logStream }),
    ...(options.gateway && { gateway: options.gateway }),
  });
}

export { pageCsrf } from './page-csrf';

/** An error answer's body without its request id, which every call has its own of: what it says. */
export function errorBody(response: { json(): unknown }): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(response.json() as Record<string, unknown>).filter(
      ([key]) => key !== 'request_id',
    ),
  );
}
