import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { mailMessages, payments } from '../../db/schema';
import { deliverQueuedMail } from '../../mail/mail-queue';
import { createMailer } from '../../mail/mailer';
import {
  billPicker,
  cartItemFor,
  signedGatewayResponse,
  testPayer,
} from '../../test/payment-fixtures';
import { pageCsrf, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';
import { receiptMailRenderer } from './receipt-mail';

describeEachDatabase('the receipt e-mail', (db) => {
  const app = useTestApp(db);
  const pickBill = billPicker(db);

  test('is written with its PDF and kept in the outbox when no SMTP server is set', async () => {
    const bill = await pickBill();
    const checkout = await app().inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { items: [cartItemFor(bill)], payer: testPayer, lang: 'en' },
      ...pageCsrf,
    });
    const { reference, amount } = checkout.json();
    await app().inject({
      method: 'POST',
      url: '/api/payments/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(signedGatewayResponse(reference, amount)).toString(),
    });
    const mailer = createMailer({ smtpUrl: undefined, from: 'portal@example.com' });
    const renderers = { receipt: receiptMailRenderer(db(), 'http://portal.test') };
    expect(await deliverQueuedMail(db(), mailer, renderers)).toBe(1);

    const [payment] = await db().select().from(payments).where(eq(payments.reference, reference));
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
});
