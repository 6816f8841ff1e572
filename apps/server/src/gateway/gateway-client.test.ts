import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  enquiryAnswers,
  gatewayPaths,
  responseSignature,
  type GatewayResponse,
  type SignatureType,
} from '@portal/gateway-protocol/ipay88';
import { afterEach, describe, expect, test } from 'vitest';
import { createGatewayClient, type GatewaySettings } from './gateway-client';

// The merchant of iPay88's published examples; nothing here is the portal's own sandbox.
const merchant = { merchantCode: 'M00003', merchantKey: 'apple' };
const reference = 'A10-20261122-000123-K3M9QX';
const amountSen = 127_899;
const payment = {
  paymentId: '2',
  reference,
  amountSen,
  description: 'Cukai taksiran',
  payerName: 'Siti Aminah',
  payerEmail: 'siti@example.com',
  payerPhone: '0198765432',
};

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** What the stand-in gateway was asked: the method, path, content type and form of each request. */
interface Asked {
  method: string;
  url: string;
  contentType: string;
  form: Record<string, string>;
}

/**
 * A stand-in for iPay88's requery, written from its specification alone: it reads the posted
 * form and answers `respond`'s plain text, so that the client is tested against the real peer's
 * behaviour, not the portal's sandbox.
 */
async function gatewayAnswering(
  respond: (response: ServerResponse, asked: Asked) => void,
  settings: Partial<GatewaySettings> = {},
) {
  const asked: Asked[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const question = {
        method: request.method ?? '',
        url: request.url ?? '',
        contentType: request.headers['content-type'] ?? '',
        form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      };
      asked.push(question);
      respond(response, question);
    });
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const client = createGatewayClient({
    ...merchant,
    signatureType: 'HMACSHA512',
    gatewayUrl: `http://127.0.0.1:${port}`,
    publicUrl: 'http://portal.test',
    // Long enough for a busy machine: no test here waits it out.
    enquiryTimeoutMs: 5_000,
    ...settings,
  });
  return { client, asked };
}

const plain = (response: ServerResponse, body: string, status = 200) => {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(body);
};

describe('the requery', () => {
  test("posts iPay88's three fields to enquiry.asp, the amount as the request had it", async () => {
    const { client, asked } = await gatewayAnswering((response) => plain(response, '00'));
    await client.enquire(reference, amountSen);
    expect(asked).toEqual([
      {
        method: 'POST',
        url: gatewayPaths.enquiry,
        contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
        form: { MerchantCode: 'M00003', RefNo: reference, Amount: '1,278.99' },
      },
    ]);
  });

  test.each([
    ['00', 'paid'],
    ['Payment fail', 'failed'],
    ['M88Admin', 'failed'],
    ['Record not found', 'not_found'],
    ["Haven't Paid (0)", 'not_found'],
    ["Haven't Paid (1)", 'not_found'],
    ['Payment Pending', 'pending'],
    ['Incorrect amount', 'wrong_amount'],
    ['Invalid parameters', 'refused'],
    ['Limited by per day maximum number of requery', 'no_answer'],
    ['<html><body>Service Unavailable</body></html>', 'no_answer'],
    ['', 'no_answer'],
  ])('reads the answer "%s" as %s', async (word, status) => {
    const { client } = await gatewayAnswering((response) => plain(response, word));
    expect((await client.enquire(reference, amountSen)).status).toBe(status);
  });

  test('reads an answer whatever its letter case and the line end around it', async () => {
    const { client } = await gatewayAnswering((response) =>
      plain(response, '\r\nRECORD NOT FOUND\r\n'),
    );
    expect(await client.enquire(reference, amountSen)).toEqual({ status: 'not_found' });
  });

  test('a paid answer names no transaction and no card: iPay88 sends only "00"', async () => {
    const { client } = await gatewayAnswering((response) => plain(response, '00'));
    expect(await client.enquire(reference, amountSen)).toEqual({
      status: 'paid',
      verdict: {
        trusted: true,
        reference,
        amountSen,
        approved: true,
        pending: false,
        paymentId: '',
        transId: '',
        authCode: '',
        errDesc: '',
        cardMasked: '',
        bank: '',
      },
    });
  });

  test('a failed answer keeps its word as the reason', async () => {
    const { client } = await gatewayAnswering((response) => plain(response, enquiryAnswers.failed));
    expect(await client.enquire(reference, amountSen)).toMatchObject({
      status: 'failed',
      verdict: { approved: false, errDesc: 'Payment fail' },
    });
  });

  test.each([
    ['"00" inside an HTTP 500', (response: ServerResponse) => plain(response, '00', 500)],
    [
      'a redirect to a page that says "00"',
      (response: ServerResponse) => {
        response.writeHead(302, { location: '/elsewhere' });
        response.end();
      },
    ],
    [
      'an answer too large to be a requery',
      (response: ServerResponse) => plain(response, `00${' '.repeat(40_000)}`),
    ],
    ['no answer within its time', () => {}],
  ])('believes nothing from %s', async (_, respond) => {
    const { client } = await gatewayAnswering((response) => respond(response));
    expect((await client.enquire(reference, amountSen)).status).toBe('no_answer');
  });

  test('never follows a redirect, so another host cannot answer for the gateway', async () => {
    const { client, asked } = await gatewayAnswering((response, question) => {
      if (question.url === gatewayPaths.enquiry) {
        response.writeHead(307, { location: '/elsewhere' });
        response.end();
      } else {
        plain(response, '00');
      }
    });
    expect((await client.enquire(reference, amountSen)).status).toBe('no_answer');
    expect(asked).toHaveLength(1);
  });

  test('a redirect to another address is not followed: it never answers for the gateway', async () => {
    const elsewhere = await gatewayAnswering((response) => plain(response, '00'));
    const elsewhereUrl = new URL(elsewhere.client.paymentForm(payment).action).origin;
    const { client } = await gatewayAnswering((response) => {
      response.writeHead(307, { location: `${elsewhereUrl}${gatewayPaths.enquiry}` });
      response.end();
    });
    expect((await client.enquire(reference, amountSen)).status).toBe('no_answer');
    expect(elsewhere.asked).toHaveLength(0);
  });

  test('an unreachable gateway is no answer, not an error', async () => {
    const client = createGatewayClient({
      ...merchant,
      signatureType: 'HMACSHA512',
      gatewayUrl: 'http://127.0.0.1:1',
      publicUrl: 'http://portal.test',
    });
    expect(await client.enquire(reference, amountSen)).toEqual({
      status: 'no_answer',
      reason: 'unreachable',
    });
  });
});

describe("the gateway's response", () => {
  /** A response as iPay88 posts it to ResponseURL and BackendURL, signed as the merchant's account signs. */
  function response(
    signatureType: SignatureType,
    changes: Partial<GatewayResponse> = {},
  ): Record<string, string> {
    const fields: GatewayResponse = {
      MerchantCode: merchant.merchantCode,
      PaymentId: '2',
      RefNo: reference,
      Amount: '1,278.99',
      Currency: 'MYR',
      Remark: '',
      TransId: 'T0077300000',
      AuthCode: '12345678',
      Status: '1',
      ErrDesc: '',
      Signature: '',
      CCName: 'SITI AMINAH',
      CCNo: '555555xxxxxx4444',
      S_bankname: 'CIMB BANK BERHAD',
      S_country: 'MALAYSIA',
      ...changes,
    };
    return {
      ...fields,
      Signature: changes.Signature ?? responseSignature({ ...merchant, signatureType }, fields),
    };
  }

  const client = (signatureType: SignatureType) =>
    createGatewayClient({
      ...merchant,
      signatureType,
      gatewayUrl: 'https://payment.ipay88.com.my',
      publicUrl: 'http://portal.test',
    });

  test.each(['HMACSHA512', 'SHA256'] as const)(
    'trusts a response signed %s as the account is set up, with its card',
    (signatureType) => {
      expect(client(signatureType).verify(response(signatureType))).toEqual({
        trusted: true,
        reference,
        amountSen,
        approved: true,
        pending: false,
        paymentId: '2',
        transId: 'T0077300000',
        authCode: '12345678',
        errDesc: '',
        cardMasked: '555555xxxxxx4444',
        bank: 'CIMB BANK BERHAD',
      });
    },
  );

  test('refuses a response signed the other way than the account is set up', () => {
    expect(client('HMACSHA512').verify(response('SHA256'))).toMatchObject({
      trusted: false,
      reason: 'bad_signature',
    });
  });

  test('reads an amount with or without its thousands commas', () => {
    const verdict = client('HMACSHA512').verify(response('HMACSHA512', { Amount: '1278.99' }));
    expect(verdict).toMatchObject({ trusted: true, amountSen });
  });

  test.each([
    ['6', 'Maybank2u online banking'],
    ['178', 'Maybank2E, a business account'],
    ['538', "Touch 'n Go eWallet"],
  ])(
    'trusts PaymentId %s (%s), signed with it, whose card fields iPay88 leaves empty',
    (paymentId) => {
      const noCard = { PaymentId: paymentId, CCName: '', CCNo: '', S_bankname: '', S_country: '' };
      const verdict = client('HMACSHA512').verify(response('HMACSHA512', noCard));
      expect(verdict).toMatchObject({ trusted: true, approved: true, paymentId, cardMasked: '' });
      // The PaymentId is signed: a payer cannot make a card payment read as another method.
      const relabelled = { ...response('HMACSHA512', noCard), PaymentId: '2' };
      expect(client('HMACSHA512').verify(relabelled)).toMatchObject({
        trusted: false,
        reason: 'bad_signature',
      });
    },
  );

  test('the requery\'s "Payment Pending" is pending, naming no transaction', async () => {
    const { client: asking } = await gatewayAnswering((answer) => plain(answer, 'Payment Pending'));
    expect(await asking.enquire(reference, amountSen)).toMatchObject({
      status: 'pending',
      verdict: { pending: true, approved: false, transId: '', errDesc: '' },
    });
  });

  test('Status 6 is pending: the bank decides later', () => {
    const verdict = client('HMACSHA512').verify(response('HMACSHA512', { Status: '6' }));
    expect(verdict).toMatchObject({ trusted: true, approved: false, pending: true });
  });

  test.each(['2', '00', ''])('refuses a Status iPay88 does not send ("%s")', (status) => {
    const verdict = client('HMACSHA512').verify(response('HMACSHA512', { Status: status }));
    expect(verdict).toMatchObject({ trusted: false, reason: 'malformed' });
  });
});
