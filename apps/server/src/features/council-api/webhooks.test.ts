import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../../config';
import { staffLoggedIn, steppingClock } from '../../test/office-staff';
import {
  billPicker,
  cartItemFor,
  gatewayPoster,
  pagePoster,
  signedGatewayResponse,
  startPayment,
} from '../../test/payment-fixtures';
import { errorBody, useTestApp } from '../../test/test-app';
import { describeEachDatabase, testPersonalData } from '../../test/test-databases';
import type { OutboundRules } from '../../lib/council-systems';
import { deliverWebhooks } from './webhooks';

const { clock, later, nextStep } = steppingClock('2026-11-25T07:00:00Z');

/** A council's system as the docs tell it to check a post: the signature over time and body. */
function signedBy(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['x-portal-signature']));
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}

/** A council's system on a private network the operator allowed: here, this machine. */
const allowedHere: OutboundRules = { httpsOnly: false, allowedNetworks: ['127.0.0.1/32'] };

describeEachDatabase("a council's webhook", (db) => {
  const app = useTestApp(db, { clock, config: { councilSystems: allowedHere } });
  const pickBill = billPicker(db);
  /** What the council's system received; it answers 500 to the first post, 200 after. */
  const received: { key: string; body: string; headers: IncomingHttpHeaders }[] = [];
  let receiver: Server;
  let receiverUrl = '';
  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        received.push({
          key: String(request.headers['idempotency-key']),
          body,
          headers: request.headers,
        });
        response.statusCode = received.length === 1 ? 500 : 200;
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/portal-ledger`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  const payAt = async (council: string) => {
    const bill = await pickBill('compound', council);
    const started = await startPayment(pagePoster(app), [cartItemFor(bill)]);
    await gatewayPoster(app)('callback', signedGatewayResponse(started.reference, started.amount));
    return started.reference;
  };

  test('each new ledger entry is posted signed, retried after a refusal with the same key, and acknowledged once', async () => {
    const paidBefore = await payAt('mps');
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const set = await admin.post('/api/office/webhook', {
      council: 'mps',
      url: receiverUrl,
      reason: 'Revenue system takes payments',
    });
    expect(set.statusCode, set.body).toBe(200);
    const { secret } = set.json<{ secret: string }>();
    expect(secret).toMatch(/^whsec_/);
    expect((await admin.get('/api/office/webhook?council=mps')).json()).toMatchObject({
      webhook: { url: receiverUrl, attempts: 0 },
    });
    expect(
      JSON.stringify((await admin.get('/api/office/webhook?council=mps')).json()),
    ).not.toContain(secret);

    const paid = await payAt('mps');
    await payAt('mpt');
    const first = await deliverWebhooks(db(), testPersonalData, allowedHere, clock());
    expect(first).toEqual({ delivered: 0, failed: [{ council: 'mps', problem: 'HTTP 500' }] });
    expect(received).toHaveLength(1);
    const [refused] = received;
    expect(JSON.parse(refused!.body)).toMatchObject({ payment_reference: paid, kind: 'payment' });
    expect(refused!.key).toMatch(/^ledger-\d+$/);
    expect(signedBy(secret, refused!.headers, refused!.body)).toBe(true);
    expect(signedBy('whsec_guessed', refused!.headers, refused!.body)).toBe(false);
    expect(signedBy(secret, refused!.headers, refused!.body.replace('"payment"', '"refund"'))).toBe(
      false,
    );
    // Staff read that it was not delivered, and when it is tried again; why is the server's log's.
    const failing = (await admin.get('/api/office/webhook?council=mps')).json();
    expect(failing).toMatchObject({
      webhook: { attempts: 1, next_attempt_at: new Date(clock().getTime() + 30_000).toISOString() },
    });
    expect(JSON.stringify(failing)).not.toContain('500');

    // Not again before its wait is over; then again, with the same idempotency key.
    expect(await deliverWebhooks(db(), testPersonalData, allowedHere, later(10_000))).toEqual({
      delivered: 0,
      failed: [],
    });
    expect(await deliverWebhooks(db(), testPersonalData, allowedHere, later(25_000))).toEqual({
      delivered: 1,
      failed: [],
    });
    expect(received.map((post) => post.key)).toEqual([refused!.key, refused!.key]);
    expect(await deliverWebhooks(db(), testPersonalData, allowedHere, later(1_000))).toEqual({
      delivered: 0,
      failed: [],
    });
    // Neither the payment before the webhook was set nor another council's was posted.
    expect(received.map((post) => JSON.parse(post.body).payment_reference)).not.toContain(
      paidBefore,
    );
    expect((await admin.get('/api/office/webhook?council=mps')).json()).toMatchObject({
      webhook: { attempts: 0, last_delivered_at: expect.any(String) },
    });
  });

  test('an address that is no web address is refused; another council’s admin may not set it; removing stops it', async () => {
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    for (const url of ['ftp://erp.mps.gov.my/x', 'erp.mps.gov.my', 'javascript:alert(1)']) {
      const refused = await admin.post('/api/office/webhook', {
        council: 'mps',
        url,
        reason: 'Try',
      });
      expect(refused.statusCode).toBe(400);
      expect(errorBody(refused).fields).toMatchObject({ url: 'url_invalid' });
    }
    const theirs = await admin.post('/api/office/webhook', {
      council: 'mpt',
      url: receiverUrl,
      reason: 'Not ours',
    });
    expect(theirs.statusCode).toBe(403);
    const removed = await admin.post('/api/office/webhook/remove', {
      council: 'mps',
      reason: 'System retired',
    });
    expect(removed.json()).toEqual({ webhook: null });
    const posts = received.length;
    await payAt('mps');
    await deliverWebhooks(db(), testPersonalData, allowedHere, later(60_000));
    expect(received).toHaveLength(posts);
  });
});

describeEachDatabase("a council's webhook on a portal that reaches public addresses only", (db) => {
  // One address of this machine stands for a server on the internet, as far as the portal knows.
  const outside: OutboundRules = {
    ...loadConfig({ NODE_ENV: 'test', WEBHOOK_ALLOWED_NETWORKS: '127.0.0.2/32' }).councilSystems,
  };
  const app = useTestApp(db, { clock, config: { councilSystems: outside } });
  /** A server on this machine, and everything it was sent. */
  let target: Server;
  let port = 0;
  let hits = 0;
  beforeAll(async () => {
    target = createServer((request, response) => {
      hits++;
      response.end();
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    port = (target.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())));

  test('an address of this server, its network or the cloud’s metadata, however written, is refused when set', async () => {
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://[::1]:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f.1:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.20.0.5/ledger',
      'http://192.168.1.10/ledger',
      'http://[fd00::5]/ledger',
      'http://0.0.0.0/',
      'https://erp:secret@erp.mps.gov.my/ledger',
    ]) {
      const refused = await admin.post('/api/office/webhook', {
        council: 'mps',
        url,
        reason: 'Try',
      });
      expect(refused.statusCode, url).toBe(400);
      expect(errorBody(refused).fields, url).toEqual({ url: 'url_not_public' });
    }
    expect((await admin.get('/api/office/webhook?council=mps')).json()).toEqual({ webhook: null });
  });

  test('a name that resolves to this machine, or a public-looking server redirecting into it, is never reached; staff read only “not delivered”', async () => {
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const redirecting = createServer((_request, response) => {
      response.writeHead(307, { location: `http://127.0.0.1:${port}/` });
      response.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.2', resolve));
    try {
      const redirectPort = (redirecting.address() as AddressInfo).port;
      for (const [url, problem] of [
        [`http://localhost:${port}/ledger`, /resolves to a loopback address/],
        [`http://127.0.0.2:${redirectPort}/ledger`, /^HTTP 307$/],
      ] as const) {
        const set = await admin.post('/api/office/webhook', { council: 'mps', url, reason: 'Try' });
        expect(set.statusCode, set.body).toBe(200);
        await payAndPlace();
        const turn = await deliverWebhooks(db(), testPersonalData, outside, later(60_000));
        expect(turn.delivered).toBe(0);
        expect(turn.failed).toEqual([{ council: 'mps', problem: expect.stringMatching(problem) }]);
        expect(hits).toBe(0);
        const state = (await admin.get('/api/office/webhook?council=mps')).json();
        expect(state).toMatchObject({ webhook: { attempts: 1 } });
        // Where it posts, how far it came, and when it tries again: nothing of why it failed.
        expect(Object.keys(state.webhook).sort()).toEqual([
          'attempts',
          'created_at',
          'created_by',
          'delivered_position',
          'last_delivered_at',
          'next_attempt_at',
          'url',
        ]);
      }
    } finally {
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
  });

  const pickBill = billPicker(db);
  /** A payment at the council, whose ledger entry the next delivery posts. */
  async function payAndPlace() {
    const bill = await pickBill('compound', 'mps');
    const started = await startPayment(pagePoster(app), [cartItemFor(bill)]);
    await gatewayPoster(app)('callback', signedGatewayResponse(started.reference, started.amount));
  }
});
