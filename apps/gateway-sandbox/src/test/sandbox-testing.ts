/**
 * What the sandbox's tests share: a sandbox and a merchant backend per test, signed entry
 * requests, and readers of what the sandbox hands back to the merchant.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  formatGatewayAmount,
  gatewayPaths,
  responseSignature,
  signaturesMatch,
  signRequest,
  type GatewayRequest,
  type GatewayResponse,
  type Merchant,
} from '@portal/gateway-protocol/ipay88';
import { expect } from 'vitest';
import { buildSandbox, type SandboxInstance, type SandboxOptions } from '../sandbox-app';

export const merchant: Merchant = {
  merchantCode: 'M00003',
  merchantKey: 'apple',
  signatureType: 'HMACSHA512',
};

/** Everything a test started, closed by `closeAll` after it. */
const cleanups: (() => Promise<unknown>)[] = [];

/** Each test file runs this after each test: `afterEach(closeAll)`. */
export async function closeAll(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

export async function sandbox(options: Partial<SandboxOptions> = {}): Promise<SandboxInstance> {
  const app = await buildSandbox({ ...merchant, callbackRetryDelaysMs: [10, 10, 10], ...options });
  cleanups.push(() => app.close());
  return app;
}

export interface MerchantBackend {
  url: string;
  /** Every callback posted to it, in order. */
  received: GatewayResponse[];
  /** When each answer was sent, in milliseconds since the backend started. */
  answeredAt: number[];
}

/**
 * A stand-in for the merchant's BackendURL: answers each callback with `answer(tryNumber)`, after
 * `delayMs`.
 */
export async function merchantBackend(
  answer: (tryNumber: number) => string = () => 'RECEIVEOK',
  delayMs = 0,
): Promise<MerchantBackend> {
  const received: GatewayResponse[] = [];
  const answeredAt: number[] = [];
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    received.push(Object.fromEntries(new URLSearchParams(body)) as unknown as GatewayResponse);
    const tryNumber = received.length;
    setTimeout(() => {
      answeredAt.push(performance.now());
      response.end(answer(tryNumber));
    }, delayMs);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(async () => {
    server.closeAllConnections();
    server.close();
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/payment/backend`, received, answeredAt };
}

let refNoCounter = 0;

export function entryFields(
  overrides: Partial<GatewayRequest> = {},
  signer: Merchant = merchant,
): GatewayRequest {
  refNoCounter += 1;
  return signRequest(signer, {
    MerchantCode: merchant.merchantCode,
    PaymentId: '2',
    RefNo: `PORTAL${String(refNoCounter).padStart(6, '0')}`,
    Amount: formatGatewayAmount(127899),
    Currency: 'MYR',
    ProdDesc: 'Cukai taksiran A01000137',
    UserName: 'Siti Aminah',
    UserEmail: 'siti@example.com',
    UserContact: '0123456789',
    Remark: 'cart 42',
    Lang: 'UTF-8',
    ResponseURL: 'https://portal.example/payment/return',
    BackendURL: 'http://127.0.0.1:1/payment/backend',
    ...overrides,
  });
}

export function postForm(
  app: SandboxInstance,
  url: string,
  fields: Record<string, string>,
  language?: string,
) {
  return app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(language && { 'accept-language': language }),
    },
  });
}

export function unescapeHtml(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

/** What the return page's self-submitting form posts to the merchant, and where. */
export function handedBack(page: string): { action: string; fields: GatewayResponse } {
  const action = /<form id="return-to-merchant" method="post" action="([^"]*)"/.exec(page)![1]!;
  const inputs = page.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g);
  const fields = Object.fromEntries(
    [...inputs].map(([, name, value]) => [name, unescapeHtml(value!)]),
  );
  return { action: unescapeHtml(action), fields: fields as unknown as GatewayResponse };
}

export function expectGenuine(response: GatewayResponse) {
  const expected = responseSignature(merchant, response);
  expect(signaturesMatch(expected, response.Signature)).toBe(true);
}

/** Asks the requery path, posted as iPay88's specification has it; answers its plain word. */
export async function enquire(app: SandboxInstance, fields: Record<string, string>) {
  const answer = await postForm(app, gatewayPaths.enquiry, fields);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain/);
  return answer.body;
}
