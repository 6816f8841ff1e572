import { expect, test } from 'vitest';
import { buildTestApp, useTestApp } from '../test/test-app';
import { describeEachDatabase } from '../test/test-databases';

/** The value of one series in Prometheus's text format, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachDatabase('the metrics', (db) => {
  const app = useTestApp(db);

  test('count requests per route pattern, and read payments and the mail queue from the database', async () => {
    await app().inject('/api/councils');
    await app().inject('/api/content?page=faq&lang=en');
    await app().inject('/api/no-such-route-9f2c');
    const answer = await app().inject('/metrics');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    expect(
      sample(text, 'portal_http_requests_total{method="GET",route="/api/councils",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain('route="/api/content"');
    // An address nobody routes is one series, whatever was typed.
    expect(text).not.toContain('no-such-route-9f2c');
    expect(text).toContain('portal_http_request_duration_seconds_bucket{le="0.005"');
    // The demo data holds one payment in progress.
    expect(sample(text, 'portal_payments{status="in_progress"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_mail_queue_depth')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'portal_mail_queue_oldest_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('portal_gateway_messages_refused_total');
    expect(text).toContain('portal_process_cpu_seconds_total');
  });

  test('with a token, only a scraper that sends it reads them', async () => {
    const guarded = await buildTestApp(db(), {
      config: { metricsToken: 'scrape-token-of-sixteen-plus' },
    });
    try {
      expect((await guarded.inject('/metrics')).statusCode).toBe(401);
      const wrong = { authorization: 'Bearer scrape-token-of-sixteen-pluz' };
      expect((await guarded.inject({ url: '/metrics', headers: wrong })).statusCode).toBe(401);
      const right = { authorization: 'Bearer scrape-token-of-sixteen-plus' };
      expect((await guarded.inject({ url: '/metrics', headers: right })).statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
