import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { setTimeout } from 'node:timers/promises';
import { Registry } from 'prom-client';
import { expect, test, vi } from 'vitest';
import { startBackgroundJobs } from './background-jobs';
import { loadConfig } from './config';
import { mailMessages, payments } from './db/schema';
import { runsOneTransactionAtATime } from './db/database';
import { createGatewayClient } from './gateway/gateway-client';
import {
  billPicker,
  cartItemFor,
  gatewayPoster,
  pagePoster,
  signedGatewayResponse,
  startPayment,
} from './test/payment-fixtures';
import { useTestApp } from './test/test-app';
import { describeEachDatabase, testPersonalData } from './test/test-databases';
import { testGatewaySettings } from './test/test-gateway-settings';

describeEachDatabase('the background jobs', (db) => {
  const app = useTestApp(db);
  const pickBill = billPicker(db);

  test('send a receipt at once, even while the gateway takes forever to answer a requery', async () => {
    // A payment due for a requery, at a gateway that never answers…
    const open = await startPayment(pagePoster(app), [cartItemFor(await pickBill())]);
    await db()
      .update(payments)
      .set({ requeryAfter: new Date(0) })
      .where(eq(payments.reference, open.reference));
    let requeries = 0;
    const hanging = {
      ...createGatewayClient(testGatewaySettings),
      enquire: () => {
        requeries++;
        return new Promise<never>(() => {});
      },
    };
    // …and one just paid, whose receipt is waiting to go.
    const paid = await startPayment(pagePoster(app), [cartItemFor(await pickBill())]);
    await gatewayPoster(app)('callback', signedGatewayResponse(paid.reference, paid.amount));

    const config = {
      ...loadConfig({
        NODE_ENV: 'test',
        JOBS_INTERVAL_SECONDS: '1',
        PAYMENT_REQUERY_AFTER_SECONDS: '1',
      }),
      publicUrl: 'http://portal.test',
    };
    const jobs = startBackgroundJobs({
      db: db(),
      gateway: hanging,
      config,
      personalData: testPersonalData,
      log: app().log,
      metrics: app().metrics,
    });
    try {
      await expect
        .poll(
          async () =>
            (await db().select().from(mailMessages).where(eq(mailMessages.kind, 'receipt')))
              .filter((mail) => mail.subject?.includes(paid.reference))
              .map((mail) => mail.status),
          { timeout: 8_000, interval: 200 },
        )
        .toEqual(['outbox']);
      expect(requeries).toBeGreaterThan(0);
    } finally {
      // The hanging requery never ends: stop without waiting for it.
      void jobs.stop();
    }
  }, 15_000);

  test('tidy the embedded database once in the quiet hours of a night, and never PostgreSQL', async () => {
    const info = vi.fn();
    const log = { info, warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
    let now = new Date('2026-11-26T06:00:00Z'); // 14:00 in Malaysia
    const jobs = startBackgroundJobs({
      db: db(),
      gateway: createGatewayClient(testGatewaySettings),
      config: {
        ...loadConfig({ NODE_ENV: 'test', JOBS_INTERVAL_SECONDS: '1' }),
        publicUrl: 'http://portal.test',
      },
      personalData: testPersonalData,
      log,
      metrics: new Registry(),
      clock: () => now,
    });
    const tidied = () =>
      info.mock.calls.filter(([, message]) => message === 'embedded database vacuumed and analysed')
        .length;
    try {
      await setTimeout(2500);
      expect(tidied()).toBe(0);

      now = new Date('2026-11-26T19:30:00Z'); // 03:30 the next night
      const embedded = runsOneTransactionAtATime(db());
      if (embedded) await vi.waitFor(() => expect(tidied()).toBe(1), { timeout: 8000 });
      // Later turns of the same night leave it be; PostgreSQL has its autovacuum.
      await setTimeout(2500);
      expect(tidied()).toBe(embedded ? 1 : 0);
    } finally {
      await jobs.stop();
    }
  }, 20_000);
});
