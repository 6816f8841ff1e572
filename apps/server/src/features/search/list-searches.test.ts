import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { rowsOf } from '../../db/database';
import { bills } from '../../db/schema';
import { cartItemFor, pagePoster, startPayment } from '../../test/payment-fixtures';
import { describeEachDatabase } from '../../test/test-databases';
import { pageCsrf, useTestApp } from '../../test/test-app';
import { billListQuery } from './search-queries';

type NewBill = typeof bills.$inferInsert;

/** A driver and an owner of this suite's own, at Sandakan, with a few bills elsewhere to leave out. */
const plate = 'QA 7001 X';
const ownerIc = '880214125533';

function bill(account: string, fields: Partial<NewBill>): NewBill {
  return {
    councilCode: 'mps',
    paymentType: 'ticket',
    accountNo: account,
    displayNo: account,
    status: 'unpaid',
    ownerName: 'Rosalind Gimbang binti Matusin',
    description: 'Test bill',
    amountDueSen: 1000,
    dueDate: '2026-02-28',
    ...fields,
  };
}

const ticket = (account: string, fields: Partial<NewBill> = {}) =>
  bill(account, {
    ownerName: plate,
    details: { vehicle_plate: plate },
    ...fields,
  });

const compound = (account: string, subType: string, fields: Partial<NewBill> = {}) =>
  bill(account, {
    paymentType: 'compound',
    subType,
    ownerIc,
    dueDate: '2026-03-31',
    details: { compound_type: subType },
    ...fields,
  });

const suiteBills: NewBill[] = [
  // The plate, however the council wrote it, on two unpaid tickets and a vehicle compound.
  ticket('QAT0001', { details: { vehicle_plate: 'QA7001X' } }),
  ticket('QAT0002', { amountDueSen: 2000, details: { vehicle_plate: 'qa-7001-x' } }),
  compound('QAKP0001', 'vehicle', { amountDueSen: 15000, details: { vehicle_plate: plate } }),
  // Paid, and at another council: never listed.
  ticket('QAT0003', { status: 'paid', amountDueSen: 0 }),
  ticket('QAT0004', { councilCode: 'mpt' }),
  // The owner's other bills at Sandakan, of several types.
  bill('QAA0001', {
    paymentType: 'assessment',
    ownerIc,
    amountDueSen: 28000,
    dueDate: '2026-06-30',
    details: {
      arrears_sen: 10000,
      current_sen: 20000,
      discount_sen: 0,
      special_discount_sen: 2000,
      paid_until: '2024/4',
    },
  }),
  bill('QAPSR001', { paymentType: 'market', ownerIc, amountDueSen: 45000 }),
  compound('QAKP0002', 'health_trading'),
  compound('QAKP0003', 'citycontrol'),
  // Nothing owed, a licence that may not be paid, and another council: never listed.
  bill('QABK0001', { paymentType: 'booking', ownerIc, status: 'paid', amountDueSen: 0 }),
  bill('QALO0001', { paymentType: 'license', ownerIc, status: 'suspended', amountDueSen: 9000 }),
  compound('QAKP0004', 'trading', { councilCode: 'mpt' }),
];

const numbers = (answer: { bills: { account_no: string }[] }) =>
  answer.bills.map((found) => found.account_no).sort();

describeEachDatabase('listing a vehicle’s or an owner’s unpaid bills', (db) => {
  const app = useTestApp(db);
  const post = (path: string, body: object) =>
    app().inject({ method: 'POST', url: `/api/search/${path}`, payload: body, ...pageCsrf });
  beforeAll(async () => {
    await db().insert(bills).values(suiteBills);
  });

  test('a plate is found however it is typed, with the council’s unpaid compounds and tickets only', async () => {
    for (const typed of ['QA 7001 X', 'qa7001x', ' Qa-7001 x ']) {
      const response = await post('plate', { council: 'mps', plate: typed });
      expect(response.statusCode, typed).toBe(200);
      expect(numbers(response.json()), typed).toEqual(['QAKP0001', 'QAT0001', 'QAT0002']);
      expect(response.json().more).toBe(false);
    }
    const rows = (await post('plate', { council: 'mps', plate })).json().bills;
    // Oldest due first: the tickets, then the compound.
    expect(rows.map((row: { payment_type: string }) => row.payment_type)).toEqual([
      'ticket',
      'ticket',
      'compound',
    ]);
    expect(rows[2]).toMatchObject({ amount_due: 15000, due_date: '2026-03-31', held_until: null });
    expect((await post('plate', { council: 'mpt', plate })).json().bills).toHaveLength(1);
  });

  test('an owner’s unpaid bills of every type are listed, and nothing that owes nothing or may not be paid', async () => {
    const response = await post('owner', { council: 'mps', owner_ic: '880214-12-5533' });
    expect(response.statusCode).toBe(200);
    expect(numbers(response.json())).toEqual([
      'QAA0001',
      'QAKP0001',
      'QAKP0002',
      'QAKP0003',
      'QAPSR001',
    ]);
    const assessment = response
      .json()
      .bills.find((row: { payment_type: string }) => row.payment_type === 'assessment');
    expect(assessment.assessment_options.at(-1)).toMatchObject({
      selection: 'full',
      maximum: 28000,
      discount: 2000,
    });
  });

  test('owners’ names and identity numbers are masked as the single search masks them, never sent in clear', async () => {
    for (const response of [
      await post('owner', { council: 'mps', owner_ic: ownerIc }),
      await post('plate', { council: 'mps', plate }),
    ]) {
      expect(response.body).not.toContain(ownerIc);
      expect(response.body).not.toContain('Rosalind Gimbang');
      const compoundRow = response
        .json()
        .bills.find((row: { account_no: string }) => row.account_no === 'QAKP0001');
      expect(compoundRow).toMatchObject({
        owner_name: 'Rosa***************',
        owner_ic: '********5533',
      });
    }
  });

  test.each([
    ['owner', { owner_ic: ownerIc }, 'individual', []],
    ['owner', { owner_ic: ownerIc }, 'seizure', ['QAKP0003']],
    ['owner', { owner_ic: ownerIc }, 'trading', ['QAKP0002']],
    ['owner', { owner_ic: ownerIc }, 'vehicle', ['QAKP0001']],
    ['plate', { plate }, 'vehicle', ['QAKP0001']],
    ['plate', { plate }, 'seizure', []],
  ])(
    'by %s, the compound category %s lists its compounds alone',
    async (by, search, category, expected) => {
      const response = await post(by, { council: 'mps', ...search, compound_category: category });
      expect(response.statusCode).toBe(200);
      expect(numbers(response.json())).toEqual(expected);
    },
  );

  test('a bill a payment holds is listed with until when it is held', async () => {
    const [held] = await db()
      .insert(bills)
      .values(ticket('QAT0005', { details: { vehicle_plate: 'QA 7002 X' } }))
      .returning();
    await startPayment(pagePoster(app), [cartItemFor(held!)]);
    const row = (await post('plate', { council: 'mps', plate: 'QA 7002 X' })).json().bills[0];
    expect(row).toMatchObject({ account_no: 'QAT0005', held_until: expect.any(String) });
  });

  test('a list holds 50 bills at most and says that there are more', async () => {
    const many = Array.from({ length: 52 }, (_, n) =>
      ticket(`QAM${String(n).padStart(4, '0')}`, { details: { vehicle_plate: 'QA 7003 X' } }),
    );
    await db().insert(bills).values(many);
    const answer = (await post('plate', { council: 'mps', plate: 'QA7003X' })).json();
    expect(answer.bills).toHaveLength(50);
    expect(answer.more).toBe(true);
  });

  test.each([
    [
      { council: 'mps', plate: '!!' },
      400,
      { error: 'validation_failed', fields: { plate: 'plate_invalid' } },
    ],
    [{ council: 'mps', plate: 'ABC' }, 400, { fields: { plate: 'plate_invalid' } }],
    [{ council: 'mps', plate: '  ' }, 400, { fields: { plate: 'required' } }],
    [{ council: 'nowhere', plate }, 400, { fields: { council: 'code_invalid' } }],
    [
      { council: 'mps', plate, compound_category: 'parking' },
      400,
      { fields: { compound_category: 'code_invalid' } },
    ],
    [{ council: 'mdptn', plate }, 409, { error: 'council_not_available' }],
  ])('by plate, %j answers %i %o', async (body, status, answer) => {
    const response = await post('plate', body);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject(answer);
  });

  test.each([
    [{ council: 'mps', owner_ic: '88021412553' }, { owner_ic: 'ic_length' }],
    [{ council: 'mps', owner_ic: '881314125533' }, { owner_ic: 'ic_birth_date_invalid' }],
    [{ council: 'mps' }, { owner_ic: 'required' }],
  ])('by owner, %j names the field', async (body, fields) => {
    const response = await post('owner', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_failed', fields });
  });

  test('a council that takes no parking tickets online lists a plate’s compounds; one taking neither says so', async () => {
    // Kuala Penyu takes no parking tickets online (the demo's switch).
    const compoundsOnly = await post('plate', { council: 'mdkp', plate });
    expect(compoundsOnly.statusCode).toBe(200);
    expect(compoundsOnly.json().bills).toEqual([]);
    await db().execute(
      sql`update council_payment_types set available = false
          where council_code = 'mdkp' and payment_type = 'compound'`,
    );
    try {
      expect((await post('plate', { council: 'mdkp', plate })).json()).toMatchObject({
        error: 'payment_type_not_available',
      });
    } finally {
      await db().execute(
        sql`update council_payment_types set available = true
            where council_code = 'mdkp' and payment_type = 'compound'`,
      );
    }
  });

  test('a plate is looked up by its index, not by reading the council’s bills', async () => {
    await db().execute(sql`analyze bills`);
    const query = billListQuery(db(), {
      council: 'mps',
      types: ['compound', 'ticket'],
      match: { by: 'plate', plate: 'QA7001X' },
      limit: 51,
    });
    const plan = await rowsOf<{ 'QUERY PLAN': string }>(db(), sql`explain ${query}`);
    expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain('bills_vehicle_plate');
    const byOwner = billListQuery(db(), {
      council: 'mps',
      types: ['assessment', 'compound'],
      match: { by: 'owner', ownerIc },
      limit: 51,
    });
    const ownerPlan = await rowsOf<{ 'QUERY PLAN': string }>(db(), sql`explain ${byOwner}`);
    expect(ownerPlan.map((line) => line['QUERY PLAN']).join('\n')).toContain('bills_owner_ic');
  });
});

describeEachDatabase('the list searches’ allowance per client', (db) => {
  const app = useTestApp(db, { config: { listSearchesPerMinute: 3 } });
  const post = (path: string, body: object, remoteAddress = '203.0.113.7') =>
    app().inject({
      method: 'POST',
      url: `/api/search/${path}`,
      payload: body,
      remoteAddress,
      ...pageCsrf,
    });

  test('finds and misses count, bad requests do not; the next search is refused until the minute is out, another address is not', async () => {
    expect((await post('plate', { council: 'mps', plate: 'SS 9566 B' })).statusCode).toBe(200);
    const miss = await post('owner', { council: 'mps', owner_ic: '010101120001' });
    expect(miss.json()).toEqual({ bills: [], more: false });
    for (let bad = 0; bad < 3; bad++) {
      expect((await post('plate', { council: 'mps', plate: '!' })).statusCode).toBe(400);
    }
    expect((await post('owner', { council: 'mps', owner_ic: ownerIc })).statusCode).toBe(200);

    const refused = await post('plate', { council: 'mps', plate: 'SS 9566 B' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('owner', { council: 'mps', owner_ic: ownerIc })).statusCode).toBe(429);

    expect((await post('plate', { council: 'mps', plate }, '203.0.113.8')).statusCode).toBe(200);
  });
});
