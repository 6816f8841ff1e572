import { and, eq, inArray } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { auditLog, bills, ledgerEntries, mailMessages, payments, refunds } from '../../db/schema';
import { formatRinggit } from '@portal/domain/money';
import { deliverQueuedMail } from '../../mail/mail-queue';
import { createMailer } from '../../mail/mailer';
import { receiptMailRenderer, refundedMailRenderer } from '../receipts';
import { FakeGateway } from '../../test/fake-gateway';
import { staffLoggedIn, steppingClock } from '../../test/office-staff';
import {
  approvedOnRequery,
  billPicker,
  cartItemFor,
  gatewayPoster,
  pagePoster,
  startPayment,
} from '../../test/payment-fixtures';
import { errorBody, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';

const { clock, nextStep } = steppingClock('2026-11-25T04:00:00Z');

describeEachDatabase('refunds', (db) => {
  const gateway = new FakeGateway(clock);
  const app = useTestApp(db, { clock, gateway: gateway.client() });
  const pickBill = billPicker(db);

  /** A payable Sandakan bill of whichever kind the demo still has one of. */
  async function anyBill() {
    for (const kind of ['compound', 'ticket', 'market'] as const) {
      try {
        return await pickBill(kind, 'mps');
      } catch {
        // None of this kind left: the next kind.
      }
    }
    throw new Error('no payable Sandakan bill left');
  }

  /** A settled payment of Sandakan bills (one unless asked), its receipt's credentials, and the bills. */
  async function settledPayment(lines = 1) {
    const picked = [];
    for (let i = 0; i < lines; i++) picked.push(await anyBill());
    const started = await startPayment(pagePoster(app), picked.map(cartItemFor));
    gateway.open(started.reference);
    const response = gateway.submitCard(started.reference, started.amount, true)!;
    expect((await gatewayPoster(app)('callback', response)).statusCode).toBe(200);
    const [row] = await db()
      .select()
      .from(payments)
      .where(eq(payments.reference, started.reference));
    expect(row!.status).toBe('successful');
    return { ...started, payment: row!, bills: picked };
  }

  const ledgerOf = (paymentId: number) =>
    db().select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));
  const receiptOf = async (reference: string, receipt_token: string) =>
    (await pagePoster(app)('/api/receipts/find', { reference, receipt_token })).json() as {
      refunds: { amount: number; status: string; kind: string }[];
    };

  test('a payment the requery alone settled, which names no transaction yet, is refunded as any other', async () => {
    const bill = await anyBill();
    const started = await startPayment(pagePoster(app), [cartItemFor(bill)]);
    gateway.open(started.reference);
    gateway.submitCard(started.reference, started.amount, true);
    // Neither the browser nor the gateway's callback came back: the requery found it paid.
    await approvedOnRequery(db(), started.reference);
    const finance = await staffLoggedIn(app, 'finance', nextStep());
    const before = (await finance.get(`/api/office/payments/${started.reference}`)).json();
    expect(before).toMatchObject({ status: 'successful', gateway_trans_id: null });
    expect(before.lines[0].refundable).toBe(started.amount);

    const refunded = await finance.post(`/api/office/payments/${started.reference}/refunds`, {
      line: 'all',
      reason: 'Paid at the counter the same day',
      gateway_refund_id: 'RF20261125010',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().refund).toMatchObject({ status: 'refunded', amount: started.amount });
    const [owedAgain] = await db().select().from(bills).where(eq(bills.id, bill.id));
    expect(owedAgain!.amountDueSen).toBe(bill.amountDueSen);
  });

  test('finance refunds part of a line, then all that is left; the ledger reverses, the bill owes again, the payer is told', async () => {
    const settled = await settledPayment(2);
    const finance = await staffLoggedIn(app, 'finance', nextStep());
    const before = await finance.get(`/api/office/payments/${settled.reference}`);
    const [firstLine, secondLine] = before.json().lines;
    expect(firstLine.refundable).toBe(firstLine.amount);

    const part = await finance.post(`/api/office/payments/${settled.reference}/refunds`, {
      line: String(firstLine.id),
      amount: '1.50',
      reason: 'Payer overcharged by RM1.50',
      gateway_refund_id: 'RF20261125001',
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().refund).toMatchObject({
      status: 'refunded',
      amount: 150,
      reason: 'officer',
      note: 'Payer overcharged by RM1.50',
      staff: 'finance.mps@staff.portal.test',
      gateway_refund_id: 'RF20261125001',
      lines: [{ line_id: firstLine.id, amount: 150 }],
    });

    const [firstBill] = await db().select().from(bills).where(eq(bills.id, settled.bills[0]!.id));
    expect(firstBill).toMatchObject({ amountDueSen: 150, status: 'unpaid' });
    const reversal = (await ledgerOf(settled.payment.id)).filter((entry) => entry.refundId);
    expect(reversal).toMatchObject([{ amountSen: -150, billId: settled.bills[0]!.id }]);

    const rest = await finance.post(`/api/office/payments/${settled.reference}/refunds`, {
      line: 'all',
      reason: 'Wrong bills paid',
      gateway_refund_id: 'RF20261125002',
    });
    expect(rest.json().refund).toMatchObject({
      status: 'refunded',
      amount: settled.amount - 150,
      lines: [
        { line_id: firstLine.id, amount: firstLine.amount - 150 },
        { line_id: secondLine.id, amount: secondLine.amount },
      ],
    });
    const ledger = await ledgerOf(settled.payment.id);
    expect(ledger.reduce((sum, entry) => sum + entry.amountSen, 0)).toBe(0);
    const owed = await db()
      .select()
      .from(bills)
      .where(
        inArray(
          bills.id,
          settled.bills.map((bill) => bill.id),
        ),
      );
    expect(owed.map((bill) => bill.amountDueSen).sort()).toEqual(
      settled.bills.map((bill) => bill.amountDueSen).sort(),
    );

    const after = (await finance.get(`/api/office/payments/${settled.reference}`)).json();
    expect(after.lines.map((line: { refundable: number }) => line.refundable)).toEqual([0, 0]);
    const again = await finance.post(`/api/office/payments/${settled.reference}/refunds`, {
      line: 'all',
      reason: 'Once more',
      gateway_refund_id: 'RF20261125003',
    });
    expect(again.statusCode).toBe(409);
    expect(errorBody(again).error).toBe('refund_exceeds_paid');

    expect((await receiptOf(settled.reference, settled.receipt_token)).refunds).toMatchObject([
      { amount: 150, status: 'refunded', kind: 'council' },
      { amount: settled.amount - 150, status: 'refunded', kind: 'council' },
    ]);
    const mails = await db()
      .select()
      .from(mailMessages)
      .where(
        and(eq(mailMessages.paymentId, settled.payment.id), eq(mailMessages.kind, 'refunded')),
      );
    expect(mails).toHaveLength(2);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'refund_recorded'), eq(auditLog.target, settled.reference)));
    expect(audit.map((entry) => entry.reason)).toEqual([
      'Payer overcharged by RM1.50',
      'Wrong bills paid',
    ]);
  });

  test('a refund above what is left of the line, or a bad form, is refused and changes nothing', async () => {
    const settled = await settledPayment();
    const finance = await staffLoggedIn(app, 'finance', nextStep());
    const [line] = (await finance.get(`/api/office/payments/${settled.reference}`)).json().lines;
    const url = `/api/office/payments/${settled.reference}/refunds`;
    const tooMuch = await finance.post(url, {
      line: String(line.id),
      amount: String(line.amount / 100 + 0.01),
      reason: 'More than paid',
      gateway_refund_id: 'RF1',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(errorBody(tooMuch)).toMatchObject({
      error: 'refund_exceeds_paid',
      fields: { amount: 'amount_invalid' },
    });
    const ref = { gateway_refund_id: 'RF1' };
    for (const [form, field, message] of [
      [{ line: 'all', reason: '', ...ref }, 'reason', 'required'],
      [{ line: String(line.id), amount: 'ten', reason: 'x', ...ref }, 'amount', 'amount_invalid'],
      [{ line: String(line.id), amount: '0', reason: 'x', ...ref }, 'amount', 'amount_invalid'],
      [{ line: 'all', amount: '5', reason: 'x', ...ref }, 'amount', 'amount_invalid'],
      // Made in the gateway's merchant portal first: its reference is how it is found there.
      [{ line: 'all', reason: 'x' }, 'gateway_refund_id', 'required'],
    ] as const) {
      const refused = await finance.post(url, form);
      expect(refused.statusCode, JSON.stringify(form)).toBe(400);
      expect(errorBody(refused).fields).toMatchObject({ [field]: message });
    }
    const foreign = await finance.post(url, { line: '999999', reason: 'Not a line of it', ...ref });
    expect(foreign.statusCode).toBe(404);
    expect(
      await db().select().from(refunds).where(eq(refunds.paymentId, settled.payment.id)),
    ).toEqual([]);
  });

  test('officers refunding the whole payment at once refund it once, never above what was paid', async () => {
    const settled = await settledPayment();
    const officers = [];
    for (let i = 0; i < 4; i++) officers.push(await staffLoggedIn(app, 'finance', nextStep()));
    const answers = await Promise.all(
      officers.map((finance) =>
        finance.post(`/api/office/payments/${settled.reference}/refunds`, {
          line: 'all',
          reason: 'Paid twice by mistake',
          gateway_refund_id: 'RF20261125777',
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const made = await db().select().from(refunds).where(eq(refunds.paymentId, settled.payment.id));
    expect(made.map((refund) => refund.amountSen)).toEqual([settled.amount]);
    const ledger = await ledgerOf(settled.payment.id);
    expect(ledger.reduce((sum, entry) => sum + entry.amountSen, 0)).toBe(0);
  });

  test('money owed back is worked from the queue: recorded as refunded in the gateway’s merchant portal, or resolved otherwise with a reason', async () => {
    const first = await settledPayment();
    const second = await settledPayment();
    // The gateway charged each card a second time: the second charges are owed back.
    for (const settled of [first, second]) {
      await db().insert(refunds).values({
        paymentId: settled.payment.id,
        gatewayTransId: settled.payment.gatewayTransId!,
        amountSen: settled.amount,
        reason: 'second_approval',
        createdAt: clock(),
      });
    }
    const finance = await staffLoggedIn(app, 'finance', nextStep());
    const queue = (await finance.get('/api/office/refunds')).json();
    const owed = queue.refunds.filter((refund: { reference: string }) =>
      [first.reference, second.reference].includes(refund.reference),
    );
    expect(owed).toMatchObject([
      { reference: first.reference, status: 'due', reason: 'second_approval' },
      { reference: second.reference, status: 'due', reason: 'second_approval' },
    ]);

    const noReference = await finance.post(`/api/office/refunds/${owed[0].id}/refunded`, {});
    expect(errorBody(noReference).fields).toEqual({ gateway_refund_id: 'required' });
    const made = await finance.post(`/api/office/refunds/${owed[0].id}/refunded`, {
      gateway_refund_id: 'RF20261125100',
    });
    expect(made.json().refund).toMatchObject({
      status: 'refunded',
      staff: 'finance.mps@staff.portal.test',
      gateway_refund_id: 'RF20261125100',
    });
    const resolved = await finance.post(`/api/office/refunds/${owed[1].id}/resolve`, {
      reason: 'Paid back by bank transfer',
    });
    expect(resolved.json().refund).toMatchObject({
      status: 'resolved',
      note: 'Paid back by bank transfer',
    });
    for (const id of [owed[0].id, owed[1].id]) {
      const late = await finance.post(`/api/office/refunds/${id}/resolve`, { reason: 'Again' });
      expect(late.statusCode).toBe(409);
      expect(errorBody(late).error).toBe('not_refundable');
    }
    const emptyReason = await finance.post(`/api/office/refunds/${owed[1].id}/resolve`, {
      reason: ' ',
    });
    expect(emptyReason.statusCode).toBe(400);
    // Owed money never reached the ledger: nothing is reversed.
    expect((await ledgerOf(first.payment.id)).every((entry) => entry.amountSen > 0)).toBe(true);
    const remaining = (await finance.get('/api/office/refunds')).json();
    expect(remaining.refunds.map((refund: { id: number }) => refund.id)).not.toContain(owed[0].id);
    expect((await receiptOf(second.reference, second.receipt_token)).refunds).toMatchObject([
      { status: 'resolved', kind: 'owed_back' },
    ]);
  });

  test('money owed back for two councils’ bills is settled by the state-wide admin only, never by one council’s staff', async () => {
    const bills = [await anyBill(), await pickBill('compound', 'mpt')];
    const started = await startPayment(pagePoster(app), bills.map(cartItemFor));
    gateway.open(started.reference);
    await gatewayPoster(app)(
      'callback',
      gateway.submitCard(started.reference, started.amount, true)!,
    );
    const [paid] = await db()
      .select()
      .from(payments)
      .where(eq(payments.reference, started.reference));
    const [owed] = await db()
      .insert(refunds)
      .values({
        paymentId: paid!.id,
        gatewayTransId: paid!.gatewayTransId!,
        amountSen: started.amount,
        reason: 'second_approval',
        createdAt: clock(),
      })
      .returning();
    for (const pick of ['finance', 'finance.mpt@staff.portal.test'] as const) {
      const council = await staffLoggedIn(app, pick, nextStep());
      for (const act of ['refunded', 'resolve']) {
        const refused = await council.post(`/api/office/refunds/${owed!.id}/${act}`, {
          reason: 'Paid back by bank transfer',
          gateway_refund_id: 'RF20261125200',
        });
        expect(refused.statusCode).toBe(403);
        expect(errorBody(refused).error).toBe('refund_spans_councils');
      }
    }
    const [untouched] = await db().select().from(refunds).where(eq(refunds.id, owed!.id));
    expect(untouched).toMatchObject({ status: 'due', staffId: null });
    const state = await staffLoggedIn(app, '_admin', nextStep());
    const resolved = await state.post(`/api/office/refunds/${owed!.id}/resolve`, {
      reason: 'Paid back by bank transfer',
    });
    expect(resolved.json().refund).toMatchObject({ status: 'resolved' });
  });

  test('the payer gets an e-mail in their language saying how much was refunded, and when', async () => {
    const settled = await settledPayment();
    const finance = await staffLoggedIn(app, 'finance', nextStep());
    await finance.post(`/api/office/payments/${settled.reference}/refunds`, {
      line: 'all',
      reason: 'Paid in error',
      gateway_refund_id: 'RF20261125300',
    });
    const renderers = {
      receipt: receiptMailRenderer(db(), 'http://portal.test'),
      refunded: refundedMailRenderer(db(), 'http://portal.test'),
    };
    const mailer = createMailer({ smtpUrl: undefined, from: 'portal@example.com' });
    // Earlier tests queued mail too: send until the queue is empty.
    while ((await deliverQueuedMail(db(), mailer, renderers, clock())) > 0);
    const [mail] = await db()
      .select()
      .from(mailMessages)
      .where(
        and(eq(mailMessages.paymentId, settled.payment.id), eq(mailMessages.kind, 'refunded')),
      );
    expect(mail).toMatchObject({ status: 'outbox', subject: `Refund made ${settled.reference}` });
    expect(mail!.text).toContain(
      `${formatRinggit(settled.amount)} of this payment was refunded on`,
    );
  });

  test('another council’s finance officer cannot refund the payment, nor see its refunds', async () => {
    const settled = await settledPayment();
    const tawau = await staffLoggedIn(app, 'finance.mpt@staff.portal.test', nextStep());
    const refused = await tawau.post(`/api/office/payments/${settled.reference}/refunds`, {
      line: 'all',
      reason: 'Not ours',
      gateway_refund_id: 'RF1',
    });
    expect(refused.statusCode).toBe(404);
    const officer = await staffLoggedIn(app, 'officer', nextStep());
    const forbidden = await officer.post(`/api/office/payments/${settled.reference}/refunds`, {
      line: 'all',
      reason: 'Officers only read',
      gateway_refund_id: 'RF1',
    });
    expect(forbidden.statusCode).toBe(403);
    expect(
      await db().select().from(refunds).where(eq(refunds.paymentId, settled.payment.id)),
    ).toEqual([]);
  });
});
