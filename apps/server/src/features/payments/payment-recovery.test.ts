import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '@portal/gateway-sandbox/sandbox-server';
import { sandboxPaths } from '@portal/gateway-sandbox/sandbox-paths';
import { gatewayPaths } from '@portal/gateway-protocol/ipay88';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { demoAccounts } from '../../demo/demo-data';
import { openDatabase } from '../../db/database';
import { bills, ledgerEntries, paymentEvents, payments } from '../../db/schema';
import { startPayment, type PostJson } from '../../test/payment-fixtures';
import { freePorts, PortalProcess } from '../../test/portal-process';
import { createScratchTestPostgres, testDatabases } from '../../test/test-databases';

/**
 * The portal dies (SIGKILL, no goodbye) after the payer reached the card page; the
 * gateway approves the card while the portal is down, so its first callback finds nobody and the
 * browser never comes back. Restarted on the same database, the portal must still settle the
 * payment, exactly once: by a later callback try, or else by its own requery.
 */

const merchant = { merchantCode: 'RECOVER01', merchantKey: 'recovery-merchant-key' };

/** Where the portal keeps its data: an embedded folder on disk, or a fresh PostgreSQL database. */
interface Storage {
  env: Record<string, string>;
  options: { databaseUrl?: string; dataDir: string };
  remove(): Promise<void>;
}

const storages: { name: string; available: boolean; create(): Promise<Storage> }[] = [
  {
    name: 'PGlite',
    available: true,
    async create() {
      const dataDir = await mkdtemp(join(tmpdir(), 'portal-recovery-'));
      return {
        env: { DATA_DIR: dataDir },
        options: { dataDir },
        remove: () => rm(dataDir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'PostgreSQL',
    available: testDatabases.find((target) => target.name === 'PostgreSQL')!.available,
    async create() {
      const scratch = await createScratchTestPostgres();
      return {
        env: { DATABASE_URL: scratch.url },
        options: { databaseUrl: scratch.url, dataDir: '' },
        remove: scratch.drop,
      };
    },
  },
];

/** JSON with what the portal's own pages send: the CSRF cookie and its echo. */
const pageHeaders = {
  'content-type': 'application/json',
  cookie: 'csrf=recovery-test',
  'x-csrf-token': 'recovery-test',
};

async function postForm(url: string, fields: Record<string, string>): Promise<string> {
  const response = await fetch(url, { method: 'POST', body: new URLSearchParams(fields) });
  expect(response.status).toBe(200);
  return response.text();
}

/** Checks a demo compound out and hands it over to the gateway, as the web app does. */
async function checkOut(portal: PortalProcess) {
  const compound = demoAccounts().find((account) => account.payment_type === 'compound')!;
  const post: PostJson = async (url, payload) => {
    const response = await fetch(`${portal.url}${url}`, {
      method: 'POST',
      headers: pageHeaders,
      body: JSON.stringify(payload),
    });
    const body = await response.text();
    return { statusCode: response.status, body, json: () => JSON.parse(body) as unknown };
  };
  return { compound, ...(await startPayment(post, [{ ...compound, account_no: compound.query }])) };
}

/** The payment's status as the payer's browser would ask for it. */
async function paymentStatus(portal: PortalProcess, reference: string, token: string) {
  const response = await fetch(`${portal.url}/api/receipts/find`, {
    method: 'POST',
    headers: pageHeaders,
    body: JSON.stringify({ reference, receipt_token: token }),
  });
  return ((await response.json()) as { status: string }).status;
}

for (const storage of storages) {
  (storage.available ? describe : describe.skip)(
    `a portal killed between the gateway's approval and its callback, on ${storage.name}`,
    () => {
      const cleanups: (() => Promise<void>)[] = [];
      afterEach(async () => {
        for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
      });

      async function killedWhileTheCardIsApproved(
        portalEnv: Record<string, string>,
        callbackRetryDelaysMs: number[],
      ) {
        const stored = await storage.create();
        cleanups.push(stored.remove);
        const sandbox: RunningSandbox = await startSandbox({
          port: 0,
          ...merchant,
          callbackRetryDelaysMs,
        });
        cleanups.push(sandbox.close);
        const portal = new PortalProcess((await freePorts(1))[0]!, {
          ...stored.env,
          GATEWAY_URL: sandbox.url,
          MERCHANT_CODE: merchant.merchantCode,
          MERCHANT_KEY: merchant.merchantKey,
          JOBS_INTERVAL_SECONDS: '1',
          ...portalEnv,
        });
        cleanups.push(() => portal.kill('SIGKILL'));

        await portal.start();
        const payment = await checkOut(portal);
        const cardPage = await postForm(
          `${sandbox.url}${gatewayPaths.entry}`,
          payment.gateway.fields,
        );
        const transaction = /name="transaction" value="([^"]+)"/.exec(cardPage)?.[1];
        expect(transaction).toBeDefined();

        await portal.kill('SIGKILL');
        const returnPage = await postForm(`${sandbox.url}${sandboxPaths.pay}`, {
          transaction: transaction!,
          action: 'pay',
          cardNumber: '4111 1111 1111 1111',
          cardName: 'SITI AMINAH',
          expiryMonth: '12',
          expiryYear: String(new Date().getFullYear() + 2),
          bank: 'CIMB Bank',
          cvv: '123',
        });
        // The gateway approved it and would send the browser back; that browser never arrives.
        expect(returnPage).toContain('name="Status" value="1"');
        return { stored, sandbox, portal, payment };
      }

      /** After the portal comes back: paid once, its bill cleared, by the named message. */
      async function expectSettledOnceBy(
        source: 'callback' | 'requery',
        { stored, portal, payment }: Awaited<ReturnType<typeof killedWhileTheCardIsApproved>>,
      ) {
        await expect
          .poll(() => paymentStatus(portal, payment.reference, payment.receipt_token), {
            timeout: 30_000,
            interval: 250,
          })
          .toBe('successful');
        await portal.kill('SIGTERM');

        const database = await openDatabase(stored.options);
        try {
          const [paid] = await database.db
            .select()
            .from(payments)
            .where(eq(payments.reference, payment.reference));
          expect(paid).toMatchObject({ status: 'successful', amountSen: payment.compound.amount });
          const events = await database.db
            .select({ source: paymentEvents.source, outcome: paymentEvents.outcome })
            .from(paymentEvents)
            .where(eq(paymentEvents.paymentId, paid!.id));
          const fromGateway = events.filter((event) => event.source !== 'payer');
          expect(fromGateway.filter((event) => event.outcome === 'applied')).toEqual([
            { source, outcome: 'applied' },
          ]);
          const ledger = await database.db
            .select()
            .from(ledgerEntries)
            .where(eq(ledgerEntries.paymentId, paid!.id));
          expect(ledger.map((entry) => entry.amountSen)).toEqual([payment.compound.amount]);
          const [bill] = await database.db
            .select()
            .from(bills)
            .where(eq(bills.id, ledger[0]!.billId!));
          expect(bill).toMatchObject({ amountDueSen: 0, status: 'paid' });
        } finally {
          await database.close();
        }
      }

      test('a later callback try settles it once the portal is back', async () => {
        const run = await killedWhileTheCardIsApproved(
          // No requery for a day: only the gateway's retried callback can settle it.
          { PAYMENT_REQUERY_AFTER_SECONDS: '86400' },
          [3_000, 6_000, 12_000],
        );
        await run.portal.start();
        await expectSettledOnceBy('callback', run);
      }, 90_000);

      test('its own requery settles it when every callback try was missed', async () => {
        const run = await killedWhileTheCardIsApproved({ PAYMENT_REQUERY_AFTER_SECONDS: '1' }, []);
        await run.sandbox.settled();
        await run.portal.start();
        await expectSettledOnceBy('requery', run);
      }, 90_000);
    },
  );
}
