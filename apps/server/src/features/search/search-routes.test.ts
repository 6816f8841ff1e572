import { eq } from 'drizzle-orm';
import { councils, payments } from '../../db/schema';
import { expect, test } from 'vitest';
import {
  billPicker,
  cartItemFor,
  pagePoster,
  startPayment,
  testPayer,
} from '../../test/payment-fixtures';
import { describeEachDatabase } from '../../test/test-databases';
import { pageCsrf, useTestApp } from '../../test/test-app';

describeEachDatabase('searching for a bill', (db) => {
  const app = useTestApp(db);
  const pickBill = billPicker(db);
  const search = (body: object) =>
    app().inject({ method: 'POST', url: '/api/search', payload: body, ...pageCsrf });

  test('a number is found however it is typed: spaces, lower case, hyphens where they are dropped', async () => {
    for (const query of [' a01 000137 ', 'A01000137']) {
      const response = await search({ council: 'mps', payment_type: 'assessment', query });
      expect(response.json()).toMatchObject({ account_no: 'A01000137' });
    }
    for (const [paymentType, query] of [
      ['license', 'lo2026001001'],
      ['compound', 'KP01001001'],
      ['market', 'psr-01-007'],
    ]) {
      const response = await search({ council: 'mps', payment_type: paymentType, query });
      expect(response.statusCode, `${paymentType} ${query}`).toBe(200);
    }
  });

  test('the older names for payment types are accepted', async () => {
    const response = await search({
      council: 'mps',
      payment_type: 'engineering',
      query: 'PB/2026/0101',
    });
    expect(response.json()).toMatchObject({ payment_type: 'engineer', sub_type: 'REZONING' });
    const permit = await search({
      council: 'mps',
      payment_type: 'council_permit_license',
      query: 'LO-2026-001001',
    });
    expect(permit.json()).toMatchObject({ payment_type: 'license' });
  });

  test("the owner's name and identity card number are masked", async () => {
    const bill = (
      await search({ council: 'mps', payment_type: 'assessment', query: 'A01000137' })
    ).json();
    expect(bill.owner_name).toMatch(/^.{4}\*+$/);
    expect(bill.owner_ic).toMatch(/^\*{8}\d{4}$/);
  });

  test('an assessment shows its three options, each within what is owed', async () => {
    const bill = (
      await search({ council: 'mps', payment_type: 'assessment', query: 'A01000137' })
    ).json();
    const owed = bill.details.arrears_sen + bill.details.current_sen;
    expect(bill.assessment_options.map((option: { code: number }) => option.code)).toEqual([
      1, 2, 3,
    ]);
    for (const option of bill.assessment_options) {
      expect(option.minimum).toBeLessThanOrEqual(option.maximum);
      expect(option.maximum + option.discount).toBeLessThanOrEqual(owed);
    }
    expect(bill.assessment_options[2]).toMatchObject({
      maximum: bill.amount_due,
      discount: bill.details.special_discount_sen,
    });
  });

  test('a plan or compound type that does not match the bill finds nothing', async () => {
    const plan = await search({
      council: 'mps',
      payment_type: 'engineer',
      query: 'PB/2026/0101',
      plan_type: 'BUILDING',
    });
    expect(plan.statusCode).toBe(404);
  });

  test.each([
    [{ council: 'mps', payment_type: 'parking', query: 'T010004021' }, 400, 'invalid_payment_type'],
    [
      { council: 'mps', payment_type: 'local_government_charge', query: 'X' },
      400,
      'invalid_payment_type',
    ],
    [{ council: 'mps', payment_type: 'ticket', query: 'T019999999' }, 404, 'not_found'],
    [
      { council: 'mdptn', payment_type: 'ticket', query: 'T220004021' },
      409,
      'council_not_available',
    ],
    [
      { council: 'mdkp', payment_type: 'ticket', query: 'T200004021' },
      409,
      'payment_type_not_available',
    ],
    [
      { council: 'mps', payment_type: 'license', query: 'LO-2026-001005' },
      409,
      'license_status_not_allowed',
    ],
    [
      { council: 'mps', payment_type: 'license', query: 'LP-2026-001004' },
      409,
      'license_status_not_allowed',
    ],
  ])('%j answers %i %s', async (body, status, error) => {
    const response = await search(body);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ error });
  });

  test('a bill a payment holds is payment_in_progress, and says until when it is held', async () => {
    const bill = await pickBill();
    const started = await startPayment(pagePoster(app), [cartItemFor(bill)]);
    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.reference, started.reference));
    const response = await search({
      council: bill.councilCode,
      payment_type: bill.paymentType,
      query: bill.displayNo,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'payment_in_progress',
      items: [
        {
          council: bill.councilCode,
          account_no: bill.displayNo,
          release_at: payment!.releaseAt!.toISOString(),
        },
      ],
    });
  });

  test('a search with missing or bad fields names each field', async () => {
    const response = await search({ council: 'nowhere', payment_type: 'ticket', query: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'validation_failed',
      message: 'The search is not valid',
      fields: { council: 'code_invalid', query: 'required' },
      request_id: expect.any(String),
    });
    const wrongType = await search({ council: 'mps', payment_type: 'ticket', query: 42 });
    expect(wrongType.json()).toMatchObject({
      error: 'validation_failed',
      fields: { query: 'code_invalid' },
    });
  });
});

describeEachDatabase('a portal configured with limits of its own', (db) => {
  const app = useTestApp(db, { config: { cartLimit: 7, gatewayMaxAmountSen: 123_400 } });

  test('the cart limit and largest payment the web app follows come from the configuration, and checkout keeps them', async () => {
    expect((await app().inject('/api/settings')).json()).toMatchObject({
      cart_limit: 7,
      max_payment: 123_400,
    });
    const item = {
      council: 'mps',
      payment_type: 'compound',
      account_no: 'KP01001001',
      amount: 100,
    };
    const eight = await pagePoster(app)('/api/checkout', {
      items: Array.from({ length: 8 }, () => item),
      payer: testPayer,
      lang: 'en',
    });
    expect(eight.statusCode).toBe(400);
    expect(eight.json()).toMatchObject({ error: 'cart_full' });
  });
});

describeEachDatabase('quoting a local government charge', (db) => {
  const app = useTestApp(db);
  const form = {
    council: 'mps',
    license_no: 'LO-2026-001001',
    customer_name: 'Pesta Kaamatan',
    total_no_of_people: 30,
    start_date: '2026-12-01',
    end_date: '2026-12-04',
  };
  const quote = (body: Record<string, unknown>) =>
    app().inject({ method: 'POST', url: '/api/local-charges/quote', payload: body, ...pageCsrf });

  test('costs people x days x RM 1, the first and last day both counted, computed by the server', async () => {
    const response = await quote({ ...form, amount: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      payment_type: 'local_government_charge',
      license_no: 'LO-2026-001001',
      people: 30,
      days: 4,
      rate_sen: 100,
      amount_due: 12_000,
    });
    // The payer's details are asked once, at checkout, not to see a price.
    expect(response.json()).not.toHaveProperty('email');
  });

  test('needs an existing licence in good standing at that council', async () => {
    expect((await quote({ ...form, license_no: 'LO-2026-999999' })).json()).toMatchObject({
      error: 'not_found',
    });
    expect((await quote({ ...form, license_no: 'LO-2026-001005' })).json()).toMatchObject({
      error: 'license_status_not_allowed',
    });
    expect((await quote({ ...form, council: 'mdptn' })).json()).toMatchObject({
      error: 'council_not_available',
    });
  });

  test('a bad form names each bad field', async () => {
    const response = await quote({ ...form, end_date: '2026-11-30', total_no_of_people: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      end_date: 'end_before_start',
      total_no_of_people: 'number_positive',
    });
    const missing = await quote({ council: 'atlantis' });
    expect(missing.json().fields).toMatchObject({
      council: 'code_invalid',
      license_no: 'required',
    });
  });

  test('beyond the council’s limits of people or days it is refused, the field named', async () => {
    // 100,000 people for 27 years at RM 1 asked for RM 1 billion.
    const response = await quote({ ...form, total_no_of_people: 100_000, end_date: '2053-12-04' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'validation_failed',
      fields: { total_no_of_people: 'people_above_limit', end_date: 'days_above_limit' },
    });
    const [mps] = await db().select().from(councils).where(eq(councils.code, 'mps'));
    const atTheLimit = await quote({
      ...form,
      total_no_of_people: mps!.localChargeMaxPeople,
      end_date: '2026-12-31',
    });
    expect(atTheLimit.statusCode).toBe(200);
    const councilList = (await app().inject('/api/councils')).json();
    expect(councilList[0].local_charge_limits).toEqual({
      max_people: mps!.localChargeMaxPeople,
      max_days: mps!.localChargeMaxDays,
    });
  });

  test('more than the gateway takes in one payment is refused before anything else', async () => {
    await db()
      .update(councils)
      .set({ localChargeMaxPeople: 100_000 })
      .where(eq(councils.code, 'mps'));
    try {
      const response = await quote({ ...form, total_no_of_people: 50_000, end_date: '2027-06-01' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'amount_too_large' });
    } finally {
      await db()
        .update(councils)
        .set({ localChargeMaxPeople: 1000 })
        .where(eq(councils.code, 'mps'));
    }
  });
});
