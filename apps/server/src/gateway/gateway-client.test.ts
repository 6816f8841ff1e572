import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  formatGatewayAmount,
  gatewayPaths,
  signEnquiryResponse,
  type EnquiryResponse,
} from '@portal/gateway-protocol/ipay88';
import { afterEach, describe, expect, test } from 'vitest';
import { createGatewayClient } from './gateway-client';

const merchant = { merchantCode: 'M00003', merchantKey: 'apple' };
const reference = 'A10-20261122-000123-K3M9QX';
const amountSen = 127_899;

/** The answer a genuine gateway gives for a paid payment, signed with the merchant's key. */
function paidAnswer(changes: Partial<EnquiryResponse> = {}): string {
  const fields = {
    MerchantCode: merchant.merchantCode,
    RefNo: reference,
    Amount: formatGatewayAmount(amountSen),
    Currency: 'MYR',
    Status: '00',
    TransId: 'T000000123',
    AuthCode: '123456',
    ErrDesc: '',
    CardType: 'MASTERCARD',
    CCNo: '5555554444',
    S_bankname: 'CIMB Bank',
  };
  const signed = signEnquiryResponse(merchant.merchantKey, fields);
  return new URLSearchParams({ ...signed, ...changes }).toString();
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A gateway that answers every requery with `respond`, and the client that asks it. */
async function gatewayAnswering(
  respond: (request: IncomingMessage, response: ServerResponse) => void,
) {
  const server = createServer(respond);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return createGatewayClient({
    ...merchant,
    gatewayUrl: `http://127.0.0.1:${port}`,
    publicUrl: 'http://portal.test',
    enquiryTimeoutMs: 300,
  });
}

const form = (response: ServerResponse, body: string, status = 200) => {
  response.writeHead(status, { 'content-type': 'application/x-www-form-urlencoded' });
  response.end(body);
};

describe('the requery', () => {
  test('believes a signed 200 answer about this payment, with its transaction and card', async () => {
    const client = await gatewayAnswering((request, response) => {
      expect(request.url).toBe(gatewayPaths.enquiry);
      form(response, paidAnswer());
    });
    expect(await client.enquire(reference, amountSen)).toMatchObject({
      status: 'paid',
      verdict: {
        approved: true,
        transId: 'T000000123',
        cardType: 'MASTERCARD',
        cardMasked: '5555554444',
      },
    });
  });

  test.each([
    [
      'a status of 00 inside an HTTP 500',
      (response: ServerResponse) => form(response, paidAnswer(), 500),
    ],
    ['the plain text 00 iPay88 answers unsigned', (response: ServerResponse) => response.end('00')],
    [
      'an answer whose signature is wrong',
      (response: ServerResponse) => form(response, paidAnswer({ Signature: 'ab'.repeat(64) })),
    ],
    [
      'a signed answer about another payment',
      (response: ServerResponse) => form(response, paidAnswer({ RefNo: 'A10-OTHER' })),
    ],
    [
      'a redirect to a page that says 00',
      (response: ServerResponse) => {
        response.writeHead(302, { location: '/elsewhere' });
        response.end();
      },
    ],
    [
      'an answer too large to be a requery',
      (response: ServerResponse) => form(response, `${paidAnswer()}&Padding=${'x'.repeat(40_000)}`),
    ],
    ['no answer within its time', () => {}],
  ])('believes nothing from %s', async (_, respond) => {
    const client = await gatewayAnswering((_request, response) => respond(response));
    const answer = await client.enquire(reference, amountSen);
    expect(answer.status).toBe('no_answer');
  });

  test('a signed redirect target is never asked: redirects are not followed', async () => {
    let asked = 0;
    const client = await gatewayAnswering((request, response) => {
      asked++;
      if (request.url === gatewayPaths.enquiry) {
        response.writeHead(307, { location: '/signed-elsewhere' });
        response.end();
      } else {
        form(response, paidAnswer());
      }
    });
    expect((await client.enquire(reference, amountSen)).status).toBe('no_answer');
    expect(asked).toBe(1);
  });

  test('an unreachable gateway is no answer, not an error', async () => {
    const client = createGatewayClient({
      ...merchant,
      gatewayUrl: 'http://127.0.0.1:1',
      publicUrl: 'http://portal.test',
    });
    expect(await client.enquire(reference, amountSen)).toEqual({
      status: 'no_answer',
      reason: 'unreachable',
    });
  });
});
