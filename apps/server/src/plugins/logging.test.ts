import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { expect, test } from 'vitest';
import { buildTestApp, pageCsrf } from '../test/test-app';
import { describeEachDatabase } from '../test/test-databases';
import { testPayer } from '../test/payment-fixtures';

/** A log destination that keeps every line for the test to read. */
function logLines() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

describeEachDatabase('the server log', (db) => {
  test('never holds a payer’s name, e-mail, phone or IC number, error paths included', async () => {
    const log = logLines();
    const app = await buildTestApp(db(), { logLevel: 'info', logStream: log.stream });
    // A failed query as drizzle reports it: the parameters are in its message, and PostgreSQL's
    // detail quotes the refused value.
    app.post('/api/test-failure', async () => {
      const cause = Object.assign(new Error('duplicate key value'), {
        code: '23505',
        detail: `Key (email)=(${testPayer.email}) already exists.`,
      });
      throw new DrizzleQueryError(
        'insert into "users" ("email", "ic_num") values ($1, $2)',
        [testPayer.email, testPayer.id_no],
        cause,
      );
    });
    const failed = await app.inject({
      method: 'POST',
      url: '/api/test-failure?email=siti%40example.com',
      payload: { payer: testPayer },
      ...pageCsrf,
    });
    expect(failed.statusCode).toBe(500);
    await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { items: [], payer: testPayer, lang: 'en' },
      ...pageCsrf,
    });
    app.log.info({ payer: testPayer, mail: { recipient: testPayer.email } }, 'a line of our own');
    await app.close();

    const written = log.text();
    expect(written).toContain('request failed');
    expect(written).toContain('23505');
    expect(written).toContain('a line of our own');
    for (const personal of [
      testPayer.email,
      'siti%40example.com',
      testPayer.full_name,
      testPayer.phone,
      testPayer.id_no,
    ]) {
      expect(written).not.toContain(personal);
    }
  });

  test('every answer and log line carries the request id; an error answer gives it to quote', async () => {
    const log = logLines();
    const app = await buildTestApp(db(), { logLevel: 'info', logStream: log.stream });
    app.get('/api/test-broken', async () => {
      throw new Error('a bug');
    });
    const failed = await app.inject({ url: '/api/test-broken' });
    const id = failed.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(failed.json()).toEqual({
      error: 'internal_error',
      message: 'Something went wrong on our side',
      request_id: id,
    });

    // A load balancer's id is kept, so one id follows the request; a hostile one is replaced.
    const passed = await app.inject({
      url: '/api/no-such-route',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    expect(passed.headers['x-request-id']).toBe('lb-7f3a.42');
    expect(passed.json()).toMatchObject({ error: 'not_found', request_id: 'lb-7f3a.42' });
    const forged = await app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'x\n{"level":60,"msg":"forged"}' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await app.close();

    const lines = log
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { request_id?: string; msg: string });
    expect(lines.find((line) => line.msg === 'request failed')?.request_id).toBe(id);
    expect(lines.filter((line) => line.request_id === 'lb-7f3a.42').length).toBeGreaterThan(0);
    expect(lines.some((line) => line.msg === 'forged')).toBe(false);
  });
});
