import type { CouncilListing } from '@portal/domain/contracts/councils';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { councils } from './db/schema';
import { describeEachDatabase } from './test/test-databases';
import { testGatewaySettings } from './test/test-gateway-settings';
import { buildTestApp, useTestApp } from './test/test-app';

const webRoot = fakeWebRoot();

function fakeWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'portal-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>portal</title>');
  writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  return root;
}

describeEachDatabase('the portal server', (db) => {
  const app = useTestApp(db, { webRoot });
  beforeAll(() => {
    app().get('/api/test-failure', async () => {
      throw new Error('password=hunter2 at db.internal:5432');
    });
  });

  test('health answers ok once the database answers', async () => {
    const response = await app().inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  test('lists the 23 councils with their availability and open payment types', async () => {
    const response = await app().inject('/api/councils');
    expect(response.statusCode).toBe(200);
    const councils = response.json<CouncilListing[]>();
    expect(councils).toHaveLength(23);
    expect(councils[0]).toMatchObject({
      code: 'mps',
      name: 'Majlis Perbandaran Sandakan',
      available: true,
    });
    expect(councils.find((council) => council.code === 'mdptn')?.available).toBe(false);
    const nabawan = councils.find((council) => council.code === 'mdnbwn');
    expect(nabawan?.payment_types).toContain('assessment');
    expect(nabawan?.payment_types).not.toContain('booking');
  });

  test('a large answer is compressed for a browser that reads brotli or gzip; a small one is not', async () => {
    const plain = await app().inject('/api/councils');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decompress] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const compressed = await app().inject({
        url: '/api/councils',
        headers: { 'accept-encoding': encoding },
      });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decompress(compressed.rawPayload).toString())).toEqual(plain.json());
    }
    const small = await app().inject({
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  test('a council contact entered wrong by hand is left out, never the whole council list', async () => {
    const [before] = await db().select().from(councils).where(eq(councils.code, 'mpt'));
    // As an operator's SQL could leave it: a number where text belongs, hours without days.
    await db()
      .update(councils)
      .set({ contact: { phone: 88123456, opening_hours: [{ opens: '08:00' }] } as never })
      .where(eq(councils.code, 'mpt'));
    try {
      const response = await app().inject('/api/councils');
      expect(response.statusCode).toBe(200);
      const listed = response.json<CouncilListing[]>();
      expect(listed.find((council) => council.code === 'mpt')?.contact).toBeNull();
      expect(listed.find((council) => council.code === 'mps')?.contact?.phone).toBe('088-000 100');
    } finally {
      await db().update(councils).set({ contact: before!.contact }).where(eq(councils.code, 'mpt'));
    }
  });

  test('an unknown API path answers 404 in the JSON error shape', async () => {
    const response = await app().inject('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'not_found',
      message: 'No route GET /api/no-such-thing',
      request_id: expect.any(String),
    });
  });

  test('a failure inside a route answers 500 without leaking its details', async () => {
    const response = await app().inject('/api/test-failure');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'internal_error',
      message: 'Something went wrong on our side',
      request_id: expect.any(String),
    });
    expect(response.body).not.toContain('hunter2');
  });

  test('a malformed JSON body is refused in the JSON error shape', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops":',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(Object.keys(response.json()).sort()).toEqual(['error', 'message', 'request_id']);
  });

  test('answers carry security headers', async () => {
    const response = await app().inject('/api/health');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    // The gateway refuses a payment form that does not come from the portal's address.
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['content-security-policy']).toContain(
      `form-action 'self' ${new URL(testGatewaySettings.gatewayUrl).origin}`,
    );
  });

  test('publishes an OpenAPI description of its routes at /api/docs', async () => {
    const response = await app().inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json<{ paths: object }>().paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/councils']),
    );
    expect((await app().inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  test('does not publish its API description when told not to, as in production', async () => {
    const quiet = await buildTestApp(db(), { config: { apiDocs: false } });
    try {
      for (const path of ['/api/docs', '/api/docs/json']) {
        expect((await quiet.inject(path)).statusCode).toBe(404);
      }
    } finally {
      await quiet.close();
    }
  });

  test('serves the web app, caching hashed assets for a year and the page never', async () => {
    const page = await app().inject('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>portal</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await app().inject('/assets/index-abc123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  test('a web build made while the server runs is served as it is on disk', async () => {
    const chunk = `Receipt-${randomUUID().slice(0, 8)}.js`;
    writeFileSync(join(webRoot, 'assets', chunk), 'export default 2');
    const served = await app().inject(`/assets/${chunk}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('javascript');
    expect(served.body).toBe('export default 2');
  });

  test('an asset that is not there is missing, not the page in its place', async () => {
    // A page from an older build asks for a chunk the new build removed; the app reloads on a 404.
    const missing = await app().inject('/assets/Gone-0ld.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toContain('html');
  });

  test('a path typed without the hash goes to that screen of the web app', async () => {
    const response = await app().inject('/search?council=mps');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/#/search?council=mps');
  });
});
