import { personalData } from './lib/personal-data';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '@portal/gateway-sandbox/sandbox-server';
import { buildApp } from './app';
import { startBackgroundJobs } from './background-jobs';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnavailableError, openDatabase } from './db/database';
import { prepareDatabase } from './db/prepare-database';
import { createGatewayClient } from './gateway/gateway-client';

const webRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config, (db) =>
    prepareDatabase(db, {
      demoData: config.demoData,
      personalData: personalData(config.dataEncryptionKey),
    }),
  );
  const app = await buildApp({ config, db: database.db, webRoot });
  app.log.info({ database: database.kind }, 'database ready');
  // Without a real gateway configured, the bundled sandbox stands in for it (DESIGN.md 5).
  const sandbox = config.runSandboxGateway
    ? await startSandbox({
        port: config.gatewayPort,
        host: config.host,
        merchantCode: config.merchantCode,
        merchantKey: config.merchantKey,
        // The sandbox's card pages live exactly as long as the portal was told they do.
        cardPageLifetimeMs: config.paymentTimings.gatewayPageTimeoutSeconds * 1000,
      })
    : undefined;
  if (sandbox) app.log.info({ url: sandbox.url }, 'sandbox card gateway ready');
  const jobs = startBackgroundJobs({
    db: database.db,
    gateway: createGatewayClient(config),
    config,
    log: app.log,
  });

  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await jobs.stop();
    await app.close();
    await sandbox?.close();
    await database.close();
    process.exit(0);
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
    console.error(`PORT or GATEWAY_PORT: ${(error as Error).message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
