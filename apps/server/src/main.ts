import { personalData } from './lib/personal-data';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { startBackgroundJobs } from './background-jobs';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnavailableError, openDatabase } from './db/database';
import { prepareDatabase } from './db/prepare-database';
import { demoDataSeed } from './demo/seed-demo-data';
import { createGatewayClient } from './gateway/gateway-client';
import { gracefulStop } from './graceful-stop';

const webRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main() {
  const config = loadConfig();
  const personal = personalData(config.dataEncryptionKey);
  // The pool opens before the app's logger exists; its errors are logged from then on.
  const logger: { current?: FastifyBaseLogger } = {};
  const onPoolError = (error: Error) =>
    logger.current?.error({ err: error }, 'database pool error');
  const database = await openDatabase({ ...config, onPoolError }, (db) =>
    prepareDatabase(db, {
      personalData: personal,
      seed: config.demoData
        ? demoDataSeed(personal, { staff: config.nodeEnv !== 'production' })
        : undefined,
    }),
  );
  const app = await buildApp({
    config,
    db: database.db,
    webRoot,
    poolStats: database.poolStats,
  });
  logger.current = app.log;
  app.log.info({ database: database.kind }, 'database ready');
  const jobs = startBackgroundJobs({
    db: database.db,
    gateway: createGatewayClient(config),
    config,
    personalData: personal,
    log: app.log,
    metrics: app.metrics,
  });

  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down: finishing the requests and jobs in flight');
    const outcome = await gracefulStop(
      { app, jobs, database },
      config.shutdownTimeoutSeconds * 1000,
    );
    if (outcome === 'timed_out') {
      app.log.error(
        { seconds: config.shutdownTimeoutSeconds },
        'stopped before the requests and jobs in flight finished',
      );
    }
    process.exit(outcome === 'stopped' ? 0 : 1);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  // Configuration and connection problems are the operator's to fix: one clear line, no stack.
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`PORT: ${(error as Error).message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
