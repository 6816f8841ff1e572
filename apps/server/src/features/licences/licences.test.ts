import { and, count, eq, sql, sum } from 'drizzle-orm';
import { expect, test } from 'vitest';
import {
  bills,
  councilPaymentTypes,
  councils,
  ledgerEntries,
  licenceApplications,
  licenceReductions,
  payments,
} from '../../db/schema';
import {
  approvedOnRequery,
  cartItemFor,
  gatewayPoster,
  pagePoster,
  signedGatewayResponse,
  startPayment,
  testPayer,
} from '../../test/payment-fixtures';
import { errorBody, pageCsrf, useTestApp } from '../../test/test-app';
import { registrations } from '../../test/registered-users';
import { TestBrowser } from '../../test/test-browser';
import { describeEachDatabase } from '../../test/test-databases';
import { imageSizesOf } from '../../test/pdf-text';
import { pngOf } from '../../test/test-images';
import { checkedImage, storeImage } from '../../lib/stored-images';
import { printLimit, verificationLimit } from './licences-service';

// 10:00 in Sabah on 25 November 2026: renewal of a licence that runs out this year is open.
const now = new Date('2026-11-25T02:00:00Z');

describeEachDatabase('licences', (db) => {
  const app = useTestApp(db, { clock: () => now });
  const { registered } = registrations(app, db);
  const post = pagePoster(app);
  const find = (body: object) => post('/api/licences/find', body);

  /** A licence of the council in the database with this status (and validity, when named). */
  async function licenceWith(status: string, validUntil?: string, council = 'mps') {
    const [licence] = await db()
      .select()
      .from(bills)
      .where(
        and(
          eq(bills.councilCode, council),
          eq(bills.paymentType, 'license'),
          eq(bills.status, status),
          validUntil ? sql`${bills.details}->>'valid_until' = ${validUntil}` : undefined,
        ),
      )
      .limit(1);
    if (!licence) throw new Error(`no ${status} licence at ${council}`);
    const details = licence.details as {
      category: string;
      monthly_fee_sen: number;
      owners: { name: string; ic: string }[];
    };
    return { ...licence, ...details };
  }

  const searchOf = (licence: { councilCode: string; category: string; displayNo: string }) => ({
    council: licence.councilCode,
    category: licence.category,
    licence_no: licence.displayNo,
  });

  test('an active licence is found however its number is typed, owners masked, with its renewal priced', async () => {
    const licence = await licenceWith('active', '2026-12-31');
    const typed = ` ${licence.displayNo.toLowerCase().replaceAll('-', ' - ')} `;
    const response = await find({ ...searchOf(licence), licence_no: typed });
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({
      council: 'mps',
      licence_no: licence.displayNo,
      status: 'active',
      valid_until: '2026-12-31',
      valid_today: true,
      monthly_fee: licence.monthly_fee_sen,
      renewal: {
        renewable: true,
        reduction_label: null,
        options: [
          {
            period: 'next_year',
            valid_from: '2027-01-01',
            valid_until: '2027-12-31',
            months: 12,
            licence_fee: 12 * licence.monthly_fee_sen,
            process_fee: 1000,
            reduction: 0,
            amount: 12 * licence.monthly_fee_sen + 1000,
          },
        ],
      },
    });
    const [owner] = licence.owners;
    expect(detail.owners[0]).toEqual({
      name: `${owner!.name.slice(0, 4)}${'*'.repeat(Math.min(owner!.name.length, 19) - 4)}`,
      ic: `********${owner!.ic.slice(-4)}`,
    });
    expect(response.body).not.toContain(owner!.ic);
  });

  test('a licence is found only under its own category', async () => {
    const licence = await licenceWith('active', '2026-12-31');
    const other = licence.category === 'operating' ? 'trading' : 'operating';
    const response = await find({ ...searchOf(licence), category: other });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });

  test('a suspended licence may not renew, and says so', async () => {
    const licence = await licenceWith('suspended');
    expect((await find(searchOf(licence))).json()).toMatchObject({
      status: 'suspended',
      valid_today: false,
      renewal: { renewable: false, reason: 'license_status_not_allowed' },
    });
  });

  test('a licence valid for years says when its early renewal opens', async () => {
    const licence = await licenceWith('active', '2028-12-31');
    expect((await find(searchOf(licence))).json().renewal).toEqual({
      renewable: false,
      reason: 'early_renewal_closed',
      opens_on: '2028-11-01',
    });
  });

  test("a council's reduction applies on the days it is in force, and is named", async () => {
    const licence = await licenceWith('expired', '2025-12-31');
    const [reduction] = await db()
      .insert(licenceReductions)
      .values({
        councilCode: 'mps',
        name: { ms: 'Pengurangan 20%', en: 'A 20% reduction', zh: '减免20%' },
        method: 'percentage',
        percent: 20,
        startsOn: '2026-11-25',
        endsOn: '2026-11-25',
      })
      .returning();
    try {
      const { renewal } = (await find(searchOf(licence))).json();
      const fee = 12 * licence.monthly_fee_sen;
      expect(renewal.reduction_label).toMatchObject({ en: 'A 20% reduction' });
      expect(renewal.options[0]).toMatchObject({
        period: 'this_year',
        valid_from: '2026-01-01',
        licence_fee: fee,
        reduction: Math.floor(fee / 5),
        amount: fee + 1000 - Math.floor(fee / 5),
      });
    } finally {
      await db().delete(licenceReductions).where(eq(licenceReductions.id, reduction!.id));
    }
    expect((await find(searchOf(licence))).json().renewal.options[0].reduction).toBe(0);
  });

  test('bad fields, an unknown number, a closed council or closed licences are refused clearly', async () => {
    const missing = await find({ council: 'nowhere', category: 'shop', licence_no: ' - ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: 'validation_failed',
      fields: {
        council: 'code_invalid',
        category: 'code_invalid',
        licence_no: 'account_no_invalid',
      },
    });
    const unknown = await find({
      council: 'mps',
      category: 'operating',
      licence_no: 'LO-1999-000001',
    });
    expect(unknown.statusCode).toBe(404);
    const closedCouncil = await licenceWith('active', '2026-12-31', 'mdptn');
    expect((await find(searchOf(closedCouncil))).json()).toMatchObject({
      error: 'council_not_available',
    });
    const licence = await licenceWith('active', '2026-12-31', 'mpt');
    const setLicencesOpen = (available: boolean) =>
      db()
        .update(councilPaymentTypes)
        .set({ available })
        .where(
          and(
            eq(councilPaymentTypes.councilCode, 'mpt'),
            eq(councilPaymentTypes.paymentType, 'license'),
          ),
        );
    await setLicencesOpen(false);
    try {
      expect((await find(searchOf(licence))).json()).toMatchObject({
        error: 'payment_type_not_available',
      });
    } finally {
      await setLicencesOpen(true);
    }
  });

  test('a settled payment of the licence shows among its payments', async () => {
    const licence = await licenceWith('unpaid', undefined, 'mpt');
    const started = await startPayment(post, [cartItemFor(licence)]);
    await gatewayPoster(app)('callback', signedGatewayResponse(started.reference, started.amount));
    const { payments } = (await find(searchOf(licence))).json();
    expect(payments).toEqual([
      { reference: started.reference, paid_at: expect.any(String), amount: started.amount },
    ]);
  });

  test('the public check says valid for an active licence in its dates, not valid otherwise, and nothing personal', async () => {
    const verify = (council: string, licenceNo: string) =>
      app().inject({
        method: 'GET',
        url: `/api/licences/verify?council=${council}&licence_no=${encodeURIComponent(licenceNo)}`,
        remoteAddress: '198.51.100.200',
      });
    const active = await licenceWith('active', '2026-12-31');
    const valid = await verify('mps', active.displayNo);
    expect(valid.json()).toEqual({
      council: 'mps',
      council_name: 'Majlis Perbandaran Sandakan',
      council_logo: expect.stringMatching(/^\/api\/images\/[0-9a-f]{64}$/),
      licence_no: active.displayNo,
      valid: true,
      status: 'active',
      valid_from: '2026-01-01',
      valid_until: '2026-12-31',
      business_name: expect.any(String),
      location: expect.any(String),
      checked_on: '2026-11-25',
    });
    expect(valid.body).not.toContain(active.owners[0]!.ic);
    for (const status of ['suspended', 'expired']) {
      const licence = await licenceWith(status);
      expect((await verify('mps', licence.displayNo)).json()).toMatchObject({
        valid: false,
        status,
      });
    }
    // A closed council's licences are still checked: the check takes no payment.
    const closed = await licenceWith('active', '2026-12-31', 'mdptn');
    expect((await verify('mdptn', closed.displayNo)).json().valid).toBe(true);
    const unknown = await verify('mps', 'LO-1999-000001');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'not_found',
      message: 'No licence matches',
      request_id: expect.any(String),
    });
  });

  test('the public check is rate limited per address', async () => {
    const browser = new TestBrowser(app, '198.51.100.201');
    const answers = [];
    for (let i = 0; i <= verificationLimit.limit; i++) {
      answers.push(await browser.get('/api/licences/verify?council=mps&licence_no=LO-1999-000001'));
    }
    expect(answers.slice(0, -1).every((answer) => answer.statusCode === 404)).toBe(true);
    const refused = answers.at(-1)!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  test('an application is found by its reference in every state, its applicant masked', async () => {
    const applications = await db()
      .select()
      .from(licenceApplications)
      .where(eq(licenceApplications.councilCode, 'mps'));
    expect(new Set(applications.map((application) => application.status)).size).toBe(5);
    for (const application of applications) {
      const response = await post('/api/licences/application', {
        council: 'mps',
        reference: application.displayReference.toLowerCase(),
      });
      expect(response.json()).toEqual({
        council: 'mps',
        reference: application.displayReference,
        kind: application.kind,
        business_name: application.businessName,
        applicant_name: expect.stringMatching(/^.{4}\*+$/),
        status: application.status,
        submitted_on: application.submittedOn,
        decided_on: application.decidedOn,
        licence_no: application.licenceNo,
        note: application.note,
        // The demo's history: received first, the application's status last.
        history: expect.arrayContaining([
          { status: 'received', on: application.submittedOn, note: null },
        ]),
      });
      expect(response.json().history.at(-1).status).toBe(application.status);
    }
    const unknown = await post('/api/licences/application', { council: 'mps', reference: 'PL-0' });
    expect(unknown.statusCode).toBe(404);
  });

  /** The renewal the licence page offers for a period, as the web app puts it in the cart. */
  async function renewalItem(licence: Awaited<ReturnType<typeof licenceWith>>, period: string) {
    const { renewal } = (await find(searchOf(licence))).json();
    const option = renewal.options.find(
      (candidate: { period: string }) => candidate.period === period,
    );
    return {
      item: {
        council: licence.councilCode,
        payment_type: 'license',
        account_no: licence.displayNo,
        amount: option.amount,
        renewal: { period },
      },
      option,
    };
  }

  const recordOf = async (id: number) => {
    const [row] = await db().select().from(bills).where(eq(bills.id, id));
    return {
      status: row!.status,
      ...(row!.details as { valid_from: string; valid_until: string }),
    };
  };

  test('a renewal is priced again at checkout; settling it makes the licence valid to the new date, once', async () => {
    const licence = await licenceWith('expired', '2025-12-31', 'mdpg');
    const { item, option } = await renewalItem(licence, 'this_year');
    expect(option).toMatchObject({
      valid_from: '2026-01-01',
      valid_until: '2026-12-31',
      months: 12,
    });

    const tampered = await post('/api/checkout', {
      items: [{ ...item, amount: item.amount - 100 }],
      payer: testPayer,
      lang: 'en',
    });
    expect(tampered.json()).toMatchObject({ error: 'cart_changed' });

    const started = await startPayment(post, [item]);
    expect(started.amount).toBe(option.amount);
    const approval = signedGatewayResponse(started.reference, started.amount);
    await gatewayPoster(app)('callback', approval);
    await gatewayPoster(app)('callback', approval);
    expect(await recordOf(licence.id)).toMatchObject({
      status: 'active',
      valid_from: '2026-01-01',
      valid_until: '2026-12-31',
    });
    const detail = (await find(searchOf(licence))).json();
    expect(detail).toMatchObject({
      status: 'active',
      valid_today: true,
      valid_until: '2026-12-31',
    });
    expect(detail.payments).toHaveLength(1);
    const [posted] = await db()
      .select({ n: count(), total: sum(ledgerEntries.amountSen) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.billId, licence.id));
    expect(posted).toMatchObject({ n: 1, total: String(option.amount) });
  });

  test('an early renewal keeps the licence valid today and extends it to the end of next year', async () => {
    const licence = await licenceWith('active', '2026-12-31', 'mdpg');
    const { item } = await renewalItem(licence, 'next_year');
    const started = await startPayment(post, [item]);
    await gatewayPoster(app)('callback', signedGatewayResponse(started.reference, started.amount));
    expect(await recordOf(licence.id)).toMatchObject({
      status: 'active',
      valid_from: '2026-01-01',
      valid_until: '2027-12-31',
    });
  });

  test('a licence whose status may not renew, or whose renewal is not yet open, cannot be checked out', async () => {
    const suspended = await licenceWith('suspended', undefined, 'mdpg');
    const refused = await post('/api/checkout', {
      items: [
        {
          council: 'mdpg',
          payment_type: 'license',
          account_no: suspended.displayNo,
          amount: 1000,
          renewal: { period: 'next_year' },
        },
      ],
      payer: testPayer,
      lang: 'en',
    });
    expect(refused.json()).toMatchObject({ error: 'license_status_not_allowed' });
    const later = await licenceWith('active', '2028-12-31', 'mdpg');
    const early = await post('/api/checkout', {
      items: [
        {
          council: 'mdpg',
          payment_type: 'license',
          account_no: later.displayNo,
          amount: 1000,
          renewal: { period: 'next_year' },
        },
      ],
      payer: testPayer,
      lang: 'en',
    });
    expect(early.json()).toMatchObject({ error: 'cart_changed' });
  });

  test('two renewals of one licence at once: one goes through, and the validity is extended once', async () => {
    const licence = await licenceWith('expired', '2025-12-31', 'mdld');
    const { item } = await renewalItem(licence, 'next_year');
    const answers = await Promise.all([
      post('/api/checkout', { items: [item], payer: testPayer, lang: 'en' }),
      post('/api/checkout', { items: [item], payer: testPayer, lang: 'en' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json();
    await post('/api/payments/handover', {
      reference: winner.reference,
      receipt_token: winner.receipt_token,
    });
    await gatewayPoster(app)('callback', signedGatewayResponse(winner.reference, winner.amount));
    expect(await recordOf(licence.id)).toMatchObject({ valid_until: '2027-12-31' });
  });

  test('a late approval of a renewal after another renewal was paid is owed back, never applied twice', async () => {
    const licence = await licenceWith('expired', '2025-12-31', 'mdld');
    const { item } = await renewalItem(licence, 'this_year');
    const first = await startPayment(post, [item]);
    // The portal gave up on the first payment (its card page timed out), freeing the licence.
    await db()
      .update(payments)
      .set({ status: 'expired' })
      .where(eq(payments.reference, first.reference));
    const second = await startPayment(post, [item]);
    await gatewayPoster(app)('callback', signedGatewayResponse(second.reference, second.amount));
    expect(await recordOf(licence.id)).toMatchObject({ valid_until: '2026-12-31' });

    await gatewayPoster(app)('callback', signedGatewayResponse(first.reference, first.amount));
    await approvedOnRequery(db(), first.reference);
    const [late] = await db()
      .select()
      .from(payments)
      .where(eq(payments.reference, first.reference));
    expect(late!.status).toBe('refund_due');
    expect(await recordOf(licence.id)).toMatchObject({
      status: 'active',
      valid_until: '2026-12-31',
    });
  });

  test("a licence valid today prints for whoever has its number and an owner's IC number, in the page's language", async () => {
    const licence = await licenceWith('active', '2026-12-31', 'mdkgu');
    const print = (body: object, lang = 'en') =>
      app().inject({
        method: 'POST',
        url: '/api/licences/print',
        payload: body,
        remoteAddress: '198.51.100.210',
        ...pageCsrf,
        headers: { ...pageCsrf.headers, 'accept-language': lang },
      });
    const ic = licence.owners[0]!.ic;
    const printed = await print({
      ...searchOf(licence),
      id_no: `${ic.slice(0, 6)}-${ic.slice(6, 8)}-${ic.slice(8)}`,
    });
    expect(printed.statusCode).toBe(200);
    expect(printed.headers['content-type']).toBe('application/pdf');
    expect(printed.headers['content-disposition']).toContain(`licence-${licence.displayNo}.pdf`);
    expect(printed.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    const wrongIc = await print({ ...searchOf(licence), id_no: '900101125678' });
    const unknown = await print({ ...searchOf(licence), licence_no: 'LO-1999-000001', id_no: ic });
    expect(wrongIc.statusCode).toBe(404);
    expect(errorBody(wrongIc)).toEqual(errorBody(unknown));

    const expired = await licenceWith('expired', '2025-12-31', 'mdkgu');
    const refused = await print({ ...searchOf(expired), id_no: expired.owners[0]!.ic });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'license_not_printable' });
    expect((await print({ ...searchOf(licence), id_no: 'abc' })).json()).toMatchObject({
      error: 'validation_failed',
      fields: { id_no: expect.any(String) },
    });
  });

  test("a licence prints with a co-owner's passport number, its type named; the same number as another type does not match", async () => {
    const licence = await licenceWith('active', '2026-12-31', 'mdktn');
    const coOwner = { name: 'Rahul Kumar', ic: 'K12345678', id_type: 'passport_id' };
    await db()
      .update(bills)
      .set({ details: { ...(licence.details as object), owners: [...licence.owners, coOwner] } })
      .where(eq(bills.id, licence.id));
    const print = (identity: object) =>
      app().inject({
        method: 'POST',
        url: '/api/licences/print',
        payload: { ...searchOf(licence), ...identity },
        remoteAddress: '198.51.100.212',
        ...pageCsrf,
      });
    const printed = await print({ id_type: 'passport_id', id_no: 'k1234 5678' });
    expect(printed.statusCode).toBe(200);
    expect(printed.headers['content-type']).toBe('application/pdf');
    expect((await print({ id_type: 'old_id', id_no: '1234567' })).statusCode).toBe(404);
    // As a MyKad the passport number breaks the MyKad rule, and says so.
    expect((await print({ id_type: 'new_id', id_no: 'K12345678' })).json()).toMatchObject({
      error: 'validation_failed',
      fields: { id_no: 'ic_length' },
    });
    // The owner is still found by the MyKad the record holds without a type.
    expect((await print({ id_no: licence.owners[0]!.ic })).statusCode).toBe(200);
  });

  test('printing is rate limited per address, so IC numbers cannot be guessed', async () => {
    const licence = await licenceWith('active', '2026-12-31', 'mdkgu');
    const answers = [];
    for (let i = 0; i <= printLimit.limit; i++) {
      answers.push(
        await app().inject({
          method: 'POST',
          url: '/api/licences/print',
          payload: { ...searchOf(licence), id_no: `90010112${String(i).padStart(4, '0')}` },
          remoteAddress: '198.51.100.211',
          ...pageCsrf,
        }),
      );
    }
    expect(answers.slice(0, -1).every((answer) => answer.statusCode === 404)).toBe(true);
    expect(answers.at(-1)!.statusCode).toBe(429);
  });

  test('a user keeps licences shown to be theirs in their digital licences, with a QR code and nothing personal', async () => {
    const { browser } = await registered();
    expect(
      (await new TestBrowser(app, '198.51.100.220').get('/api/licences/mine')).json(),
    ).toMatchObject({
      error: 'login_required',
    });
    expect((await browser.get('/api/licences/mine')).json()).toEqual({ licences: [] });

    const licence = await licenceWith('active', '2026-12-31', 'mdppr');
    const wrong = await browser.post('/api/licences/mine', {
      ...searchOf(licence),
      id_no: '900101125678',
    });
    expect(wrong.statusCode).toBe(404);
    const kept = await browser.post('/api/licences/mine', {
      ...searchOf(licence),
      id_no: licence.owners[0]!.ic,
    });
    expect(kept.statusCode).toBe(200);
    const mine = await browser.get('/api/licences/mine');
    expect(mine.json().licences).toEqual([
      expect.objectContaining({
        council: 'mdppr',
        licence_no: licence.displayNo,
        valid_today: true,
        valid_until: '2026-12-31',
        qr_svg: expect.stringMatching(/^<svg/),
      }),
    ]);
    expect(mine.body).not.toContain(licence.owners[0]!.ic);
    // Keeping it again changes nothing.
    await browser.post('/api/licences/mine', {
      ...searchOf(licence),
      id_no: licence.owners[0]!.ic,
    });
    expect((await browser.get('/api/licences/mine')).json().licences).toHaveLength(1);

    // Its holder, logged in, prints it without typing an IC number; nobody else does.
    const printed = await browser.post('/api/licences/print', searchOf(licence));
    expect(printed.statusCode).toBe(200);
    expect(printed.headers['content-type']).toBe('application/pdf');
    const other = await registered();
    expect((await other.browser.post('/api/licences/print', searchOf(licence))).statusCode).toBe(
      404,
    );
    const guest = await new TestBrowser(app, '198.51.100.221').post(
      '/api/licences/print',
      searchOf(licence),
    );
    expect(guest.json()).toMatchObject({
      error: 'validation_failed',
      fields: { id_no: 'required' },
    });
  });

  test('a licence its logged-in holder renews joins their digital licences when the payment settles', async () => {
    const { browser } = await registered();
    const licence = await licenceWith('expired', '2025-12-31', 'mdppr');
    const { item } = await renewalItem(licence, 'this_year');
    const checkout = await browser.post('/api/checkout', {
      items: [item],
      payer: testPayer,
      lang: 'en',
    });
    expect(checkout.statusCode).toBe(200);
    const { reference, receipt_token, amount } = checkout.json();
    await browser.post('/api/payments/handover', { reference, receipt_token });
    expect((await browser.get('/api/licences/mine')).json().licences).toEqual([]);
    await gatewayPoster(app)('callback', signedGatewayResponse(reference, amount));
    expect((await browser.get('/api/licences/mine')).json().licences).toEqual([
      expect.objectContaining({ licence_no: licence.displayNo, valid_today: true }),
    ]);
  });

  test("any licence's renewal form, filled in, is had with its number and an owner's IC number", async () => {
    const licence = await licenceWith('suspended', undefined, 'mdkgu');
    const form = (icNo: string) =>
      app().inject({
        method: 'POST',
        url: '/api/licences/renewal-form',
        payload: { ...searchOf(licence), id_no: icNo },
        remoteAddress: '198.51.100.230',
        ...pageCsrf,
      });
    const filled = await form(licence.owners[0]!.ic);
    expect(filled.statusCode).toBe(200);
    expect(filled.headers['content-type']).toBe('application/pdf');
    expect(filled.headers['content-disposition']).toContain(
      `renewal-form-${licence.displayNo}.pdf`,
    );
    expect((await form('900101125678')).statusCode).toBe(404);
  });

  const printFrom = (remoteAddress: string, payload: object) =>
    app().inject({
      method: 'POST',
      url: '/api/licences/print',
      payload,
      remoteAddress,
      ...pageCsrf,
    });

  test("a licence's detail, check and print show its council's logo and its premises picture", async () => {
    const logo = await storeImage(db(), checkedImage(pngOf(30, 36))!);
    const picture = await storeImage(db(), checkedImage(pngOf(64, 40))!);
    const licence = await licenceWith('active', '2026-12-31', 'mdtrn');
    await db().update(councils).set({ logoImage: logo }).where(eq(councils.code, 'mdtrn'));
    await db()
      .update(bills)
      .set({ details: { ...(licence.details as object), premises_picture: picture } })
      .where(eq(bills.id, licence.id));

    const detail = (await find(searchOf(licence))).json();
    expect(detail).toMatchObject({
      council_logo: `/api/images/${logo}`,
      premises_picture: `/api/images/${picture}`,
    });
    const shown = await app().inject(detail.premises_picture);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['cache-control']).toContain('immutable');
    expect(shown.rawPayload.equals(pngOf(64, 40))).toBe(true);

    const check = await app().inject(
      `/api/licences/verify?council=mdtrn&licence_no=${licence.displayNo}`,
    );
    expect(check.json()).toMatchObject({ council_logo: `/api/images/${logo}`, valid: true });
    expect(check.json()).not.toHaveProperty('premises_picture');

    const printed = await printFrom('198.51.100.77', {
      ...searchOf(licence),
      id_no: licence.owners[0]!.ic,
    });
    expect(imageSizesOf(printed.rawPayload)).toEqual(expect.arrayContaining(['30x36', '64x40']));
  });

  test('a council with no logo and a licence with no picture show none; the print draws a crest', async () => {
    const licence = await licenceWith('active', '2026-12-31', 'mdkb');
    await db().update(councils).set({ logoImage: null }).where(eq(councils.code, 'mdkb'));
    await db()
      .update(bills)
      .set({ details: sql`${bills.details} - 'premises_picture'` })
      .where(eq(bills.id, licence.id));

    expect((await find(searchOf(licence))).json()).toMatchObject({
      council_logo: null,
      premises_picture: null,
    });
    const print = () =>
      printFrom('198.51.100.78', { ...searchOf(licence), id_no: licence.owners[0]!.ic });
    const drawn = await print();
    expect(drawn.statusCode).toBe(200);
    const logo = await storeImage(db(), checkedImage(pngOf(30, 36))!);
    await db().update(councils).set({ logoImage: logo }).where(eq(councils.code, 'mdkb'));
    // The same licence with a logo has one picture more: the crest was drawn, not a picture.
    const pictures = imageSizesOf((await print()).rawPayload);
    expect(pictures).toContain('30x36');
    expect(pictures).toHaveLength(imageSizesOf(drawn.rawPayload).length + 1);
  });

  test('a picture that is not stored is not found; a name that is not a SHA-256 is refused', async () => {
    const unknown = await app().inject(`/api/images/${'0'.repeat(64)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found' });
    const malformed = await app().inject('/api/images/..%2F..%2Fetc%2Fpasswd');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'validation_failed' });
  });
});
