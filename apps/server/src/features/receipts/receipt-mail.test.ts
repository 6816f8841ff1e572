import { formatRinggit } from '@portal/domain/money';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { mailMessages, payments } from '../../db/schema';
import { deliverQueuedMail } from '../../mail/mail-queue';
import { createMailer } from '../../mail/mailer';
import {
  billPicker,
  approvedOnRequery,
  cartItemFor,
  gatewayPoster,
  pagePoster,
  signedGatewayResponse,
  startPayment,
  testPayer,
} from '../../test/payment-fixtures';
import { useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';
import { useSmtpCatcher } from '../../test/smtp-catcher';
import { receiptMailRenderer, refundMailRenderer } from './receipt-mail';

const smtp = useSmtpCatcher();

describeEachDatabase('the receipt e-mail', (db) => {
  const app = useTestApp(db);
  const pickBill = billPicker(db);

  /** A payment settled by the gateway's callback, its receipt e-mail queued. */
  async function paidPayment() {
    const bill = await pickBill();
    const { reference, amount } = await startPayment(pagePoster(app), [cartItemFor(bill)]);
    await gatewayPoster(app)('callback', signedGatewayResponse(reference, amount));
    const [payment] = await db().select().from(payments).where(eq(payments.reference, reference));
    return payment!;
  }

  test('is written with its PDF and kept in the outbox when no SMTP server is set', async () => {
    const payment = await paidPayment();
    const reference = payment.reference;
    const mailer = createMailer({ smtpUrl: undefined, from: 'portal@example.com' });
    const renderers = { receipt: receiptMailRenderer(db(), 'http://portal.test') };
    expect(await deliverQueuedMail(db(), mailer, renderers)).toBe(1);

    const [mail] = await db()
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.paymentId, payment!.id));
    expect(mail).toMatchObject({ status: 'outbox', recipient: testPayer.email });
    expect(mail!.subject).toContain(reference);
    expect(mail!.attachments[0]).toMatchObject({
      filename: `receipt-${reference}.pdf`,
      contentType: 'application/pdf',
    });
    const outbox = await app().inject({ method: 'GET', url: '/dev/mail' });
    expect(outbox.body).toContain(reference);
  });

  test('over SMTP reaches the payer with its PDF; the database keeps its words, not the PDF', async () => {
    const payment = await paidPayment();
    const mailer = createMailer({ smtpUrl: smtp.url(), from: 'portal@example.com' });
    const renderers = { receipt: receiptMailRenderer(db(), 'http://portal.test') };
    expect(await deliverQueuedMail(db(), mailer, renderers)).toBe(1);

    const sent = smtp.received.find((message) => message.data.includes(payment.reference));
    expect(sent?.to).toEqual([testPayer.email]);
    expect(sent?.data).toContain(`filename=receipt-${payment.reference}.pdf`);
    const [mail] = await db()
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.paymentId, payment.id));
    // The receipt's PDF can be had again from the receipt page at any time; a copy of each one
    // would make this the largest table within a year.
    expect(mail).toMatchObject({ status: 'sent', attachments: [] });
    expect(mail!.subject).toContain(payment.reference);
    expect(mail!.text).toContain(payment.reference);
  });

  test('tells the payer by e-mail, in their language, when money is owed back to their card', async () => {
    const bill = await pickBill();
    const post = pagePoster(app);
    const gatewayPost = gatewayPoster(app);
    const first = await startPayment(post, [cartItemFor(bill)], {
      ...testPayer,
      email: 'first@example.com',
    });
    await gatewayPost(
      'callback',
      signedGatewayResponse(first.reference, first.amount, { approved: false }),
    );
    const second = await startPayment(post, [cartItemFor(bill)]);
    await gatewayPost('callback', signedGatewayResponse(second.reference, second.amount));
    // The first payer's card is approved after all, as the gateway's requery confirms: the bill
    // is already paid.
    await approvedOnRequery(db(), first.reference);
    const mailer = createMailer({ smtpUrl: undefined, from: 'portal@example.com' });
    const renderers = {
      receipt: receiptMailRenderer(db(), 'http://portal.test'),
      refund_due: refundMailRenderer(db(), 'http://portal.test'),
    };
    await deliverQueuedMail(db(), mailer, renderers);

    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.reference, first.reference));
    const mails = await db()
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.paymentId, payment!.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'refund_due',
      status: 'outbox',
      recipient: 'first@example.com',
      subject: `Refund due ${first.reference}`,
      attachments: [],
    });
    expect(mails[0]!.text).toContain(
      `You were charged ${formatRinggit(first.amount)} for this payment, but the bills had already been paid`,
    );
  });
});
