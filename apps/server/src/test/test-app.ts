import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/database';
import { testGatewaySettings } from './test-gateway-settings';

/** The portal's API on a test database, built once for the suite that calls this. */
export function useTestApp(
  db: () => Database,
  options: { webRoot?: string; clock?: () => Date; smtpUrl?: () => string } = {},
) {
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
export function buildTestApp(
  db: Database,
  options: { webRoot?: string; clock?: () => Date; smtpUrl?: () => string } = {},
): Promise<FastifyInstance> {
  return buildApp({
    config: {
      ...testGatewaySettings,
      logLevel: 'silent',
      nodeEnv: 'test',
      cartLimit: 10,
      smtpUrl: options.smtpUrl?.(),
      mailFrom: 'Portal <no-reply@portal.test>',
    },
    db,
    webRoot: options.webRoot ?? '/nonexistent',
    ...(options.clock && { clock: options.clock }),
  });
}

/**
 * What a page of the portal sends with each state-changing call: the CSRF cookie it was given and
 * the same token in the header (DESIGN.md section 6). Spread into `inject` options.
 */
export const pageCsrf = {
  cookies: { csrf: 'test-csrf-token' },
  headers: { 'x-csrf-token': 'test-csrf-token' },
} as const;
