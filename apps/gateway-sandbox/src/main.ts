/**
 * Runs the sandbox gateway in its own process: `node --import tsx apps/gateway-sandbox/src/main.ts`,
 * as `npm start` does beside the portal. Configuration comes from the environment, read here only,
 * once, under the portal's names for the same things.
 */
import { signatureTypes, type SignatureType } from '@portal/gateway-protocol/ipay88';
import { startSandbox } from './sandbox-server';

class ConfigError extends Error {}

function readWholeNumber(name: string, min: number, max: number, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new ConfigError(
      `Invalid configuration: ${name} must be a whole number from ${min} to ${max} (got "${text}")`,
    );
  }
  return value;
}

/** GATEWAY_SIGNATURE_TYPE, as the portal reads it: how the merchant's account signs. */
function readSignatureType(): SignatureType {
  const text = process.env.GATEWAY_SIGNATURE_TYPE || 'HMACSHA512';
  if (!(signatureTypes as readonly string[]).includes(text)) {
    throw new ConfigError(
      `Invalid configuration: GATEWAY_SIGNATURE_TYPE must be ${signatureTypes.join(' or ')} (got "${text}")`,
    );
  }
  return text as SignatureType;
}

async function main() {
  const sandbox = await startSandbox({
    port: readWholeNumber('GATEWAY_PORT', 1, 65535, 8081),
    host: process.env.HOST || '127.0.0.1',
    merchantCode: process.env.MERCHANT_CODE || 'SANDBOX01',
    merchantKey: process.env.MERCHANT_KEY || 'sandbox-merchant-key',
    signatureType: readSignatureType(),
    // The portal holds a payment's bills as long as it is told the card page lives.
    cardPageLifetimeMs: readWholeNumber('GATEWAY_PAGE_TIMEOUT_SECONDS', 1, 86_400, 900) * 1000,
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
