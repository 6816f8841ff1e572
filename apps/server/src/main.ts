import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnavailableError, openDatabase } from './db/database';
import { prepareDatabase } from './db/prepare-database';

const webRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config, (db) =>
    prepareDatabase(db, { demoData: config.demoData }),
  );
  const app = await buildApp({ config, db: database.db, webRoot });
  app.log.info({ database: database.kind }, 'database ready');

  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
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
    console.error(`PORT: ${(error as Error).message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
