import { openStatuses } from '@portal/domain/payment-status';
import { count, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { loadConfig } from '../../config';
import type { Database } from '../../db/database';
import {
  bills,
  ledgerEntries,
  mailMessages,
  paymentEvents,
  paymentItems,
  payments,
  refunds,
} from '../../db/schema';
import { FakeGateway } from '../../test/fake-gateway';
import {
  billPicker,
  cartItemFor,
  gatewayPoster,
  pagePoster,
  signedGatewayResponse,
  startPayment,
  testPayer,
} from '../../test/payment-fixtures';
import { buildTestApp, pageCsrf, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';
import { reconcilePayments } from './reconcile-payments';
import { resolveReview } from './review-payment';

const timings = loadConfig({ NODE_ENV: 'test' }).paymentTimings;
const minutes = (n: number) => n * 60_000;

/**
 * A suite's world: a portal on its own clock, with a gateway whose card pages and requery answers
 * the tests drive.
 */
function paymentWorld(db: () => Database) {
  let clock = new Date('2026-11-24T02:00:00Z');
  const now = () => clock;
  const gateway = new FakeGateway(now);
  const app = useTestApp(db, { clock: now, gateway: gateway.client() });
  return {
    now,
    advance(ms: number) {
      clock = new Date(clock.getTime() + ms);
    },
    gateway,
    pickBill: billPicker(db),
    post: pagePoster(app),
    gatewayPost: gatewayPoster(app),
    runJob: () => reconcilePayments(db(), gateway.client(), timings, clock),
  };
}

describeEachDatabase('a payment from checkout to its end', (db) => {
  const { now, advance, gateway, pickBill, post, gatewayPost, runJob } = paymentWorld(db);
  const paymentRow = async (reference: string) =>
    (await db().select().from(payments).where(eq(payments.reference, reference)))[0]!;
  /** Checks out and goes to the gateway's card page, as a payer does. */
  const goToCardPage = async (items: object[], payer: object = testPayer) => {
    const started = await startPayment(post, items, payer);
    gateway.open(started.reference);
    return started;
  };
  const mailsOf = async (paymentId: number) =>
    db().select().from(mailMessages).where(eq(mailMessages.paymentId, paymentId));

  test.each(['callback', 'return', 'requery'] as const)(
    'an approval that arrives by %s after the portal closed the payment settles it when its bills are still free',
    async (path) => {
      const bill = await pickBill();
      const { reference, amount, receipt_token } = await goToCardPage([cartItemFor(bill)]);
      expect((await post('/api/payments/cancel', { reference, receipt_token })).json()).toEqual({
        status: 'cancelled',
      });
      // The card page was still open; the payer completes it anyway.
      const approval = gateway.submitCard(reference, amount, true)!;
      if (path === 'requery') {
        advance(minutes(21));
        await runJob();
      } else {
        await gatewayPost(path, approval);
      }
      const paid = await paymentRow(reference);
      // iPay88's requery names no card: only a signed message does.
      expect(paid).toMatchObject({
        status: 'successful',
        cardBrand: path === 'requery' ? null : 'mastercard',
      });
      expect(await ledgerOf(db(), bill.id)).toEqual([amount]);
      expect((await mailsOf(paid.id)).map((mail) => mail.kind)).toEqual(['receipt']);
    },
  );

  test('an approval that arrives after another payer paid the bills is owed back once the gateway confirms it, never paid twice', async () => {
    const bill = await pickBill();
    const first = await goToCardPage([cartItemFor(bill)]);
    // Declined: the bills go free, and someone else pays them.
    await gatewayPost('return', gateway.submitCard(first.reference, first.amount, false)!);
    const second = await goToCardPage([cartItemFor(bill)], {
      ...testPayer,
      email: 'ali@example.com',
    });
    await gatewayPost('callback', gateway.submitCard(second.reference, second.amount, true)!);
    // The first payer goes back to the gateway's page and pays with another card.
    gateway.open(first.reference);
    const late = gateway.submitCard(first.reference, first.amount, true)!;
    const answer = await gatewayPost('callback', late);
    expect(answer.body).toBe('RECEIVEOK');
    await gatewayPost('return', late);

    // A message a browser can carry owes nothing by itself: the job asks the gateway at once.
    const waiting = await paymentRow(first.reference);
    expect(waiting).toMatchObject({ status: 'failed', requeryAfter: now() });
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, waiting.id))).toEqual([]);
    await runJob();

    const owed = await paymentRow(first.reference);
    expect(owed).toMatchObject({ status: 'refund_due', gatewayTransId: late.TransId });
    const owedBack = await db().select().from(refunds).where(eq(refunds.paymentId, owed.id));
    expect(owedBack).toEqual([
      expect.objectContaining({
        amountSen: first.amount,
        gatewayTransId: late.TransId,
        reason: 'bills_paid_meanwhile',
        status: 'due',
      }),
    ]);
    expect((await mailsOf(owed.id)).map((mail) => mail.kind)).toEqual(['refund_due']);
    expect(await ledgerOf(db(), bill.id)).toEqual([second.amount]);
    const receipt = await post('/api/receipts/find', {
      reference: first.reference,
      receipt_token: first.receipt_token,
    });
    expect(receipt.json()).toMatchObject({
      status: 'refund_due',
      refunds: [{ amount: first.amount, status: 'due', kind: 'owed_back' }],
    });

    // Replayed under other transaction ids, the same approval owes nothing more.
    for (const n of [1, 2, 3]) {
      const replay = signedGatewayResponse(first.reference, first.amount, {
        TransId: `T88800000${n}`,
      });
      await gatewayPost('return', replay);
      await gatewayPost('callback', replay);
      await runJob();
    }
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, owed.id))).toHaveLength(1);
    expect((await mailsOf(owed.id)).map((mail) => mail.kind)).toEqual(['refund_due']);
  });

  test("a payment pending at the payer's bank holds its bills, and the payer cannot cancel or start again, until the bank decides", async () => {
    const bill = await pickBill();
    const { reference, amount, receipt_token } = await goToCardPage([cartItemFor(bill)]);
    const pending = gateway.submitCard(reference, amount, 'pending')!;
    const returned = await gatewayPost('return', pending);
    expect(returned.headers.location).toBe(`/#/confirmation?reference=${reference}`);
    expect((await gatewayPost('callback', pending)).body).toBe('RECEIVEOK');
    const waiting = await paymentRow(reference);
    expect(waiting).toMatchObject({ status: 'pending' });
    // A card's bank decides within its page's time: the hold runs that long from now.
    expect(waiting.releaseAt!.getTime()).toBe(now().getTime() + minutes(20));

    advance(minutes(10));
    expect((await runJob()).pending).toBe(1);
    expect(await paymentRow(reference)).toMatchObject({ status: 'pending' });
    for (const action of ['cancel', 'handover']) {
      const answer = await post(`/api/payments/${action}`, { reference, receipt_token });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error).toBe('payment_pending_at_bank');
    }
    const other = await post('/api/checkout', {
      items: [cartItemFor(bill)],
      payer: testPayer,
      lang: 'en',
    });
    expect(other.json().error).toBe('payment_in_progress');

    // The bank approves; the gateway's backend post says so.
    const decided = gateway.decide(reference, amount, true);
    expect((await gatewayPost('callback', decided)).body).toBe('RECEIVEOK');
    const paid = await paymentRow(reference);
    expect(paid).toMatchObject({ status: 'successful', gatewayTransId: decided.TransId });
    expect(await ledgerOf(db(), bill.id)).toEqual([amount]);
    expect((await mailsOf(paid.id)).map((mail) => mail.kind)).toEqual(['receipt']);
  });

  /** Checks out for Maybank2E, a business account, and submits it for the approver: Status 6. */
  const submitForApproval = async (items: object[]) => {
    const started = await startPayment(post, items, testPayer, '178');
    expect(started.gateway.fields.PaymentId).toBe('178');
    gateway.open(started.reference, '178');
    await gatewayPost('return', gateway.submitCard(started.reference, started.amount, 'pending')!);
    return started;
  };

  test("a business account's payment waits hours for its approver, holding its bills, and is settled once when approved, its receipt naming the bank", async () => {
    const bill = await pickBill();
    const { reference, amount, receipt_token } = await submitForApproval([cartItemFor(bill)]);
    expect(await paymentRow(reference)).toMatchObject({
      status: 'pending',
      paymentMethod: 'corporate_banking',
      releaseAt: new Date(now().getTime() + timings.corporateApprovalSeconds * 1000 + minutes(5)),
    });

    // Hours later, long past any card page's time, the approver has still not acted.
    for (let hour = 0; hour < 6; hour++) {
      advance(minutes(60));
      await runJob();
    }
    expect(await paymentRow(reference)).toMatchObject({ status: 'pending' });
    const other = await post('/api/checkout', {
      items: [cartItemFor(bill)],
      payer: testPayer,
      lang: 'en',
    });
    expect(other.json().error).toBe('payment_in_progress');

    const approved = gateway.decide(reference, amount, true);
    expect(approved).toMatchObject({ PaymentId: '178', Status: '1', CCNo: '' });
    await gatewayPost('callback', approved);
    await gatewayPost('callback', approved);
    const paid = await paymentRow(reference);
    expect(paid).toMatchObject({ status: 'successful', cardMasked: null, cardBrand: null });
    expect(await ledgerOf(db(), bill.id)).toEqual([amount]);
    expect((await mailsOf(paid.id)).map((mail) => mail.kind)).toEqual(['receipt']);
    const receipt = (await post('/api/receipts/find', { reference, receipt_token })).json();
    expect(receipt).toMatchObject({
      status: 'successful',
      method: 'corporate_banking',
      channel: 'Maybank2E',
      card: { brand: null, masked_number: null },
    });
  });

  test("a payment cancelled while its card page was open, whose bank was still deciding what the payer sent from that page at its last look, is asked again when the bank's time is up and settled", async () => {
    const bill = await pickBill();
    const { reference, amount, receipt_token } = await goToCardPage([cartItemFor(bill)]);
    expect((await post('/api/payments/cancel', { reference, receipt_token })).json()).toMatchObject(
      { status: 'cancelled' },
    );
    // The payer goes on at the card page all the same, and the card's bank takes its time.
    gateway.submitCard(reference, amount, 'pending');
    advance(minutes(60));
    await runJob();
    expect(await paymentRow(reference)).toMatchObject({ status: 'cancelled' });
    // The bank approves, and its word is lost: only asking tells.
    gateway.decide(reference, amount, true);
    advance(timings.gatewayPageTimeoutSeconds * 1000);
    await runJob();
    expect(await paymentRow(reference)).toMatchObject({ status: 'successful' });
    expect(await ledgerOf(db(), bill.id)).toEqual([amount]);
  });

  test("a business account's payment its approver rejects frees its bills, learnt by the requery, and its payer is told", async () => {
    const bill = await pickBill();
    const { reference, amount } = await submitForApproval([cartItemFor(bill)]);
    advance(minutes(30));
    await runJob();
    // iPay88 posts only a success to the backend: a rejection is heard by asking.
    gateway.decide(reference, amount, false);
    advance(minutes(10));
    await runJob();
    const rejected = await paymentRow(reference);
    expect(rejected).toMatchObject({ status: 'failed' });
    expect((await mailsOf(rejected.id)).map((mail) => mail.kind)).toEqual(['not_approved']);
    expect((await startPayment(post, [cartItemFor(bill)])).reference).not.toBe(reference);
  });

  test("a business account's payment its approver leaves too long is let go and its payer told; approved after all, it is settled while its bills are free", async () => {
    const bill = await pickBill();
    const { reference, amount } = await submitForApproval([cartItemFor(bill)]);
    advance(timings.corporateApprovalSeconds * 1000 + minutes(6));
    await runJob();
    const expired = await paymentRow(reference);
    expect(expired).toMatchObject({ status: 'expired' });
    expect((await mailsOf(expired.id)).map((mail) => mail.kind)).toEqual(['not_approved']);

    // The approver approves the next morning; the gateway's backend post says so.
    advance(minutes(60));
    await gatewayPost('callback', gateway.decide(reference, amount, true));
    const paid = await paymentRow(reference);
    expect(paid).toMatchObject({ status: 'successful' });
    expect(await ledgerOf(db(), bill.id)).toEqual([amount]);
    expect((await mailsOf(paid.id)).map((mail) => mail.kind)).toEqual(['not_approved', 'receipt']);
  });

  test('a payer who replays their signed return under new transaction ids invents no money owed back: an officer is asked, once, with both transactions', async () => {
    const bill = await pickBill();
    const { reference, amount } = await goToCardPage([cartItemFor(bill)]);
    const approval = gateway.submitCard(reference, amount, true)!;
    await gatewayPost('return', approval);
    await gatewayPost('callback', approval);
    for (let n = 1; n <= 5; n++) {
      const replay = { ...approval, TransId: `T99999999${n}` };
      await gatewayPost('return', replay);
      await gatewayPost('callback', replay);
    }
    await runJob();

    const paid = await paymentRow(reference);
    expect(paid).toMatchObject({
      status: 'successful',
      gatewayTransId: approval.TransId,
      reviewReason: 'second_approval',
      reviewTransId: 'T999999991',
    });
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, paid.id))).toEqual([]);
    expect((await mailsOf(paid.id)).map((mail) => mail.kind)).toEqual(['receipt']);
    expect(await ledgerOf(db(), bill.id)).toEqual([amount]);

    // The officer finds the second charge in the gateway's report: only then is it owed back.
    const decided = await resolveReview(
      db(),
      timings,
      paid.id,
      { accept: true, transId: 'T999999991' },
      'Two charges in the gateway report of 24/11',
      now(),
      async () => {},
    );
    expect(decided).toBe('refund_due');
    const owedBack = await db().select().from(refunds).where(eq(refunds.paymentId, paid.id));
    expect(owedBack.map((refund) => [refund.gatewayTransId, refund.reason])).toEqual([
      ['T999999991', 'second_approval'],
    ]);
    expect(await paymentRow(reference)).toMatchObject({ reviewReason: null, reviewTransId: null });
  });

  test('a signed message replayed 300 times with other unsigned fields is kept once', async () => {
    const bill = await pickBill();
    const { reference, amount } = await goToCardPage([cartItemFor(bill)]);
    const approval = gateway.submitCard(reference, amount, true)!;
    await gatewayPost('callback', approval);
    for (let n = 0; n < 300; n++) {
      await gatewayPost(n % 2 ? 'callback' : 'return', {
        ...approval,
        AuthCode: String(n),
        ErrDesc: `replay ${n}`,
        CCName: `NAME ${n}`,
      });
    }
    const kept = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.reference, reference));
    // The callback that settled it, and the same message once by the other way it came.
    expect(kept.map((event) => [event.source, event.outcome])).toEqual([
      ['callback', 'applied'],
      ['return', 'duplicate'],
    ]);
  }, 60_000);

  test('the job leaves a payment whose card page may be open, and releases it only after the page timed out plus the margin, by a final requery', async () => {
    const bill = await pickBill();
    const { reference, amount } = await goToCardPage([cartItemFor(bill)]);
    for (const wait of [5, 5, 5, 4]) {
      advance(minutes(wait));
      await runJob();
      expect((await paymentRow(reference)).status).toBe('in_progress');
    }
    // Another payer is told the bill is taken, and until when.
    const stranger = await post('/api/checkout', {
      items: [cartItemFor(bill)],
      payer: testPayer,
      lang: 'en',
    });
    expect(stranger.statusCode).toBe(409);
    const { release_at } = stranger.json().items[0];
    expect(new Date(release_at).getTime()).toBe(
      (await paymentRow(reference)).handedOverAt!.getTime() + minutes(20),
    );
    const requeriesBefore = gateway.requeries;
    advance(minutes(2));
    await runJob();
    expect(gateway.requeries).toBe(requeriesBefore + 1);
    expect(await paymentRow(reference)).toMatchObject({ status: 'expired', requeryAfter: null });
    // The page is long closed: the gateway takes no card on it now.
    expect(gateway.submitCard(reference, amount, true)).toBeUndefined();
    expect((await startPayment(post, [cartItemFor(bill)])).reference).not.toBe(reference);
  });

  test('a gateway that does not answer never releases a payment; the next answer does', async () => {
    const bill = await pickBill();
    const { reference, receipt_token } = await goToCardPage([cartItemFor(bill)]);
    gateway.reachable = false;
    try {
      advance(minutes(60));
      await runJob();
      expect((await paymentRow(reference)).status).toBe('in_progress');
      const cancel = await post('/api/payments/cancel', { reference, receipt_token });
      expect(cancel.statusCode).toBe(503);
      expect(cancel.json()).toMatchObject({ error: 'gateway_unavailable' });
      expect((await paymentRow(reference)).status).toBe('in_progress');
    } finally {
      gateway.reachable = true;
    }
    advance(minutes(5));
    await runJob();
    expect((await paymentRow(reference)).status).toBe('expired');
  });

  test('a checkout whose payer never went on to the gateway lets its bills go within minutes, without asking the gateway', async () => {
    const bill = await pickBill();
    const checkout = await post('/api/checkout', {
      items: [cartItemFor(bill)],
      payer: testPayer,
      lang: 'en',
    });
    const { reference } = checkout.json();
    const requeriesBefore = gateway.requeries;
    advance(minutes(4));
    await runJob();
    expect((await paymentRow(reference)).status).toBe('created');
    advance(minutes(2));
    await runJob();
    expect((await paymentRow(reference)).status).toBe('expired');
    expect(gateway.requeries).toBe(requeriesBefore);
    expect(
      (await post('/api/checkout', { items: [cartItemFor(bill)], payer: testPayer, lang: 'en' }))
        .statusCode,
    ).toBe(200);
  });

  test('the payer who comes back continues with the same reference, and the card page time starts again', async () => {
    const bill = await pickBill();
    const started = await goToCardPage([cartItemFor(bill)]);
    const credentials = { reference: started.reference, receipt_token: started.receipt_token };
    advance(minutes(18));
    const again = await post('/api/payments/handover', credentials);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      status: 'in_progress',
      gateway: { fields: { RefNo: started.reference } },
    });
    expect(new Date(again.json().release_at).getTime()).toBe(now().getTime() + minutes(20));
    gateway.open(started.reference);
    advance(minutes(10));
    await runJob();
    expect((await paymentRow(started.reference)).status).toBe('in_progress');
    await gatewayPost('callback', gateway.submitCard(started.reference, started.amount, true)!);
    expect((await paymentRow(started.reference)).status).toBe('successful');
    // Paid: continuing sends nobody to the gateway again.
    expect((await post('/api/payments/handover', credentials)).json()).toEqual({
      status: 'successful',
      gateway: null,
      release_at: null,
    });
  });

  test('continuing a payment the gateway already approved shows it paid instead of sending the payer back', async () => {
    const bill = await pickBill();
    const started = await goToCardPage([cartItemFor(bill)]);
    // Approved, but the callback and the browser's return were both lost.
    gateway.submitCard(started.reference, started.amount, true);
    const answer = await post('/api/payments/handover', {
      reference: started.reference,
      receipt_token: started.receipt_token,
    });
    expect(answer.json()).toEqual({ status: 'successful', gateway: null, release_at: null });
  });

  test('cancelling asks the gateway first: an approval wins over the cancel', async () => {
    const bill = await pickBill();
    const started = await goToCardPage([cartItemFor(bill)]);
    gateway.submitCard(started.reference, started.amount, true);
    const cancel = await post('/api/payments/cancel', {
      reference: started.reference,
      receipt_token: started.receipt_token,
    });
    expect(cancel.json()).toEqual({ status: 'successful' });
    expect(await ledgerOf(db(), bill.id)).toEqual([started.amount]);
  });

  test('a cancelled payment frees its bills at once, and nobody but its payer can cancel or continue it', async () => {
    const bill = await pickBill();
    const started = await goToCardPage([cartItemFor(bill)]);
    for (const stranger of [
      { reference: started.reference },
      { reference: started.reference, receipt_token: 'guess' },
    ]) {
      expect((await post('/api/payments/cancel', stranger)).statusCode).toBe(404);
      expect((await post('/api/payments/handover', stranger)).statusCode).toBe(404);
    }
    const cancel = await post('/api/payments/cancel', {
      reference: started.reference,
      receipt_token: started.receipt_token,
    });
    expect(cancel.json()).toEqual({ status: 'cancelled' });
    expect((await startPayment(post, [cartItemFor(bill)])).amount).toBe(started.amount);
  });

  test('a payment above the gateway’s largest is refused before anything is written', async () => {
    const limited = await buildTestApp(db(), { config: { gatewayMaxAmountSen: 100 } });
    try {
      const bill = await pickBill();
      const before = (await db().select({ n: count() }).from(payments))[0]!.n;
      const response = await limited.inject({
        method: 'POST',
        url: '/api/checkout',
        payload: { items: [cartItemFor(bill)], payer: testPayer, lang: 'en' },
        ...pageCsrf,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'amount_too_large' });
      expect((await db().select({ n: count() }).from(payments))[0]!.n).toBe(before);
    } finally {
      await limited.close();
    }
  });

  test('a client may hold only a few open payments, and check out only so often a minute', async () => {
    const limited = await buildTestApp(db(), {
      config: { checkoutLimits: { perMinute: 4, openPayments: 2 } },
    });
    try {
      const checkout = async (ip: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/checkout',
          payload: { items: [cartItemFor(await pickBill())], payer: testPayer, lang: 'en' },
          remoteAddress: ip,
          ...pageCsrf,
        });
      expect((await checkout('203.0.113.7')).statusCode).toBe(200);
      expect((await checkout('203.0.113.7')).statusCode).toBe(200);
      const third = await checkout('203.0.113.7');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ error: 'too_many_open_payments' });
      // Someone else is not held back by it.
      expect((await checkout('203.0.113.8')).statusCode).toBe(200);
      expect((await checkout('203.0.113.7')).statusCode).toBe(429);
      const fifth = await checkout('203.0.113.7');
      expect(fifth.json()).toMatchObject({ error: 'rate_limited' });
      expect(fifth.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

/** What the council's ledger took off a bill, payment by payment. */
async function ledgerOf(db: Database, billId: number): Promise<number[]> {
  const rows = await db.select().from(ledgerEntries).where(eq(ledgerEntries.billId, billId));
  return rows.map((row) => row.amountSen);
}

describeEachDatabase(
  'whatever order the gateway, the payer, the job and other payers act in',
  (db) => {
    const { advance, gateway, pickBill, post, gatewayPost, runJob } = paymentWorld(db);

    const step = fc.oneof(
      fc.record({
        kind: fc.constant('card' as const),
        approved: fc.constantFrom(true, false, 'pending' as const),
      }),
      fc.record({ kind: fc.constant('bank' as const), approved: fc.boolean() }),
      fc.record({
        kind: fc.constant('deliver' as const),
        path: fc.constantFrom('callback' as const, 'return' as const),
        which: fc.nat(5),
      }),
      fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 25 }) }),
      // Long enough for a business account's approver to run out of time, or nearly.
      fc.record({
        kind: fc.constant('wait' as const),
        minutes: fc.integer({ min: 60, max: 26 * 60 }),
      }),
      fc.constant({ kind: 'job' as const }),
      fc.constant({ kind: 'cancel' as const }),
      fc.constant({ kind: 'continue' as const }),
      fc.constant({ kind: 'other_payer' as const }),
    );

    test('every approved transaction ends as exactly one receipt or one refund, and no bill is paid twice', async () => {
      await fc.assert(
        fc.asyncProperty(
          // A card, or a business account whose approver decides hours later.
          fc.constantFrom('2', '178'),
          fc.array(step, { minLength: 1, maxLength: 10 }),
          // What a bank still deciding at the end does: approve, reject, or never answer.
          fc.constantFrom('approve' as const, 'reject' as const, 'never' as const),
          async (paymentId, steps, lastWord) => {
            const bill = await pickBill();
            const payer = await startPayment(post, [cartItemFor(bill)], testPayer, paymentId);
            gateway.open(payer.reference, paymentId);
            const credentials = { reference: payer.reference, receipt_token: payer.receipt_token };
            /** The gateway's messages for this payment, delivered late, twice or never. */
            const messages: Record<string, string>[] = [];

            for (const action of steps) {
              if (action.kind === 'card') {
                const message = gateway.submitCard(payer.reference, payer.amount, action.approved);
                if (message) messages.push(message);
              } else if (action.kind === 'bank' && gateway.isPending(payer.reference)) {
                messages.push(gateway.decide(payer.reference, payer.amount, action.approved));
              } else if (action.kind === 'deliver' && messages.length > 0) {
                await gatewayPost(action.path, messages[action.which % messages.length]!);
              } else if (action.kind === 'wait') {
                advance(minutes(action.minutes));
              } else if (action.kind === 'job') {
                await runJob();
              } else if (action.kind === 'cancel') {
                await post('/api/payments/cancel', credentials);
              } else if (action.kind === 'continue') {
                const answer = await post('/api/payments/handover', credentials);
                if (answer.json().gateway) gateway.open(payer.reference, paymentId);
              } else if (action.kind === 'other_payer') {
                // Someone else pays the same bill at once, when the portal lets them.
                const other = await post('/api/checkout', {
                  items: [cartItemFor(bill)],
                  payer: { ...testPayer, email: 'other@example.com' },
                  lang: 'en',
                });
                if (other.statusCode === 200) {
                  const { reference, receipt_token, amount } = other.json();
                  await post('/api/payments/handover', { reference, receipt_token });
                  gateway.open(reference);
                  await gatewayPost('callback', gateway.submitCard(reference, amount, true)!);
                }
              }
            }
            // The bank decides at last, or never, and its word is lost: only the requery tells.
            if (gateway.isPending(payer.reference) && lastWord !== 'never') {
              gateway.decide(payer.reference, payer.amount, lastWord === 'approve');
            }
            // Time passes; the job runs: whatever happened, it all comes to an end, a business
            // account's approval window and the look after it included.
            for (const wait of [30, 30, 30, 25 * 60, 25 * 60]) {
              advance(minutes(wait));
              await runJob();
            }

            const ours = await db()
              .select()
              .from(payments)
              .innerJoin(paymentItems, eq(paymentItems.paymentId, payments.id))
              .where(eq(paymentItems.billId, bill.id));
            for (const { payments: payment } of ours) {
              expect(openStatuses).not.toContain(payment.status);
            }
            const references = ours.map((row) => row.payments.reference);
            // The gateway approves a reference once; its requery names no transaction, so each
            // approval is counted by its payment's reference.
            for (const approval of gateway.approvals.filter((a) =>
              references.includes(a.reference),
            )) {
              const { payments: payment } = ours.find(
                (row) => row.payments.reference === approval.reference,
              )!;
              const owed = await db()
                .select({ n: count() })
                .from(refunds)
                .where(eq(refunds.paymentId, payment.id));
              const receipts = payment.status === 'successful' ? 1 : 0;
              expect(receipts + owed[0]!.n, approval.reference).toBe(1);
            }
            const ledger = await ledgerOf(db(), bill.id);
            expect(ledger.length).toBeLessThanOrEqual(1);
            const [after] = await db().select().from(bills).where(eq(bills.id, bill.id));
            expect(after!.amountDueSen).toBe(ledger.length === 1 ? 0 : bill.amountDueSen);
            const paidOnes = ours.filter((row) => row.payments.status === 'successful');
            expect(paidOnes.length).toBe(ledger.length);
            expect(
              (
                await db()
                  .select({ n: count() })
                  .from(payments)
                  .where(inArray(payments.reference, references))
              )[0]!.n,
            ).toBe(references.length);
          },
        ),
        { numRuns: 30 },
      );
    }, 120_000);
  },
);
