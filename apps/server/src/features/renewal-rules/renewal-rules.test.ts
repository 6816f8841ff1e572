import { and, desc, eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { auditLog, bills, paymentItems, payments } from '../../db/schema';
import { staffLoggedIn, steppingClock } from '../../test/office-staff';
import { pagePoster, startPayment, testPayer } from '../../test/payment-fixtures';
import { errorBody, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';

const dayMs = 24 * 60 * 60 * 1000;
const name = (en: string) => ({ ms: `${en} (ms)`, en, zh: `${en}（中文）` });

describeEachDatabase('licence renewal rules', (db) => {
  // 10:00 in Sabah on 25 November 2026; each test moves on, never back (app codes work once).
  const { clock, later, nextStep } = steppingClock('2026-11-25T02:00:00Z');
  const app = useTestApp(db, { clock });
  const post = pagePoster(app);
  const today = () => new Date(clock().getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const dayAfter = (day: string, days = 1) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

  type Browser = Awaited<ReturnType<typeof staffLoggedIn>>;
  const rulesOf = async (staff: Browser, council = 'mps') => {
    const response = await staff.get(`/api/office/renewal-rules?council=${council}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** The rules as read, changed by `change`, sent with the version they were read at. */
  const changed = async (staff: Browser, change: object, council = 'mps') => {
    const read = await rulesOf(staff, council);
    return staff.put('/api/office/renewal-rules', { ...read, ...change });
  };
  const auditRows = () =>
    db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'renewal_rules_changed'))
      .orderBy(desc(auditLog.id));

  /** The `index`th expired licence of a council that ran out at the end of 2025. */
  async function expiredLicence(council: string, index: number) {
    const rows = await db()
      .select()
      .from(bills)
      .where(
        and(
          eq(bills.councilCode, council),
          eq(bills.paymentType, 'license'),
          eq(bills.status, 'expired'),
          sql`${bills.details}->>'valid_until' = '2025-12-31'`,
        ),
      )
      .orderBy(bills.id);
    const licence = rows[index];
    if (!licence) throw new Error(`no expired licence ${index} at ${council}`);
    const details = licence.details as { category: string; monthly_fee_sen: number };
    return { ...licence, ...details };
  }
  const renewalOf = async (licence: Awaited<ReturnType<typeof expiredLicence>>) => {
    const response = await post('/api/licences/find', {
      council: licence.councilCode,
      category: licence.category,
      licence_no: licence.displayNo,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().renewal;
  };

  test('a council admin reads the rules and replaces them; the change is audited with what it replaced', async () => {
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const before = await rulesOf(admin);
    expect(before).toMatchObject({
      council: 'mps',
      version: 1,
      process_fee_sen: 1000,
      early_renewal_days: 60,
      renewable_statuses: ['active', 'expired', 'approved'],
    });
    // The demo's Covid-19 reduction is on the books, long past.
    expect(before.reductions).toEqual([
      expect.objectContaining({ method: 'percentage', percent: 20, to: '2021-12-31' }),
    ]);

    const reductions = [
      {
        name: name('This month'),
        method: 'percentage',
        percent: 20,
        from: '2026-11-01',
        to: '2026-11-30',
      },
      {
        name: name('December'),
        method: 'direct',
        amount_sen: 5000,
        from: '2026-12-01',
        to: '2026-12-31',
      },
    ];
    const response = await changed(admin, {
      process_fee_sen: 1500,
      early_renewal_days: 90,
      renewable_statuses: ['active', 'expired'],
      reductions,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      council: 'mps',
      version: 2,
      process_fee_sen: 1500,
      early_renewal_days: 90,
      renewable_statuses: ['active', 'expired'],
      reductions,
    });
    expect(await rulesOf(admin)).toEqual(response.json());

    const [entry] = await auditRows();
    expect(entry).toMatchObject({
      actor: 'admin.mps@staff.portal.test',
      councilCode: 'mps',
      target: 'mps',
      detail: {
        version: 2,
        was_version: 1,
        process_fee_sen: 1500,
        was_process_fee_sen: 1000,
        early_renewal_days: 90,
        was_early_renewal_days: 60,
        renewable_statuses: 'active,expired',
        was_renewable_statuses: 'active,expired,approved',
      },
    });
    expect(JSON.parse(entry!.detail.reductions as string)).toEqual(reductions);
    expect(JSON.parse(entry!.detail.was_reductions as string)).toEqual(before.reductions);

    // Back as it was, for the tests after.
    const back = await changed(admin, {
      process_fee_sen: before.process_fee_sen,
      early_renewal_days: before.early_renewal_days,
      renewable_statuses: before.renewable_statuses,
      reductions: [],
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  test('a reduction in force for one day prices that day only; checkout prices again on the day', async () => {
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const day = dayAfter(today());
    const set = await changed(admin, {
      reductions: [
        { name: name('One day only'), method: 'percentage', percent: 50, from: day, to: day },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    const paid = await expiredLicence('mps', 0);
    const carted = await expiredLicence('mps', 1);
    const fee = (licence: { monthly_fee_sen: number }) => 12 * licence.monthly_fee_sen;

    const before = await renewalOf(paid);
    expect(before.reduction_label).toBeNull();
    expect(before.options[0]).toMatchObject({ period: 'this_year', reduction: 0 });

    later(dayMs);
    expect(today()).toBe(day);
    const on = await renewalOf(paid);
    expect(on.reduction_label).toEqual(name('One day only'));
    expect(on.options[0]).toMatchObject({
      licence_fee: fee(paid),
      reduction: Math.floor(fee(paid) / 2),
      amount: fee(paid) + 1000 - Math.floor(fee(paid) / 2),
    });
    const item = (licence: typeof paid, amount: number) => ({
      council: 'mps',
      payment_type: 'license',
      account_no: licence.displayNo,
      amount,
      renewal: { period: 'this_year' },
    });
    const started = await startPayment(post, [item(paid, on.options[0].amount)]);
    const [line] = await db()
      .select({ discountSen: paymentItems.discountSen, details: paymentItems.details })
      .from(paymentItems)
      .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
      .where(eq(payments.reference, started.reference));
    expect(line!.discountSen).toBe(Math.floor(fee(paid) / 2));
    expect(line!.details).toMatchObject({ renewal: { reduction_name: name('One day only') } });
    const receipt = await post('/api/receipts/find', {
      reference: started.reference,
      receipt_token: started.receipt_token,
    });
    expect(receipt.json().items[0]).toMatchObject({
      discount: Math.floor(fee(paid) / 2),
      discount_name: name('One day only'),
    });
    const cartedOn = (await renewalOf(carted)).options[0].amount;

    // A cart priced yesterday under the reduction is refused the day after it ended.
    later(dayMs);
    const after = await renewalOf(carted);
    expect(after.reduction_label).toBeNull();
    expect(after.options[0].reduction).toBe(0);
    const refused = await post('/api/checkout', {
      items: [item(carted, cartedOn)],
      payer: testPayer,
      lang: 'en',
    });
    expect(errorBody(refused).error).toBe('cart_changed');
  });

  test('a direct reduction takes its amount off the licence fee, never below zero; the state admin sets it for any council', async () => {
    const admin = await staffLoggedIn(app, '_admin', nextStep());
    const licence = await expiredLicence('mpt', 0);
    const fee = 12 * licence.monthly_fee_sen;
    const direct = (amount_sen: number) =>
      changed(
        admin,
        {
          reductions: [
            { name: name('Fixed'), method: 'direct', amount_sen, from: today(), to: today() },
          ],
        },
        'mpt',
      );
    expect((await direct(5000)).statusCode).toBe(200);
    expect((await renewalOf(licence)).options[0]).toMatchObject({
      reduction: 5000,
      amount: fee + 1000 - 5000,
    });
    expect((await direct(fee + 100_000)).statusCode).toBe(200);
    expect((await renewalOf(licence)).options[0]).toMatchObject({
      licence_fee: fee,
      reduction: fee,
      amount: 1000,
    });
    expect((await changed(admin, { reductions: [] }, 'mpt')).statusCode).toBe(200);
  });

  test('overlapping reductions are refused with their own code, and nothing changes', async () => {
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const before = await rulesOf(admin);
    const audited = (await auditRows()).length;
    const refused = await changed(admin, {
      reductions: [
        {
          name: name('A'),
          method: 'percentage',
          percent: 10,
          from: '2027-01-01',
          to: '2027-01-31',
        },
        {
          name: name('B'),
          method: 'direct',
          amount_sen: 100,
          from: '2027-02-01',
          to: '2027-02-28',
        },
        { name: name('C'), method: 'percentage', percent: 5, from: '2027-01-31', to: '2027-01-31' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused).error).toBe('reductions_overlap');
    expect(await rulesOf(admin)).toEqual(before);
    expect(await auditRows()).toHaveLength(audited);
  });

  test('bad input is refused field by field, and nothing changes', async () => {
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const before = await rulesOf(admin);
    const audited = (await auditRows()).length;
    const good = {
      name: name('Good'),
      method: 'percentage',
      percent: 10,
      from: '2027-01-01',
      to: '2027-01-31',
    };
    const cases: [object, string, string][] = [
      [{ process_fee_sen: -1 }, 'process_fee_sen', 'amount_invalid'],
      [{ process_fee_sen: 12.5 }, 'process_fee_sen', 'amount_invalid'],
      [{ early_renewal_days: 367 }, 'early_renewal_days', 'days_invalid'],
      [{ renewable_statuses: ['active', 'renewable'] }, 'renewable_statuses.1', 'code_invalid'],
      [{ reductions: [{ ...good, percent: 0 }] }, 'reductions.0.percent', 'whole_percent_invalid'],
      [
        { reductions: [{ ...good, percent: 101 }] },
        'reductions.0.percent',
        'whole_percent_invalid',
      ],
      [
        { reductions: [{ ...good, method: 'direct', percent: undefined, amount_sen: 0 }] },
        'reductions.0.amount_sen',
        'amount_invalid',
      ],
      [{ reductions: [{ ...good, to: '2026-12-31' }] }, 'reductions.0.to', 'end_before_start'],
      [{ reductions: [{ ...good, from: '2027-02-30' }] }, 'reductions.0.from', 'date_invalid'],
      [
        { reductions: [{ ...good, name: { ...good.name, zh: ' ' } }] },
        'reductions.0.name.zh',
        'required',
      ],
      [{ reductions: [{ ...good, method: 'waiver' }] }, 'reductions.0.method', 'required'],
    ];
    for (const [change, field, key] of cases) {
      const refused = await changed(admin, change);
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorBody(refused), JSON.stringify(change)).toMatchObject({
        error: 'validation_failed',
        fields: { [field]: key },
      });
    }
    expect(await rulesOf(admin)).toEqual(before);
    expect(await auditRows()).toHaveLength(audited);
  });

  test('two changes sent at once from the same version: exactly one lands, the other is told the rules changed', async () => {
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const other = await staffLoggedIn(app, '_admin', nextStep());
    const before = await rulesOf(admin);
    const answers = await Promise.all([
      admin.put('/api/office/renewal-rules', { ...before, process_fee_sen: 1100 }),
      other.put('/api/office/renewal-rules', { ...before, process_fee_sen: 1200 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409)!;
    expect(errorBody(loser).error).toBe('rules_changed');
    const winner = answers.find((answer) => answer.statusCode === 200)!.json();
    const now = await rulesOf(admin);
    expect(now).toEqual(winner);
    expect(now.version).toBe(before.version + 1);
    const entries = (await auditRows()).filter(
      (entry) => entry.detail.was_version === before.version,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.detail.process_fee_sen).toBe(now.process_fee_sen);

    // A change read before the last one is refused the same way, later too.
    const stale = await admin.put('/api/office/renewal-rules', before);
    expect(stale.statusCode).toBe(409);
    expect(errorBody(stale).error).toBe('rules_changed');
    expect(await rulesOf(admin)).toEqual(now);
  });

  test("a council admin cannot read or change another council's rules, nor can an officer change them", async () => {
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const state = await staffLoggedIn(app, '_admin', nextStep());
    const mpt = await rulesOf(state, 'mpt');
    const read = await admin.get('/api/office/renewal-rules?council=mpt');
    expect(read.statusCode).toBe(403);
    const write = await admin.put('/api/office/renewal-rules', { ...mpt, process_fee_sen: 1 });
    expect(write.statusCode).toBe(403);
    expect(errorBody(write).error).toBe('forbidden');

    const officer = await staffLoggedIn(app, 'officer', nextStep());
    const mps = await rulesOf(admin);
    const refused = await officer.put('/api/office/renewal-rules', { ...mps, process_fee_sen: 1 });
    expect(refused.statusCode).toBe(403);
    expect(await rulesOf(state, 'mpt')).toEqual(mpt);
    expect(await rulesOf(admin)).toEqual(mps);
  });
});
