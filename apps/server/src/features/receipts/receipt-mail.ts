import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { payments } from '../../db/schema';
import type { MailRenderer, QueuedMail } from '../../mail/mail-queue';
import { notApprovedEmail, receiptEmail, refundedEmail, refundEmail } from './receipt-email';
import { presentReceipt, receiptPdfOf } from './receipts-service';

async function receiptOf(db: Database, publicUrl: string, message: QueuedMail) {
  if (message.paymentId === null) throw new Error(`A ${message.kind} mail names no payment`);
  const [payment] = await db.select().from(payments).where(eq(payments.id, message.paymentId));
  if (!payment) throw new Error(`Payment ${message.paymentId} is gone`);
  const lang = payment.lang === 'en' || payment.lang === 'zh' ? payment.lang : 'ms';
  return { receipt: await presentReceipt(db, publicUrl, payment), lang } as const;
}

/** The receipt e-mail of a settled payment, in the payer's language, with the PDF attached. */
export function receiptMailRenderer(db: Database, publicUrl: string): MailRenderer {
  return async (message) => {
    const { receipt, lang } = await receiptOf(db, publicUrl, message);
    return {
      ...receiptEmail(receipt, lang),
      attachments: [
        {
          filename: `receipt-${receipt.reference}.pdf`,
          contentType: 'application/pdf',
          content: await receiptPdfOf(db, receipt, lang),
        },
      ],
    };
  };
}

/** The e-mail that tells a payer money is owed back to their card, in their language. */
export function refundMailRenderer(db: Database, publicUrl: string): MailRenderer {
  return async (message) => {
    const { receipt, lang } = await receiptOf(db, publicUrl, message);
    return { ...refundEmail(receipt, lang), attachments: [] };
  };
}

/** The e-mail that tells a payer their bank did not approve a payment that waited for it. */
export function notApprovedMailRenderer(db: Database, publicUrl: string): MailRenderer {
  return async (message) => {
    const { receipt, lang } = await receiptOf(db, publicUrl, message);
    return { ...notApprovedEmail(receipt, lang), attachments: [] };
  };
}

/** The e-mail that tells a payer a refund was made to their card, in their language. */
export function refundedMailRenderer(db: Database, publicUrl: string): MailRenderer {
  return async (message) => {
    if (message.refundId === null) throw new Error('A refunded mail names no refund');
    const { receipt, lang } = await receiptOf(db, publicUrl, message);
    return { ...refundedEmail(receipt, message.refundId, lang), attachments: [] };
  };
}
