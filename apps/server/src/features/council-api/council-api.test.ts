import type { BillRecordInput } from '@portal/domain/bill-records';
import type { BatchAnswer } from '@portal/domain/contracts/council-api';
import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { auditLog, bills, ledgerEntries, paymentItems } from '../../db/schema';
import { demoPaymentInProgress } from '../../demo/demo-data';
import { FakeGateway } from '../../test/fake-gateway';
import { staffLoggedIn, steppingClock } from '../../test/office-staff';
import { errorBody, pageCsrf, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';
import {
  billPicker,
  cartItemFor,
  gatewayPoster,
  pagePoster,
  paidOffHeldBill,
  signedGatewayResponse,
  startPayment,
  testPayer,
} from '../../test/payment-fixtures';

const { clock, nextStep } = steppingClock('2026-11-25T05:00:00Z');

/** A compound as a council's enforcement system would send it. */
function compound(n: number, changes: Partial<BillRecordInput> = {}): BillRecordInput {
  return {
    payment_type: 'compound',
    account_no: `KP-API-${String(n).padStart(5, '0')}`,
    status: 'unpaid',
    owner_name: `Pemilik ${n}`,
    owner_ic: '800101125555',
    address: `No. ${n}, Jalan Pantai, 90000 Sandakan`,
    description: 'Meletak barang di kaki lima',
    amount_due_sen: 5000 + n,
    due_date: '2027-01-31',
    details: {
      compound_type: 'citycontrol',
      offence: 'Meletak barang di kaki lima',
      issued_at: '2026-11-20T09:15:00+08:00',
      location: 'Jalan Pantai, Sandakan',
    },
    ...changes,
  } as BillRecordInput;
}

describeEachDatabase('the council API', (db) => {
  const gateway = new FakeGateway(clock);
  const app = useTestApp(db, { clock, gateway: gateway.client() });
  const pickBill = billPicker(db);

  /** A key for Sandakan, made in the back office by its council admin. */
  async function keyFor() {
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const made = await admin.post('/api/office/api-keys', { council: 'mps', name: 'Sistem hasil' });
    expect(made.statusCode, made.body).toBe(200);
    return { admin, ...made.json<{ key: string; record: { id: number; hint: string } }>() };
  }

  const send = (key: string | undefined, records: unknown, query = '') =>
    app().inject({
      method: 'POST',
      url: `/api/council/v1/bills${query}`,
      headers: key ? { authorization: `Bearer ${key}` } : {},
      payload: { records },
    });

  const billOf = async (council: string, accountNo: string) =>
    (
      await db()
        .select()
        .from(bills)
        .where(and(eq(bills.councilCode, council), eq(bills.accountNo, accountNo)))
    )[0];

  const search = (council: string, paymentType: string, accountNo: string) =>
    app().inject({
      method: 'POST',
      url: '/api/search',
      payload: { council, payment_type: paymentType, query: accountNo },
      ...pageCsrf,
    });

  test('a council admin makes a key, shown once; a call without one, with a wrong one or a revoked one is refused', async () => {
    const { admin, key, record } = await keyFor();
    expect(key).toMatch(/^spk_[\w-]{27}$/);
    expect(record.hint).toBe(key.slice(-4));
    const listed = (await admin.get('/api/office/api-keys?council=mps')).json<{
      keys: object[];
    }>();
    expect(JSON.stringify(listed)).not.toContain(key);
    expect(listed.keys[0]).toMatchObject({ id: record.id, name: 'Sistem hasil', revoked_at: null });

    for (const wrong of [undefined, 'spk_guessed', key.replace(/.$/, 'x')]) {
      const refused = await send(wrong, [compound(1)]);
      expect(refused.statusCode).toBe(401);
      expect(errorBody(refused).error).toBe('auth_error');
    }
    expect((await send(key, [compound(1)])).statusCode).toBe(200);

    // Another council's key is neither seen nor revoked by this council's admin.
    const state = await staffLoggedIn(app, '_admin', nextStep());
    const theirs = (
      await state.post('/api/office/api-keys', { council: 'mpt', name: 'Sistem Tawau' })
    ).json<{ record: { id: number } }>().record;
    expect((await admin.get('/api/office/api-keys?council=mpt')).statusCode).toBe(403);
    const stranger = await admin.post(`/api/office/api-keys/${theirs.id}/revoke`, {
      reason: 'Not ours',
    });
    expect(stranger.statusCode).toBe(403);

    const revoked = await admin.post(`/api/office/api-keys/${record.id}/revoke`, {
      reason: 'System replaced',
    });
    expect(revoked.json()).toMatchObject({ revoked_at: expect.any(String) });
    expect((await send(key, [compound(1)])).statusCode).toBe(401);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.councilCode, 'mps'))).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(['api_key_created', 'bills_upserted', 'api_key_revoked']),
    );
  });

  test('new bills are created and a citizen finds them; the same batch again changes nothing; a change updates', async () => {
    const { key } = await keyFor();
    const batch = [compound(10), compound(11), compound(12)];
    const first = await send(key, batch);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ applied: true, created: 3, updated: 0, refused: 0 });
    const found = await search('mps', 'compound', 'kp-api-00011');
    expect(found.statusCode, found.body).toBe(200);
    expect(JSON.stringify(found.json())).toContain('5011');

    const before = await billOf('mps', 'KPAPI00010');
    const again = (await send(key, batch)).json<BatchAnswer>();
    expect(again).toMatchObject({ applied: true, created: 0, updated: 0, unchanged: 3 });
    expect(await billOf('mps', 'KPAPI00010')).toEqual(before);

    const changed = (await send(key, [compound(10, { amount_due_sen: 7500 })])).json<BatchAnswer>();
    expect(changed).toMatchObject({ updated: 1, records: [{ index: 0, outcome: 'updated' }] });
    expect(await billOf('mps', 'KPAPI00010')).toMatchObject({ amountDueSen: 7500 });
  });

  test('a land cess with its tax is taken in and found with its selections; a tax above the amount due is refused', async () => {
    const { key } = await keyFor();
    const landCess = (changes: Record<string, unknown> = {}) => ({
      payment_type: 'land_cess',
      account_no: 'LC-API-00001',
      status: 'unpaid',
      owner_name: 'Pemilik tanah',
      description: 'Ses tanah Sandakan',
      amount_due_sen: 63_000,
      details: {
        assessed_year: 2026,
        arrears_sen: 20_000,
        current_sen: 48_000,
        special_discount_sen: 5_000,
        tax_sen: 1_000,
      },
      ...changes,
    });
    const sent = await send(key, [landCess()]);
    expect(sent.json()).toMatchObject({ applied: true, created: 1 });
    const found = await search('mps', 'land_cess', 'LC-API-00001');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      payment_type: 'land_cess',
      amount_due: 63_000,
      details: { tax_sen: 1_000 },
    });
    expect(found.json().assessment_options.map((o: { code: number }) => o.code)).toEqual([1, 2, 3]);

    const tooMuchTax = await send(key, [
      landCess({
        account_no: 'LC-API-00002',
        amount_due_sen: 500,
        details: {
          assessed_year: 2026,
          arrears_sen: 0,
          current_sen: 500,
          special_discount_sen: 0,
          tax_sen: 501,
        },
      }),
    ]);
    expect(tooMuchTax.json()).toMatchObject({
      refused: 1,
      records: [{ index: 0, outcome: 'refused' }],
    });
    expect(await billOf('mps', 'LC-API-00002')).toBeUndefined();
  });

  test("a key writes its own council's bills only; a record naming another council is refused", async () => {
    const { key } = await keyFor();
    const answer = (
      await send(key, [compound(20, { council: 'mpt' }), compound(21, { council: 'mps' })])
    ).json<BatchAnswer>();
    expect(answer.records).toMatchObject([
      { index: 0, outcome: 'refused', reason: 'other_council' },
      { index: 1, outcome: 'created' },
    ]);
    expect(await billOf('mpt', 'KPAPI00020')).toBeUndefined();
    expect(await billOf('mps', 'KPAPI00020')).toBeUndefined();
  });

  test('wrong types, huge strings and an assessment that does not add up are refused one by one; atomic writes nothing then', async () => {
    const { key } = await keyFor();
    const hostile = [
      compound(30),
      { ...compound(31), amount_due_sen: '50.00' },
      { ...compound(32), owner_name: 'x'.repeat(1_000_000) },
      { ...compound(33), details: { compound_type: 'bribery' } },
      {
        payment_type: 'assessment',
        account_no: 'A-API-1',
        status: 'unpaid',
        owner_name: 'Tan',
        description: 'Cukai taksiran',
        amount_due_sen: 100,
        details: {
          assessed_year: 2026,
          arrears_sen: 0,
          current_sen: 500,
          special_discount_sen: 50,
        },
      },
      'not a record',
      // Unpaid, and owing nothing: found by a citizen who could never pay it.
      { ...compound(34), amount_due_sen: 0 },
    ];
    const atomic = (await send(key, hostile, '?atomic=true')).json<BatchAnswer>();
    expect(atomic).toMatchObject({ applied: false, created: 1, refused: 6 });
    expect(await billOf('mps', 'KPAPI00030')).toBeUndefined();
    expect(atomic.records.map((record) => record.reason)).toEqual([
      undefined,
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'invalid',
    ]);
    expect(atomic.records[6]!.fields).toEqual({
      amount_due_sen: expect.stringContaining('unpaid bill owes more than 0'),
    });
    expect(atomic.records[1]!.fields).toHaveProperty('amount_due_sen');
    expect(atomic.records[2]!.fields).toHaveProperty('owner_name');
    expect(atomic.records[4]!.fields).toEqual({
      amount_due_sen: expect.stringContaining('450'),
    });

    const oneByOne = (await send(key, hostile)).json<BatchAnswer>();
    expect(oneByOne).toMatchObject({ applied: true, created: 1, refused: 6 });
    expect(await billOf('mps', 'KPAPI00030')).toMatchObject({ amountDueSen: 5030 });
  });

  test('a bill named twice in a batch writes nothing; too many records or too large a body is refused whole', async () => {
    const { key } = await keyFor();
    const twice = (
      await send(key, [compound(40), compound(41), { ...compound(40), account_no: 'kp api 00040' }])
    ).json<BatchAnswer>();
    expect(twice).toMatchObject({ applied: false });
    expect(twice.records.map((record) => record.outcome)).toEqual([
      'refused',
      'created',
      'refused',
    ]);
    expect(await billOf('mps', 'KPAPI00041')).toBeUndefined();

    const many = await send(
      key,
      Array.from({ length: 1001 }, (_, n) => compound(1000 + n)),
    );
    expect(many.statusCode).toBe(400);
    expect(errorBody(many)).toMatchObject({
      error: 'validation_failed',
      fields: { records: 'code_invalid' },
    });
    const huge = await send(key, [{ ...compound(42), owner_name: 'x'.repeat(5_000_000) }]);
    expect(huge.statusCode).toBe(413);
    expect(errorBody(huge).error).toBe('too_large');
  });

  test('a large batch of records that stand alone is written whole, the held bill left out', async () => {
    const { key } = await keyFor();
    const records: unknown[] = Array.from({ length: 600 }, (_, n) => compound(2000 + n));
    records.splice(300, 0, await paidOffHeldBill(db()));
    const answer = (await send(key, records)).json<BatchAnswer>();
    expect(answer).toMatchObject({ applied: true, created: 600, refused: 1 });
    expect(answer.records[300]).toMatchObject({ reason: 'payment_in_progress' });
    expect(await billOf('mps', 'KPAPI02599')).toMatchObject({ amountDueSen: 7599 });
  });

  test('a bill a citizen is paying is left alone, with when to send it again; a dry run writes nothing', async () => {
    const { key } = await keyFor();
    const held = await billOf('mps', demoPaymentInProgress.accountNo);
    const answer = (await send(key, [await paidOffHeldBill(db())])).json<BatchAnswer>();
    expect(answer.records[0]).toMatchObject({
      outcome: 'refused',
      reason: 'payment_in_progress',
      release_at: expect.any(String),
    });
    expect(await billOf('mps', demoPaymentInProgress.accountNo)).toEqual(held);

    const dry = (await send(key, [compound(50)], '?dry_run=true')).json<BatchAnswer>();
    expect(dry).toMatchObject({ applied: false, created: 1 });
    expect(await billOf('mps', 'KPAPI00050')).toBeUndefined();
  });

  test('a batch resent after a citizen paid its bill does not reopen it: the answer names the payment; a record as of after it changes it', async () => {
    const { key } = await keyFor();
    const record = compound(901);
    expect((await send(key, [record])).json<BatchAnswer>()).toMatchObject({ created: 1 });
    const bill = (await billOf('mps', 'KPAPI00901'))!;
    const paidAt = clock();
    const started = await startPayment(pagePoster(app), [cartItemFor(bill)]);
    await gatewayPoster(app)('callback', signedGatewayResponse(started.reference, started.amount));
    const paid = (await billOf('mps', 'KPAPI00901'))!;
    expect(paid).toMatchObject({ status: 'paid', amountDueSen: 0 });

    // The council's system sends the same batch again, unaware of the payment.
    for (const query of ['', '?atomic=true']) {
      const resent = (await send(key, [record], query)).json<BatchAnswer>();
      expect(resent).toMatchObject({ updated: 0, refused: 1 });
      expect(resent.records[0]).toMatchObject({
        outcome: 'refused',
        reason: 'paid_by_portal',
        payment_reference: started.reference,
      });
      expect(await billOf('mps', 'KPAPI00901')).toEqual(paid);
    }
    // A second citizen finds nothing to pay.
    const again = await pagePoster(app)('/api/checkout', {
      items: [cartItemFor(bill)],
      payer: testPayer,
      lang: 'en',
    });
    expect(again.statusCode).toBe(409);

    // A record from figures taken before the payment changes nothing; one taken after it does.
    const before = { ...record, as_of: new Date(paidAt.getTime() - 60_000).toISOString() };
    expect((await send(key, [before])).json<BatchAnswer>().records[0]).toMatchObject({
      reason: 'paid_by_portal',
    });
    const nextYear = {
      ...record,
      amount_due_sen: 7000,
      as_of: new Date(clock().getTime() + 1000).toISOString(),
    };
    expect((await send(key, [nextYear])).json<BatchAnswer>()).toMatchObject({ updated: 1 });
    expect(await billOf('mps', 'KPAPI00901')).toMatchObject({
      status: 'unpaid',
      amountDueSen: 7000,
    });
  });

  test("the ledger feed gives the key's council's entries only, refunds negative; a wrong cursor is refused", async () => {
    const { key } = await keyFor();
    const read = (query: string) =>
      app().inject({
        url: `/api/council/v1/ledger${query}`,
        headers: { authorization: `Bearer ${key}` },
      });
    // A payment at Sandakan and one at Tawau, settled by the gateway's callback.
    const paid: Record<string, string> = {};
    for (const council of ['mps', 'mpt']) {
      const bill = await pickBill('compound', council);
      const started = await startPayment(pagePoster(app), [cartItemFor(bill)]);
      gateway.open(started.reference);
      const approval = gateway.submitCard(started.reference, started.amount, true)!;
      const settled = await gatewayPoster(app)('callback', approval);
      expect(settled.statusCode).toBe(200);
      paid[council] = started.reference;
    }
    // Sandakan's finance officer gives RM 1.50 of its payment back.
    const finance = await staffLoggedIn(app, 'finance', nextStep());
    const [line] = (await finance.get(`/api/office/payments/${paid.mps}`)).json().lines;
    const refunded = await finance.post(`/api/office/payments/${paid.mps}/refunds`, {
      line: String(line.id),
      amount: '1.50',
      reason: 'Overcharged',
      gateway_refund_id: 'RF20261125001',
    });
    expect(refunded.json().refund).toMatchObject({ status: 'refunded' });
    const page = await read('?limit=1000');
    expect(page.statusCode, page.body).toBe(200);
    const { entries } = page.json<{
      entries: { id: string; amount_sen: number; kind: string; payment_reference: string }[];
    }>();
    const own = await db()
      .select({ id: ledgerEntries.id, amountSen: ledgerEntries.amountSen })
      .from(ledgerEntries)
      .innerJoin(paymentItems, eq(paymentItems.id, ledgerEntries.paymentItemId))
      .where(eq(paymentItems.councilCode, 'mps'));
    expect(entries.map((entry) => entry.id).sort()).toEqual(
      own.map((entry) => `ledger-${entry.id}`).sort(),
    );
    const references = entries.map((entry) => entry.payment_reference);
    expect(references).toContain(paid.mps);
    expect(references).not.toContain(paid.mpt);
    const ofPayment = entries.filter((entry) => entry.payment_reference === paid.mps);
    expect(ofPayment.map((entry) => [entry.kind, entry.amount_sen])).toEqual([
      ['payment', line.amount],
      ['refund', -150],
    ]);
    expect(ofPayment[1]).toMatchObject({ refund_reference: `${paid.mps}/R1` });
    for (const wrong of ['?after=-1', '?after=abc', '?limit=0', '?limit=1001']) {
      expect((await read(wrong)).statusCode, wrong).toBe(400);
    }
    // Every `next` the feed hands out, it takes back: positions stay whole numbers it can count.
    const largest = String(Number.MAX_SAFE_INTEGER);
    const last = await read(`?after=${largest}`);
    expect(last.json()).toEqual({ entries: [], next: largest, more: false });
    for (const beyond of ['9007199254740993', '999999999999999999']) {
      expect((await read(`?after=${beyond}`)).statusCode, beyond).toBe(400);
    }
    const [logged] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'ledger_read'))
      .limit(1);
    expect(logged).toMatchObject({ councilCode: 'mps', actor: expect.stringMatching(/^api-key:/) });
  });
});
