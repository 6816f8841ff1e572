import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
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
import { deliverWebhooks } from './webhooks';

const { clock, later, nextStep } = steppingClock('2026-11-25T07:00:00Z');

/** A council's system as the docs tell it to check a post: the signature over time and body. */
function signedBy(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['x-portal-signature']));
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}

describeEachDatabase("a council's webhook", (db) => {
  const app = useTestApp(db, { clock });
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
      webhook: { url: receiverUrl, attempts: 0, last_error: null },
    });
    expect(
      JSON.stringify((await admin.get('/api/office/webhook?council=mps')).json()),
    ).not.toContain(secret);

    const paid = await payAt('mps');
    await payAt('mpt');
    const first = await deliverWebhooks(db(), testPersonalData, clock());
    expect(first).toEqual({ delivered: 0, failed: 1 });
    expect(received).toHaveLength(1);
    const [refused] = received;
    expect(JSON.parse(refused!.body)).toMatchObject({ payment_reference: paid, kind: 'payment' });
    expect(refused!.key).toMatch(/^ledger-\d+$/);
    expect(signedBy(secret, refused!.headers, refused!.body)).toBe(true);
    expect(signedBy('whsec_guessed', refused!.headers, refused!.body)).toBe(false);
    expect(signedBy(secret, refused!.headers, refused!.body.replace('"payment"', '"refund"'))).toBe(
      false,
    );
    expect((await admin.get('/api/office/webhook?council=mps')).json()).toMatchObject({
      webhook: { attempts: 1, last_error: 'HTTP 500' },
    });

    // Not again before its wait is over; then again, with the same idempotency key.
    expect(await deliverWebhooks(db(), testPersonalData, later(10_000))).toEqual({
      delivered: 0,
      failed: 0,
    });
    expect(await deliverWebhooks(db(), testPersonalData, later(25_000))).toEqual({
      delivered: 1,
      failed: 0,
    });
    expect(received.map((post) => post.key)).toEqual([refused!.key, refused!.key]);
    expect(await deliverWebhooks(db(), testPersonalData, later(1_000))).toEqual({
      delivered: 0,
      failed: 0,
    });
    // Neither the payment before the webhook was set nor another council's was posted.
    expect(received.map((post) => JSON.parse(post.body).payment_reference)).not.toContain(
      paidBefore,
    );
    expect((await admin.get('/api/office/webhook?council=mps')).json()).toMatchObject({
      webhook: { attempts: 0, last_error: null, last_delivered_at: expect.any(String) },
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
    await deliverWebhooks(db(), testPersonalData, later(60_000));
    expect(received).toHaveLength(posts);
  });
});
