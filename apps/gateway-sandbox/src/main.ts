/**
 * Runs the sandbox gateway on its own: `node --import tsx apps/gateway-sandbox/src/main.ts`.
 * Configuration comes from the environment, read here only, once.
 */
import { startSandbox } from './sandbox-server';

class ConfigError extends Error {}

function readPort(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535) {
    throw new ConfigError(
      `Invalid configuration: ${name} must be a whole number from 1 to 65535 (got "${text}")`,
    );
  }
  return port;
}

async function main() {
  const sandbox = await startSandbox({
    port: readPort('GATEWAY_PORT', 8081),
    host: process.env.HOST || '127.0.0.1',
    merchantCode: process.env.MERCHANT_CODE || 'SANDBOX01',
    merchantKey: process.env.MERCHANT_KEY || 'sandbox-merchant-key',
  });
  console.log(`Sandbox card gateway listening at ${sandbox.url}`);

  const stop = async () => {
    await sandbox.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  // Problems the operator fixes get one clear line, no stack.
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`GATEWAY_PORT: ${(error as Error).message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
