import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { paymentItems, payments } from './db/schema';
import { gracefulStop } from './graceful-stop';
import { billPicker, cartItemFor, testPayer } from './test/payment-fixtures';
import { buildTestApp, pageCsrf } from './test/test-app';
import { describeEachDatabase } from './test/test-databases';

describeEachDatabase('a stop signal', (db) => {
  const pickBill = billPicker(db);

  test('during a checkout lets it finish whole, takes no new request, and then closes', async () => {
    const app = await buildTestApp(db());
    const events: string[] = [];
    let stopping: Promise<'stopped' | 'timed_out'> | undefined;
    // The signal arrives while the checkout is on its way in.
    app.addHook('preHandler', async (request) => {
      if (request.url !== '/api/checkout' || stopping) return;
      stopping = gracefulStop(
        {
          app,
          jobs: { stop: async () => void events.push('jobs stopped') },
          database: { close: async () => void events.push('database closed') },
        },
        10_000,
      );
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const bill = await pickBill();
    const answer = await fetch(`${url}/api/checkout`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `csrf=${pageCsrf.cookies.csrf}`,
        ...pageCsrf.headers,
      },
      body: JSON.stringify({ items: [cartItemFor(bill)], payer: testPayer, lang: 'en' }),
    });
    expect(answer.status).toBe(200);
    const { reference } = (await answer.json()) as { reference: string };
    expect(await stopping).toBe('stopped');
    expect(events).toEqual(['jobs stopped', 'database closed']);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();

    const [payment] = await db().select().from(payments).where(eq(payments.reference, reference));
    expect(payment?.status).toBe('created');
    const items = await db()
      .select()
      .from(paymentItems)
      .where(eq(paymentItems.paymentId, payment!.id));
    expect(items.map((item) => item.billId)).toEqual([bill.id]);
  });

  test('gives up after its time when a request never ends, and says so', async () => {
    const app = await buildTestApp(db());
    let release: ((answer: string) => void) | undefined;
    app.get('/api/test-stuck', () => new Promise<string>((resolve) => (release = resolve)));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const stuck = fetch(`${url}/api/test-stuck`).catch(() => undefined);
    await expect.poll(() => release).toBeDefined();
    const outcome = await gracefulStop(
      { app, jobs: { stop: async () => {} }, database: { close: async () => {} } },
      300,
    );
    expect(outcome).toBe('timed_out');
    release!('late');
    await stuck;
  });
});
