import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { expect, test } from 'vitest';
import { payments } from '../db/schema';
import { postedLines } from '../test/payment-fixtures';
import { staffLoggedIn, steppingClock } from '../test/office-staff';
import { useTestApp } from '../test/test-app';
import { describeEachDatabase } from '../test/test-databases';

/** The council system example of docs/council-api.md, and the types it is checked against. */
const examples = fileURLToPath(new URL('../../../../docs/examples/', import.meta.url));
const typescript = fileURLToPath(
  new URL('../../../../node_modules/typescript/bin/tsc', import.meta.url),
);

const { clock, nextStep } = steppingClock('2026-11-25T05:00:00Z');

/**
 * What the test calls of the example. It is loaded by its path, not imported: its types exist only
 * once the test has generated them, and the server's type check must not need them.
 */
interface CouncilSystem {
  councilApi(baseUrl: string, key: string, fetch: (request: Request) => Promise<Response>): object;
  upsertBills(api: object, records: object[]): Promise<unknown>;
  readLedger(
    api: object,
    after: string,
    pageSize: number,
  ): Promise<{ entries: unknown[]; next: string; pages: number }>;
}

describeEachDatabase('a client generated from the API description', (db) => {
  const app = useTestApp(db, { clock });

  /** A fetch that hands each request to the test app, as a council system's would go out. */
  async function appFetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app().inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(body && { payload: body }),
    });
    return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: answer.headers as Record<string, string>,
    });
  }

  test('type-checks the council system example, and it upserts bills and reads the ledger', async () => {
    const document = (await app().inject('/api/docs/json')).json<object>();
    const types = astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
    writeFileSync(`${examples}council-api.d.ts`, types);
    await expect(
      promisify(execFile)(process.execPath, [typescript, '-p', `${examples}tsconfig.json`]),
    ).resolves.toMatchObject({ stderr: '' });

    const { councilApi, upsertBills, readLedger } = (await import(
      `${examples}council-system.ts`
    )) as CouncilSystem;
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const made = await admin.post('/api/office/api-keys', { council: 'mps', name: 'Sistem hasil' });
    expect(made.statusCode, made.body).toBe(200);
    const api = councilApi('http://portal.test', made.json<{ key: string }>().key, appFetch);

    const batch = await upsertBills(api, [
      {
        payment_type: 'compound',
        account_no: 'KP-CLIENT-00001',
        status: 'unpaid',
        owner_name: 'Chong Wei Ming 张伟明',
        owner_ic: '800101125555',
        address: 'No. 12, Jalan Pantai, 90000 Sandakan',
        description: 'Meletak barang di kaki lima',
        amount_due_sen: 5000,
        due_date: '2027-01-31',
        details: {
          compound_type: 'citycontrol',
          offence: 'Meletak barang di kaki lima',
          issued_at: '2026-11-20T09:15:00+08:00',
          location: 'Jalan Pantai, Sandakan',
        },
      },
    ]);
    expect(batch).toMatchObject({ refused: 0, records: [{ outcome: 'created' }] });

    // Three paid lines of Sandakan's in its ledger: two pages of two.
    const [payment] = await db().select({ id: payments.id }).from(payments).limit(1);
    await postedLines(
      db(),
      payment!.id,
      [5_000, 10_600, 500].map((amountSen, n) => ({
        amountSen,
        taxSen: 0,
        discountSen: 0,
        councilCode: 'mps',
        paymentType: 'assessment' as const,
        accountNo: `CLIENT-${n}`,
        description: 'Cukai taksiran',
      })),
      clock(),
    );

    const all = await app().inject({
      url: '/api/council/v1/ledger?after=0&limit=1000',
      headers: { authorization: `Bearer ${made.json<{ key: string }>().key}` },
    });
    const everything = all.json<{ entries: unknown[]; next: string }>();
    const read = await readLedger(api, '0', 2);
    expect(read.entries).toEqual(everything.entries);
    expect(read.next).toBe(everything.next);
    expect(read.entries).toHaveLength(3);
    expect(read.pages).toBe(2);
  }, 60_000);
});
