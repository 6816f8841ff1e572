import {
  assessmentBalanceOf,
  assessmentOptions,
  chooseAssessmentAmount,
} from '@portal/domain/assessments';
import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { bills, councils, paymentItems, payments } from '../../db/schema';
import {
  gatewayPoster,
  pagePoster,
  signedGatewayResponse,
  startPayment,
  testPayer,
} from '../../test/payment-fixtures';
import { useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';

/**
 * The selection rule of docs/assessment.md, as a citizen meets it: searched, chosen, paid,
 * credited, receipted. Land cess follows the assessment's rule; each test takes its own account.
 */
describeEachDatabase('paying an assessment or land cess by its selection rule', (db) => {
  const app = useTestApp(db);
  const post = pagePoster(app);
  const gatewayPost = gatewayPoster(app);

  const billOf = async (council: string, paymentType: 'assessment' | 'land_cess', no: string) =>
    (
      await db()
        .select()
        .from(bills)
        .where(
          and(
            eq(bills.councilCode, council),
            eq(bills.paymentType, paymentType),
            eq(bills.accountNo, no),
          ),
        )
    )[0]!;
  const setRates = (council: string, partialBp: number, arrearsBp: number) =>
    db()
      .update(councils)
      .set({ assessmentPartialDiscountBp: partialBp, assessmentArrearsDiscountBp: arrearsBp })
      .where(eq(councils.code, council));
  const search = async (council: string, paymentType: string, query: string) => {
    const answer = await post('/api/search', { council, payment_type: paymentType, query });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const pay = async (item: object) => {
    const { reference, amount, receipt_token } = await startPayment(post, [item]);
    const callback = await gatewayPost('callback', signedGatewayResponse(reference, amount));
    expect(callback.body).toBe('RECEIVEOK');
    const receipt = await post('/api/receipts/find', { reference, receipt_token });
    expect(receipt.statusCode).toBe(200);
    const [payment] = await db().select().from(payments).where(eq(payments.reference, reference));
    const [line] = await db()
      .select()
      .from(paymentItems)
      .where(eq(paymentItems.paymentId, payment!.id));
    return { receipt: receipt.json(), line: line! };
  };

  test('a land cess is found with its council’s selections; a partial payment earns the minimum special discount, credited to the assessed year', async () => {
    await setRates('mpt', 5000, 0);
    const bill = await billOf('mpt', 'land_cess', 'LC02000211');
    const balance = assessmentBalanceOf(bill.details);
    const found = await search('mpt', 'land_cess', 'lc02000211');
    expect(found.payment_type).toBe('land_cess');
    expect(found.assessment_rates).toEqual({ partial_discount_bp: 5000, arrears_discount_bp: 0 });
    const full = found.assessment_options.find(
      (o: { selection: string }) => o.selection === 'full',
    );
    expect(full).toMatchObject({
      minimum: bill.amountDueSen,
      discount: balance.specialDiscountSen,
      paid_until: `${balance.assessedYear}/4`,
    });

    const amountSen = 2_000;
    const expected = chooseAssessmentAmount(balance, 'partial', amountSen);
    expect(expected).toMatchObject({ ok: true, paidUntil: `${balance.assessedYear}/4` });
    if (!expected.ok) return;
    expect(expected.discountSen).toBeGreaterThan(0);
    const { receipt, line } = await pay({
      council: 'mpt',
      payment_type: 'land_cess',
      account_no: bill.displayNo,
      amount: amountSen,
      selection: 'partial',
    });
    expect(line).toMatchObject({ amountSen, discountSen: expected.discountSen, taxSen: 0 });
    expect(receipt.items[0]).toMatchObject({
      payment_type: 'land_cess',
      amount: amountSen,
      discount: expected.discountSen,
      tax: 0,
      paid_until: `${balance.assessedYear}/4`,
    });

    // Credited amount + discount, arrears first; the discount comes out of the year's.
    const after = await billOf('mpt', 'land_cess', 'LC02000211');
    const credit = amountSen + expected.discountSen;
    expect(after.details).toMatchObject({
      arrears_sen: balance.arrearsSen - credit,
      current_sen: balance.currentSen,
      special_discount_sen: balance.specialDiscountSen - expected.discountSen,
    });
    expect(after.amountDueSen).toBe(bill.amountDueSen - credit + expected.discountSen);
    expect(after.status).toBe('unpaid');
  });

  test('a council’s arrears waiver is selection 2’s special discount; the arrears at face value are refused', async () => {
    await setRates('mps', 5000, 1000);
    const bill = await billOf('mps', 'assessment', 'A01000137');
    const balance = assessmentBalanceOf(bill.details);
    const waiver = Math.floor(balance.arrearsSen / 10);
    expect(waiver).toBeGreaterThan(0);
    const found = await search('mps', 'assessment', 'A01000137');
    expect(
      found.assessment_options.find((o: { selection: string }) => o.selection === 'arrears'),
    ).toEqual({
      selection: 'arrears',
      code: 2,
      minimum: balance.arrearsSen - waiver,
      maximum: balance.arrearsSen - waiver,
      paid_until: `${balance.assessedYear - 1}/4`,
      discount: waiver,
    });

    const item = {
      council: 'mps',
      payment_type: 'assessment',
      account_no: bill.displayNo,
      selection: 'arrears',
    };
    const atFace = await post('/api/checkout', {
      items: [{ ...item, amount: balance.arrearsSen }],
      payer: testPayer,
      lang: 'en',
    });
    expect(atFace.json()).toMatchObject({ error: 'cart_changed' });

    const { line, receipt } = await pay({ ...item, amount: balance.arrearsSen - waiver });
    expect(line).toMatchObject({ discountSen: waiver });
    expect(receipt.items[0]).toMatchObject({
      discount: waiver,
      paid_until: `${balance.assessedYear - 1}/4`,
    });
    const after = await billOf('mps', 'assessment', 'A01000137');
    expect(after.details).toMatchObject({ arrears_sen: 0, current_sen: balance.currentSen });
    // What is left is this year's tax, whose full payment keeps its special discount.
    const left = assessmentOptions(assessmentBalanceOf(after.details), {
      partialDiscountBp: 5000,
      arrearsDiscountBp: 1000,
    });
    expect(left.at(-1)).toMatchObject({
      selection: 'full',
      minimumSen: balance.currentSen - Math.min(balance.specialDiscountSen, balance.currentSen),
    });
  });
});
