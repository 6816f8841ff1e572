import { enquiryAnswers, requestSignature } from '@portal/gateway-protocol/ipay88';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { bills, ledgerEntries, mailMessages, paymentEvents, payments } from '../../db/schema';
import { createGatewayClient, readEnquiryAnswer } from '../../gateway/gateway-client';
import {
  billPicker,
  cartItemFor,
  gatewayPoster,
  pagePoster,
  signedGatewayResponse,
  startPayment,
  testPayer,
} from '../../test/payment-fixtures';
import { useTestApp } from '../../test/test-app';
import { testGatewaySettings } from '../../test/test-gateway-settings';
import { describeEachDatabase, testPersonalData } from '../../test/test-databases';
import { loadConfig } from '../../config';
import { reconcilePayments } from './reconcile-payments';

describeEachDatabase('paying a cart through the gateway', (db) => {
  const app = useTestApp(db);
  const pickBill = billPicker(db);
  const post = pagePoster(app);
  const checkout = (items: object[], payer: object = testPayer) =>
    post('/api/checkout', { items, payer, lang: 'en' });
  const gatewayPost = gatewayPoster(app);
  const paymentRow = async (reference: string) =>
    (await db().select().from(payments).where(eq(payments.reference, reference)))[0]!;
  const ledgerCount = async (paymentId: number) =>
    (
      await db()
        .select({ n: count() })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.paymentId, paymentId))
    )[0]!.n;

  test('checkout re-prices the cart and holds its bills; the handover signs the gateway form and puts the payment in progress', async () => {
    const [first, second] = [await pickBill(), await pickBill('ticket')];
    const response = await checkout([cartItemFor(first), cartItemFor(second)]);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.reference).toMatch(/^A10-\d{8}-\d{6}-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(answer.amount).toBe(first.amountDueSen + second.amountDueSen);
    expect(answer).not.toHaveProperty('gateway');
    const created = await paymentRow(answer.reference);
    expect(created).toMatchObject({ status: 'created', channel: 'A10', mode: 'ECOMMERCE' });
    // The token is the browser's alone: only its hash is stored.
    expect(created.receiptTokenHash).not.toContain(answer.receipt_token);
    // The consenting person's IC number is stored encrypted.
    expect(created.consentIcNo).not.toContain(testPayer.id_no);
    expect(testPersonalData.decrypt(created.consentIcNo)).toBe(testPayer.id_no);

    const handover = await post('/api/payments/handover', {
      reference: answer.reference,
      receipt_token: answer.receipt_token,
    });
    expect(handover.statusCode).toBe(200);
    const { gateway, status, release_at } = handover.json();
    expect(status).toBe('in_progress');
    expect(gateway.action).toBe('http://gateway.test/epayment/entry.asp');
    expect(gateway.fields).toMatchObject({
      MerchantCode: 'TEST01',
      RefNo: answer.reference,
      Currency: 'MYR',
      PaymentId: '2',
      ResponseURL: 'http://portal.test/api/payments/return',
      BackendURL: 'http://portal.test/api/payments/callback',
    });
    expect(gateway.fields.Signature).toBe(requestSignature(testGatewaySettings, gateway.fields));
    const inProgress = await paymentRow(answer.reference);
    expect(inProgress).toMatchObject({ status: 'in_progress', handovers: 1 });
    // Held until the card page (15 minutes) has timed out, plus the 5-minute margin.
    expect(new Date(release_at).getTime() - inProgress.handedOverAt!.getTime()).toBe(20 * 60_000);
  });

  test('a guest with a passport, not a MyKad, pays: the number kept encrypted with its type, the name asked once', async () => {
    const bill = await pickBill('ticket');
    const foreignWorker = {
      full_name: 'Rahul Kumar a/l Subramaniam',
      email: 'rahul.kumar@example.com',
      phone: '011-2345 6789',
      id_type: 'passport_id',
      id_no: 'k1234 5678',
    };
    const { reference, amount } = await startPayment(post, [cartItemFor(bill)], foreignWorker);
    const callback = await gatewayPost('callback', signedGatewayResponse(reference, amount));
    expect(callback.body).toBe('RECEIVEOK');
    const paid = await paymentRow(reference);
    expect(paid).toMatchObject({
      status: 'successful',
      payerName: foreignWorker.full_name,
      consentName: foreignWorker.full_name,
      consentIdType: 'passport_id',
    });
    expect(paid.consentIcNo).not.toContain('K12345678');
    expect(testPersonalData.decrypt(paid.consentIcNo)).toBe('K12345678');
    // A passport number is not a MyKad: the MyKad rule would have refused it.
    const asMyKad = await checkout([cartItemFor(await pickBill('ticket'))], {
      ...foreignWorker,
      id_type: 'new_id',
    });
    expect(asMyKad.json()).toMatchObject({
      error: 'validation_failed',
      fields: { id_no: 'ic_length' },
    });
  });

  test('an approval settles the payment once: the bill is paid, posted to the ledger, the receipt queued', async () => {
    const bill = await pickBill();
    const { reference, amount } = await startPayment(post, [cartItemFor(bill)]);
    const approval = signedGatewayResponse(reference, amount);

    const returned = await gatewayPost('return', approval);
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(`/#/confirmation?reference=${reference}`);
    for (let repeat = 0; repeat < 2; repeat++) {
      const callback = await gatewayPost('callback', approval);
      expect(callback.body).toBe('RECEIVEOK');
    }
    const payment = await paymentRow(reference);
    expect(payment).toMatchObject({
      status: 'successful',
      gatewayAuthCode: '123456',
      reviewReason: null,
    });
    expect(await ledgerCount(payment.id)).toBe(1);
    const [paidBill] = await db().select().from(bills).where(eq(bills.id, bill.id));
    expect(paidBill).toMatchObject({ amountDueSen: 0, status: 'paid' });
    const mails = await db()
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.paymentId, payment.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'receipt', recipient: testPayer.email });

    const search = await post('/api/search', {
      council: 'mps',
      payment_type: bill.paymentType,
      query: bill.displayNo,
    });
    expect(search.json()).toMatchObject({ amount_due: 0, status: 'paid' });
  });

  test('a message the gateway did not sign is refused before anything is stored, and counted', async () => {
    const bill = await pickBill();
    const { reference, amount } = await startPayment(post, [cartItemFor(bill)]);
    // A signed approval for the wrong amount is kept, and flags the payment for an officer.
    await gatewayPost('callback', signedGatewayResponse(reference, amount - 1));
    const flagged = await paymentRow(reference);
    expect(flagged).toMatchObject({ status: 'in_progress', reviewReason: 'amount_mismatch' });
    const eventsBefore = (await db().select({ n: count() }).from(paymentEvents))[0]!.n;

    const forgeries = [
      signedGatewayResponse(reference, amount, { Signature: 'ab'.repeat(64) }),
      signedGatewayResponse(reference, amount, { MerchantCode: 'OTHER' }),
      signedGatewayResponse(
        reference,
        amount,
        {},
        { ...testGatewaySettings, merchantKey: 'guess' },
      ),
      { RefNo: reference, Status: '1', Amount: 'lots' },
    ];
    for (let round = 0; round < 25; round++) {
      for (const forged of forgeries) {
        const callback = await gatewayPost('callback', forged);
        expect(callback.body).toBe('NOT ACCEPTED');
        const returned = await gatewayPost('return', forged);
        expect(returned.headers.location).toBe(`/#/confirmation?reference=${reference}`);
      }
    }
    const oversized = await gatewayPost('callback', {
      ...signedGatewayResponse(reference, amount),
      Remark: 'x'.repeat(10_000),
    });
    expect(oversized.statusCode).toBe(413);

    expect((await db().select({ n: count() }).from(paymentEvents))[0]!.n).toBe(eventsBefore);
    expect(await paymentRow(reference)).toEqual(flagged);
    expect(await ledgerCount(flagged.id)).toBe(0);
    const refused = await app()
      .metrics.getSingleMetric('portal_gateway_messages_refused_total')!
      .get();
    const total = (reason: string) =>
      refused.values
        .filter((value) => value.labels.reason === reason)
        .reduce((sum, value) => sum + value.value, 0);
    expect(total('bad_signature')).toBe(100);
    expect(total('wrong_merchant')).toBe(50);
    expect(total('malformed')).toBe(50);
  });

  test('a decline fails the payment and frees the bill for another try', async () => {
    const bill = await pickBill();
    const { reference, amount } = await startPayment(post, [cartItemFor(bill)]);
    await gatewayPost('return', signedGatewayResponse(reference, amount, { approved: false }));
    expect(await paymentRow(reference)).toMatchObject({
      status: 'failed',
      failureReason: 'Card declined',
    });
    expect((await checkout([cartItemFor(bill)])).statusCode).toBe(200);
  });

  test('no sequence of duplicated, reordered or forged messages pays twice, pays a wrong amount or loses a payment', async () => {
    const message = fc.record({
      path: fc.constantFrom('return' as const, 'callback' as const),
      kind: fc.constantFrom('approve', 'decline', 'forged', 'wrong_amount', 'other_reference'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 6 }), async (messages) => {
        const bill = await pickBill();
        const { reference, amount } = await startPayment(post, [cartItemFor(bill)]);
        for (const { path, kind } of messages) {
          const fields =
            kind === 'approve'
              ? signedGatewayResponse(reference, amount)
              : kind === 'decline'
                ? signedGatewayResponse(reference, amount, { approved: false })
                : kind === 'forged'
                  ? signedGatewayResponse(reference, amount, { Signature: 'cd'.repeat(64) })
                  : kind === 'wrong_amount'
                    ? signedGatewayResponse(reference, amount + 100)
                    : signedGatewayResponse('A10-19990101-999999', amount);
          await gatewayPost(path, fields);
        }
        const payment = await paymentRow(reference);
        // The gateway's approval wins, even after a decline: nobody else took the bill meanwhile.
        const expected = messages.some(({ kind }) => kind === 'approve')
          ? 'successful'
          : messages.some(({ kind }) => kind === 'decline')
            ? 'failed'
            : 'in_progress';
        expect(payment.status).toBe(expected);
        expect(await ledgerCount(payment.id)).toBe(expected === 'successful' ? 1 : 0);
        const [after] = await db().select().from(bills).where(eq(bills.id, bill.id));
        expect(after!.amountDueSen).toBe(expected === 'successful' ? 0 : bill.amountDueSen);
      }),
      { numRuns: 12 },
    );
  });

  test('the reconciliation job settles a payment the gateway approved and expires an abandoned one once its card page has timed out', async () => {
    const [approvedBill, abandonedBill] = [await pickBill(), await pickBill()];
    const approved = await startPayment(post, [cartItemFor(approvedBill)]);
    const abandoned = await startPayment(post, [cartItemFor(abandonedBill)]);
    const gateway = {
      ...createGatewayClient(testGatewaySettings),
      enquire: async (reference: string, amountSen: number) =>
        readEnquiryAnswer(
          reference,
          amountSen,
          reference === approved.reference ? enquiryAnswers.paid : enquiryAnswers.notFound,
        ),
    };
    const timings = loadConfig({ NODE_ENV: 'test' }).paymentTimings;
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    await reconcilePayments(db(), gateway, timings, later);
    // iPay88's requery names no transaction and no card.
    expect(await paymentRow(approved.reference)).toMatchObject({
      status: 'successful',
      gatewayTransId: null,
      cardBrand: null,
    });
    expect((await paymentRow(abandoned.reference)).status).toBe('expired');

    // The gateway's callback, delayed, names the transaction the requery told of: one charge.
    const callback = await gatewayPost(
      'callback',
      signedGatewayResponse(approved.reference, approved.amount, { TransId: 'T000000777' }),
    );
    expect(callback.body).toBe('RECEIVEOK');
    const named = await paymentRow(approved.reference);
    expect(named).toMatchObject({
      status: 'successful',
      gatewayTransId: 'T000000777',
      cardBrand: 'visa',
      cardMasked: '411111xxxxxx1111',
      reviewReason: null,
    });
    expect(await ledgerCount(named.id)).toBe(1);
    // A different transaction after that is another charge, for an officer.
    await gatewayPost(
      'callback',
      signedGatewayResponse(approved.reference, approved.amount, { TransId: 'T000000778' }),
    );
    expect(await paymentRow(approved.reference)).toMatchObject({
      reviewReason: 'second_approval',
      reviewTransId: 'T000000778',
    });
  });
});
