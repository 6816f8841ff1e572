import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startSandbox, type RunningSandbox } from '@portal/gateway-sandbox/sandbox-server';
import { afterAll, beforeAll, expect, test } from 'vitest';

const command = fileURLToPath(new URL('./gateway-check.ts', import.meta.url));
const merchant = { merchantCode: 'CHECK01', merchantKey: 'check-merchant-key' };
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, ...merchant, signatureType: 'SHA256' });
});
afterAll(() => sandbox.close());

/** Runs `npm run gateway:check` with the portal's environment, against the test's sandbox. */
function gatewayCheck(environment: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', command], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      GATEWAY_URL: sandbox.url,
      PUBLIC_URL: 'https://bayar.mpt.gov.my',
      MERCHANT_CODE: merchant.merchantCode,
      MERCHANT_KEY: merchant.merchantKey,
      GATEWAY_SIGNATURE_TYPE: 'SHA256',
      ...environment,
    },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise<{ status: number | null; out: string }>((resolve) =>
    child.on('close', (status) => resolve({ status, out })),
  );
}

test('a gateway that opens its page and answers the requery passes, and nothing is paid', async () => {
  const { status, out } = await gatewayCheck({});
  expect(out).toMatch(
    /Entry request: CHECK\d{14}, MYR 1\.00, Referer https:\/\/bayar\.mpt\.gov\.my\//,
  );
  expect(out).toContain('The payment page opened (HTTP 200)');
  expect(out).toContain('Answered "Record not found": read as not_found');
  expect(out).toContain('request URL  https://bayar.mpt.gov.my/');
  expect(out).toContain('backend URL  https://bayar.mpt.gov.my/api/payments/callback');
  expect(out).toContain('The gateway check passed.');
  expect(status).toBe(0);
});

test('a wrong key, or the account signing the other way, fails with what the gateway said', async () => {
  const wrongKey = await gatewayCheck({ MERCHANT_KEY: 'not-the-key' });
  expect(wrongKey.out).toContain('Refused (HTTP 400): "Signature not match"');
  expect(wrongKey.out).toContain('The gateway check FAILED');
  expect(wrongKey.status).toBe(1);

  const otherWay = await gatewayCheck({ GATEWAY_SIGNATURE_TYPE: 'HMACSHA512' });
  expect(otherWay.out).toContain('Refused (HTTP 400): "Invalid parameters"');
  expect(otherWay.status).toBe(1);
});

test('an unreachable gateway fails, and says so', async () => {
  const { status, out } = await gatewayCheck({ GATEWAY_URL: 'http://127.0.0.1:1' });
  expect(out).toContain('No answer (unreachable)');
  expect(status).toBe(1);
});
