import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { payments } from '../../db/schema';
import type { MailRenderer } from '../../mail/mail-queue';
import { receiptEmail } from './receipt-email';
import { renderReceiptPdf } from './receipt-pdf';
import { presentReceipt } from './receipts-service';

/** The receipt e-mail of a settled payment, in the payer's language, with the PDF attached. */
export function receiptMailRenderer(db: Database, publicUrl: string): MailRenderer {
  return async (message) => {
    if (message.paymentId === null) throw new Error('A receipt mail names no payment');
    const [payment] = await db.select().from(payments).where(eq(payments.id, message.paymentId));
    if (!payment) throw new Error(`Payment ${message.paymentId} is gone`);
    const receipt = await presentReceipt(db, publicUrl, payment);
    const lang = payment.lang === 'en' || payment.lang === 'zh' ? payment.lang : 'ms';
    return {
      ...receiptEmail(receipt, lang),
      attachments: [
        {
          filename: `receipt-${receipt.reference}.pdf`,
          contentType: 'application/pdf',
          content: await renderReceiptPdf(receipt),
        },
      ],
    };
  };
}
