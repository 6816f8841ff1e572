import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { startBackgroundJobs } from './background-jobs';
import { loadConfig } from './config';
import { mailMessages, payments } from './db/schema';
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
});
