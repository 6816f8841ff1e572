import { payerCredentials } from '@portal/domain/contracts/payments';
import { paths, screenUrl } from '@portal/domain/web-paths';
import { maskedCardNumber } from '@portal/domain/cards';
import { channelNameOf } from '@portal/domain/payment-methods';
import { findCouncil } from '@portal/domain/councils';
import type { Language } from '@portal/domain/languages';
import { receiptLookupSchema } from '@portal/domain/forms';
import { isOpenPayment } from '@portal/domain/payment-status';
import type { Receipt, ReceiptCheck, ReceiptItem } from '@portal/domain/contracts/receipts';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { paymentItems, refunds } from '../../db/schema';
import { checkedRequest } from '../../lib/app-error';
import {
  noSuchPayment,
  paymentByReference,
  payersPayment,
  type Payment,
} from '../../lib/payer-access';
import { guessThrottle } from '../../lib/guess-throttle';
import { councilLetterheadOf } from '../../lib/stored-images';
import { renewalLineOf } from '../../lib/licence-rules';
import { councilsOf, renderReceiptPdf } from './receipt-pdf';
import { hashToken, sameSecret } from '../../lib/secrets';

const notFound = noSuchPayment;

/**
 * The receipt, for its payer only: with the token this browser got at checkout, as its logged-in
 * owner, or with the reference and the payer's e-mail together (the look-up is rate-limited). A
 * wrong e-mail and an unknown reference answer the same 404 after the same work, so nothing tells
 * whether a reference exists.
 */
export async function findReceipt(
  db: Database,
  publicUrl: string,
  request: unknown,
  caller: { userId: number | undefined; ip: string },
  now: Date = new Date(),
): Promise<Receipt> {
  const payment = await authorisedPayment(db, request, caller, now);
  return presentReceipt(db, publicUrl, payment);
}

async function authorisedPayment(
  db: Database,
  request: unknown,
  caller: { userId: number | undefined; ip: string },
  now: Date,
): Promise<Payment> {
  const hasEmail = typeof request === 'object' && request !== null && 'email' in request;
  const credentials = payerCredentials.safeParse(request);
  if (!hasEmail && credentials.success) return payersPayment(db, credentials.data, caller.userId);
  const lookup = checkedRequest(receiptLookupSchema, request, 'lookup');
  // The e-mail is the secret guessed at: slowed as a password is, per reference, per address and
  // per both, so that strangers failing at a reference delay its payer a minute at most.
  const throttle = guessThrottle(db, 'receipt', lookup.reference, caller.ip);
  await throttle.take(now);
  const payment = await paymentByReference(db, lookup.reference);
  // Compared as hashes in constant time, found or not, so both misses take the same time.
  const emailMatches = sameSecret(hashToken(payment?.payerEmail ?? ''), hashToken(lookup.email));
  if (!payment || !emailMatches) throw notFound();
  await throttle.succeed();
  return payment;
}

export async function presentReceipt(
  db: Database,
  publicUrl: string,
  payment: Payment,
): Promise<Receipt> {
  return {
    reference: payment.reference,
    status: payment.status,
    amount: payment.amountSen,
    created_at: payment.createdAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
    release_at: isOpenPayment(payment.status) ? (payment.releaseAt?.toISOString() ?? null) : null,
    payer: { full_name: payment.payerName, email: payment.payerEmail, phone: payment.payerPhone },
    method: payment.paymentMethod,
    channel: channelNameOf(payment.paymentMethod, payment.gatewayPaymentId),
    card: {
      brand: payment.cardBrand,
      masked_number: maskedCardNumber(payment.cardMasked),
      bank: payment.cardBank,
      auth_code: payment.gatewayAuthCode,
      trans_id: payment.gatewayTransId,
    },
    failure_reason: payment.failureReason,
    refunds: await refundsOf(db, payment.id),
    items: await itemsOf(db, payment.id),
    check_url: checkUrl(publicUrl, payment),
  };
}

/** The service lines of a payment, in the order they were paid. */
async function itemsOf(db: Database, paymentId: number): Promise<ReceiptItem[]> {
  const lines = await db
    .select()
    .from(paymentItems)
    .where(eq(paymentItems.paymentId, paymentId))
    .orderBy(asc(paymentItems.id));
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return lines.map((line) => ({
    council: line.councilCode,
    council_name: findCouncil(line.councilCode)?.name ?? line.councilCode,
    payment_type: line.paymentType,
    account_no: line.accountNo,
    description: line.description,
    amount: line.amountSen,
    tax: line.taxSen,
    discount: line.discountSen,
    discount_name: renewalLineOf(line)?.reduction_name ?? null,
    paid_until: text(line.details.paid_until),
    license_no: text(line.details.license_no),
  }));
}

/** What was given back, or is owed back, of a payment. */
async function refundsOf(db: Database, paymentId: number): Promise<Receipt['refunds']> {
  const rows = await db
    .select()
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId))
    .orderBy(asc(refunds.id));
  return rows.map((row) => ({
    id: row.id,
    amount: row.amountSen,
    kind: row.reason === 'officer' ? ('council' as const) : ('owed_back' as const),
    status: row.status,
    refunded_at: row.refundedAt?.toISOString() ?? null,
  }));
}

/** The public page a receipt's QR code opens. */
function checkUrl(publicUrl: string, payment: Payment): string {
  return screenUrl(publicUrl, paths.receiptCheck, {
    reference: payment.reference,
    code: payment.checkCode ?? '',
  });
}

/**
 * Confirms a receipt is genuine from its QR code's reference and check code, with the bills it paid;
 * no personal data.
 */
export async function checkReceipt(db: Database, request: unknown): Promise<ReceiptCheck> {
  const query = z
    .object({ reference: z.string().max(64), code: z.string().max(64) })
    .safeParse(request);
  if (!query.success) throw notFound();
  const payment = await paymentByReference(db, query.data.reference.trim().toUpperCase());
  if (!payment || !sameSecret(payment.checkCode, query.data.code)) throw notFound();
  const items = await itemsOf(db, payment.id);
  return {
    reference: payment.reference,
    status: payment.status,
    amount: payment.amountSen,
    paid_at: payment.paidAt?.toISOString() ?? null,
    // The account numbers as the receipt prints them; who paid stays off this page.
    items: items.map(({ council, council_name, payment_type, account_no, amount }) => ({
      council,
      council_name,
      payment_type,
      account_no,
      amount,
    })),
  };
}

/** The receipt as a PDF, headed by the logos and titles of the councils it names. */
export async function receiptPdfOf(
  db: Database,
  receipt: Receipt,
  lang: Language,
): Promise<Buffer> {
  const councilLogos = new Map<string, Buffer>();
  const councilTitles = new Map<string, string>();
  for (const { code } of councilsOf(receipt)) {
    const { logo, productTitle } = await councilLetterheadOf(db, code);
    if (logo) councilLogos.set(code, logo);
    if (productTitle) councilTitles.set(code, productTitle);
  }
  return renderReceiptPdf(receipt, lang, { councilLogos, councilTitles });
}
