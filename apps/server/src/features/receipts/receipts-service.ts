import { findCouncil } from '@portal/domain/councils';
import type { CardBrand } from '@portal/domain/forms';
import { receiptLookupSchema, fieldErrors } from '@portal/domain/forms';
import type { Receipt, ReceiptCheck } from '@portal/domain/receipts';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { paymentItems, payments } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashToken, sameSecret } from '../../lib/secrets';

const notFound = () => new AppError(404, 'not_found', 'No receipt matches');

const byReferenceAlone = z.object({ reference: z.string().max(64) }).strict();
const byToken = z.object({ reference: z.string().max(64), receipt_token: z.string().max(128) });

type Payment = typeof payments.$inferSelect;

/**
 * The receipt, for its payer only: with the token this browser got at checkout, or with the
 * reference and the payer's e-mail together (a reference alone is guessable). Every mismatch is
 * the same 404, so nothing tells whether a reference exists.
 */
export async function findReceipt(
  db: Database,
  publicUrl: string,
  request: unknown,
  userId?: number,
): Promise<Receipt> {
  const payment = await authorisedPayment(db, request, userId);
  return presentReceipt(db, publicUrl, payment);
}

/**
 * The payment, for its payer only: the browser that checked out (its token), whoever knows the
 * payer's e-mail, or the logged-in user whose payment it is.
 */
async function authorisedPayment(
  db: Database,
  request: unknown,
  userId: number | undefined,
): Promise<Payment> {
  const owned = byReferenceAlone.safeParse(request);
  if (owned.success) {
    const payment = await paymentByReference(db, owned.data.reference.trim().toUpperCase());
    if (userId === undefined || payment?.userId !== userId) throw notFound();
    return payment;
  }
  const token = byToken.safeParse(request);
  if (token.success) {
    const payment = await paymentByReference(db, token.data.reference.trim().toUpperCase());
    if (!payment || !sameSecret(payment.receiptTokenHash, hashToken(token.data.receipt_token))) {
      throw notFound();
    }
    return payment;
  }
  const lookup = receiptLookupSchema.safeParse(request);
  if (!lookup.success) {
    throw new AppError(
      400,
      'validation_failed',
      'The lookup is not valid',
      fieldErrors(lookup.error),
    );
  }
  const payment = await paymentByReference(db, lookup.data.reference);
  if (!payment || payment.payerEmail !== lookup.data.email) throw notFound();
  return payment;
}

async function paymentByReference(db: Database, reference: string) {
  const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
  return payment;
}

export async function presentReceipt(
  db: Database,
  publicUrl: string,
  payment: Payment,
): Promise<Receipt> {
  const lines = await db
    .select()
    .from(paymentItems)
    .where(eq(paymentItems.paymentId, payment.id))
    .orderBy(asc(paymentItems.id));
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    reference: payment.reference,
    status: payment.status,
    amount: payment.amountSen,
    created_at: payment.createdAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
    payer: { full_name: payment.payerName, email: payment.payerEmail, phone: payment.payerPhone },
    card: {
      brand: payment.cardBrand as CardBrand,
      masked_number: payment.cardMasked,
      bank: payment.cardBank,
      auth_code: payment.gatewayAuthCode,
      trans_id: payment.gatewayTransId,
    },
    failure_reason: payment.failureReason,
    items: lines.map((line) => ({
      council: line.councilCode,
      council_name: findCouncil(line.councilCode)?.name ?? line.councilCode,
      payment_type: line.paymentType,
      account_no: line.accountNo,
      description: line.description,
      amount: line.amountSen,
      paid_until: text(line.details.paid_until),
      license_no: text(line.details.license_no),
    })),
    check_url: checkUrl(publicUrl, payment),
  };
}

/** The public page a receipt's QR code opens. */
function checkUrl(publicUrl: string, payment: Payment): string {
  const query = new URLSearchParams({
    reference: payment.reference,
    code: payment.checkCode ?? '',
  });
  return `${publicUrl}/#/receipt_check?${query.toString()}`;
}

/** Confirms a receipt is genuine from its QR code's reference and check code; no personal data. */
export async function checkReceipt(db: Database, request: unknown): Promise<ReceiptCheck> {
  const query = z
    .object({ reference: z.string().max(64), code: z.string().max(64) })
    .safeParse(request);
  if (!query.success) throw notFound();
  const payment = await paymentByReference(db, query.data.reference.trim().toUpperCase());
  if (!payment || !sameSecret(payment.checkCode, query.data.code)) throw notFound();
  const lines = await db
    .selectDistinct({ council: paymentItems.councilCode })
    .from(paymentItems)
    .where(eq(paymentItems.paymentId, payment.id));
  return {
    reference: payment.reference,
    status: payment.status,
    amount: payment.amountSen,
    paid_at: payment.paidAt?.toISOString() ?? null,
    councils: lines.map(({ council }) => ({
      code: council,
      name: findCouncil(council)?.name ?? council,
    })),
  };
}
