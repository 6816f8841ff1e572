import { PGlite } from '@electric-sql/pglite';
import type { FeedEntry } from '@portal/domain/contracts/council-api';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../db/database';
import { ledgerEntries, paymentItems, payments } from '../../db/schema';
import { buildTestApp } from '../../test/test-app';
import { postedLines } from '../../test/payment-fixtures';
import { describeEachDatabase } from '../../test/test-databases';
import { createApiKey } from './api-keys';

const clock = () => new Date('2026-11-25T06:00:00Z');

/** What a poller can do between payments: ask a server for a page, or see a server restarted. */
const step = fc.oneof(
  fc.record({ kind: fc.constant('enter' as const) }),
  fc.record({ kind: fc.constant('commit' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('poll' as const),
    server: fc.integer({ min: 0, max: 1 }),
    limit: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ kind: fc.constant('restart' as const), server: fc.integer({ min: 0, max: 1 }) }),
);

/**
 * A ledger entry written in a transaction left open until `commit`, as a settlement on another
 * server would be; on the embedded database, which has one connection, it commits at once.
 */
async function enterPayment(db: Database, paymentId: number, concurrent: boolean, n: number) {
  const [item] = await db
    .insert(paymentItems)
    .values({
      paymentId,
      councilCode: 'mps',
      paymentType: 'compound',
      accountNo: `FEED-${n}`,
      description: 'Feed test',
      amountSen: 100,
    })
    .returning({ id: paymentItems.id });
  let inserted!: (id: number) => void;
  const entryId = new Promise<number>((resolve) => (inserted = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const done = db.transaction(async (tx) => {
    const [entry] = await tx
      .insert(ledgerEntries)
      .values({ paymentId, paymentItemId: item!.id, amountSen: 100, postedAt: clock() })
      .returning({ id: ledgerEntries.id });
    inserted(entry!.id);
    if (concurrent) await released;
  });
  const id = await entryId;
  return {
    id: `ledger-${id}`,
    commit: async () => {
      release();
      await done;
    },
  };
}

describeEachDatabase('the council ledger feed', (db) => {
  const servers: FastifyInstance[] = [];
  beforeAll(async () => {
    servers.push(await buildTestApp(db(), { clock }), await buildTestApp(db(), { clock }));
  });
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  test('an entry carries its line’s tax and discount, 0 where none', async () => {
    const { key } = await createApiKey(db(), {
      council: 'mdkm',
      name: 'Tax and discount',
      createdBy: 'test',
      now: clock(),
    });
    const [payment] = await db().select({ id: payments.id }).from(payments).limit(1);
    await postedLines(
      db(),
      payment!.id,
      [
        { amountSen: 83_037, taxSen: 0, discountSen: 3_037 },
        { amountSen: 10_600, taxSen: 600, discountSen: 0 },
        { amountSen: 500, taxSen: 0, discountSen: 0 },
      ].map((figures, n) => ({
        ...figures,
        councilCode: 'mdkm',
        paymentType: 'land_cess' as const,
        accountNo: `LC-TAX-${n}`,
        description: 'Ses tanah',
      })),
      clock(),
    );
    const answer = await servers[0]!.inject({
      url: '/api/council/v1/ledger?after=0&limit=100',
      headers: { authorization: `Bearer ${key}` },
    });
    const entries = answer
      .json<{ entries: FeedEntry[] }>()
      .entries.filter((entry) => entry.account_no.startsWith('LC-TAX-'));
    expect(
      entries.map(({ account_no, amount_sen, tax_sen, discount_sen }) => ({
        account_no,
        amount_sen,
        tax_sen,
        discount_sen,
      })),
    ).toEqual([
      { account_no: 'LC-TAX-0', amount_sen: 83_037, tax_sen: 0, discount_sen: 3_037 },
      { account_no: 'LC-TAX-1', amount_sen: 10_600, tax_sen: 600, discount_sen: 0 },
      { account_no: 'LC-TAX-2', amount_sen: 500, tax_sen: 0, discount_sen: 0 },
    ]);
  });

  test('every entry comes exactly once, in order, across two servers, restarts and entries committed out of order', async () => {
    const { key } = await createApiKey(db(), {
      council: 'mps',
      name: 'Feed test',
      createdBy: 'test',
      now: clock(),
    });
    const [payment] = await db().select({ id: payments.id }).from(payments).limit(1);
    const concurrent = !((db() as unknown as { $client: unknown }).$client instanceof PGlite);
    const poll = async (server: number, after: string, limit: number) => {
      const answer = await servers[server]!.inject({
        url: `/api/council/v1/ledger?after=${after}&limit=${limit}`,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ entries: FeedEntry[]; next: string; more: boolean }>();
    };
    /** Pages until the feed has nothing more now; answers where it ended and what came. */
    const drain = async (after: string) => {
      const entries: FeedEntry[] = [];
      for (;;) {
        const page = await poll(0, after, 100);
        entries.push(...page.entries);
        after = page.next;
        if (!page.more) return { after, entries };
      }
    };
    let after = (await drain('0')).after;
    let made = 0;

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const entered: string[] = [];
        const open: Awaited<ReturnType<typeof enterPayment>>[] = [];
        const seen: FeedEntry[] = [];
        for (const next of steps) {
          if (next.kind === 'enter') {
            const entry = await enterPayment(db(), payment!.id, concurrent, made++);
            entered.push(entry.id);
            if (concurrent) open.push(entry);
            else await entry.commit();
          } else if (next.kind === 'commit' && open.length > 0) {
            await open.splice(next.pick % open.length, 1)[0]!.commit();
          } else if (next.kind === 'poll') {
            const page = await poll(next.server, after, next.limit);
            seen.push(...page.entries);
            after = page.next;
          } else if (next.kind === 'restart') {
            await servers[next.server]!.close();
            servers[next.server] = await buildTestApp(db(), { clock });
          }
        }
        for (const entry of open) await entry.commit();
        const rest = await drain(after);
        after = rest.after;
        seen.push(...rest.entries);

        expect(seen.map((entry) => entry.id).sort()).toEqual([...entered].sort());
        const positions = seen.map((entry) => Number(entry.position));
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
        expect(new Set(positions).size).toBe(positions.length);
      }),
      {
        numRuns: 15,
        // The case that numbering by id gets wrong: the later entry commits, a poll passes it,
        // then the earlier one commits.
        examples: [
          [
            [
              { kind: 'enter' },
              { kind: 'enter' },
              { kind: 'commit', pick: 1 },
              { kind: 'poll', server: 1, limit: 4 },
            ],
          ],
        ],
      },
    );
  }, 120_000);
});
