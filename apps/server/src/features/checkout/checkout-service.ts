import { defaultLanguage, languages } from '@portal/domain/languages';
import {
  assessmentBalanceOf,
  assessmentSelections,
  chooseAssessmentAmount,
} from '@portal/domain/assessments';
import type { ApiErrorItem, ErrorCode } from '@portal/domain/errors';
import {
  checkoutPayerSchema,
  fieldErrors,
  localChargeAmount,
  localChargeDays,
  localChargeRateSen,
  localChargeSchema,
} from '@portal/domain/forms';
import { sumSen } from '@portal/domain/money';
import { paymentTypes, type PaymentType } from '@portal/domain/payment-types';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/database';
import {
  bills,
  councilPaymentTypes,
  councils,
  paymentItems,
  paymentReferenceSequence,
  payments,
} from '../../db/schema';
import type { GatewayClient } from '../../gateway/gateway-client';
import { AppError } from '../../lib/app-error';
import { assertOpen, lookupKey, openBill } from '../../lib/bill-rules';
import { hashToken, newSecret } from '../../lib/secrets';

const cartItemSchema = z.object({
  council: z.string().max(16),
  payment_type: z.enum(paymentTypes),
  account_no: z.string().max(64),
  amount: z.number().int().positive(),
  selection: z.enum(assessmentSelections).optional(),
  charge: z
    .object({
      license_no: z.string(),
      customer_name: z.string(),
      total_no_of_people: z.number(),
      start_date: z.string(),
      end_date: z.string(),
    })
    .optional(),
});
type CartItem = z.infer<typeof cartItemSchema>;

const checkoutRequestSchema = z.object({
  items: z.array(z.unknown()).max(100),
  payer: z.unknown(),
  lang: z.enum(languages).default(defaultLanguage),
});

export interface CheckoutAnswer {
  reference: string;
  receipt_token: string;
  amount: number;
  gateway: { action: string; fields: Record<string, string> };
}

/** A cart item priced from the council's own records, ready to become a payment line. */
interface PricedItem {
  billId: number | null;
  councilCode: string;
  paymentType: PaymentType;
  accountNo: string;
  description: string;
  amountSen: number;
  details: Record<string, unknown>;
}

/** The order in which a cart's problems are reported: the first that applies names its items. */
const problemOrder = [
  'not_found',
  'council_not_available',
  'payment_type_not_available',
  'license_status_not_allowed',
  'payment_in_progress',
  'cart_changed',
] as const satisfies readonly ErrorCode[];
type CartProblem = (typeof problemOrder)[number];

class ItemProblem extends Error {
  constructor(readonly code: CartProblem) {
    super(code);
  }
}

/**
 * Turns a cart into a payment in progress (issue 4, DESIGN.md sections 3 and 4): every bill is
 * re-read and locked, every amount recomputed in sen, and the payment and its lines are written in
 * one transaction, so two checkouts of one bill cannot both go through. Answers the signed form
 * the browser posts to the gateway, and the token that lets this browser see the receipt.
 */
export async function checkout(
  db: Database,
  gateway: GatewayClient,
  options: { cartLimit: number; now?: Date; userId?: number | undefined },
  body: unknown,
): Promise<CheckoutAnswer> {
  const request = checkoutRequestSchema.safeParse(body);
  if (!request.success) {
    throw new AppError(400, 'validation_failed', 'The checkout is not valid', {
      _: 'code_invalid',
    });
  }
  const { items: rawItems, lang } = request.data;
  if (rawItems.length === 0) {
    throw new AppError(400, 'no_account_selected', 'The cart is empty');
  }
  if (rawItems.length > options.cartLimit) {
    throw new AppError(400, 'cart_full', `A cart holds at most ${options.cartLimit} bills`);
  }
  const payer = checkoutPayerSchema.safeParse(request.data.payer ?? {});
  if (!payer.success) {
    throw new AppError(
      400,
      'validation_failed',
      'The payer details are not valid',
      fieldErrors(payer.error),
    );
  }
  const items = rawItems.map((raw) => cartItemSchema.safeParse(raw));
  if (items.some((item) => !item.success)) {
    throw new AppError(400, 'validation_failed', 'A cart item is not valid', {
      items: 'code_invalid',
    });
  }
  const cart = items.map((item) => item.data!);
  const now = options.now ?? new Date();
  const receiptToken = newSecret(32);

  const payment = await db.transaction(async (tx) => {
    const problems = new Map<CartProblem, ApiErrorItem[]>();
    const priced: PricedItem[] = [];
    for (const item of cart) {
      try {
        const line = await priceItem(tx as unknown as Database, item, payer.data);
        if (line.billId !== null && priced.some((other) => other.billId === line.billId)) {
          throw new ItemProblem('cart_changed');
        }
        priced.push(line);
      } catch (error) {
        if (!(error instanceof ItemProblem)) throw error;
        const named = {
          council: item.council,
          payment_type: item.payment_type,
          account_no: item.account_no,
        };
        problems.set(error.code, [...(problems.get(error.code) ?? []), named]);
      }
    }
    const first = problemOrder.find((code) => problems.has(code));
    if (first) throw cartProblem(first, problems.get(first)!);

    const amountSen = sumSen(priced.map((line) => line.amountSen));
    const [sequence] = await tx
      .select({ next: sql<string>`nextval(${sql.raw(`'${paymentReferenceSequence.seqName}'`)})` })
      .from(sql`(select 1) as one`);
    const [created] = await tx
      .insert(payments)
      .values({
        reference: paymentReference(now, Number(sequence!.next)),
        status: 'in_progress',
        userId: options.userId ?? null,
        payerName: payer.data.full_name,
        payerEmail: payer.data.email,
        payerPhone: payer.data.phone,
        consentName: payer.data.consent_name,
        consentIcNo: payer.data.consent_ic_no,
        cardBrand: payer.data.card_brand,
        lang,
        amountSen,
        receiptTokenHash: hashToken(receiptToken),
        checkCode: newSecret(12),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(paymentItems)
      .values(priced.map((line) => ({ ...line, paymentId: created!.id })));
    return created!;
  });

  const councilNames = [...new Set(cart.map((item) => item.council.toUpperCase()))].join(', ');
  const form = gateway.paymentForm({
    reference: payment.reference,
    amountSen: payment.amountSen,
    description: `${councilNames} EPAYMENT ${payment.reference}`,
    payerName: payment.payerName,
    payerEmail: payment.payerEmail,
    payerPhone: payment.payerPhone,
  });
  return {
    reference: payment.reference,
    receipt_token: receiptToken,
    amount: payment.amountSen,
    gateway: { action: form.action, fields: { ...form.fields } },
  };
}

/** DESIGN.md section 3: channel, date in Malaysia, and the sequence, e.g. A10-20261122-000123. */
export function paymentReference(now: Date, sequence: number): string {
  const malaysia = new Date(now.getTime() + 8 * 60 * 60 * 1000);
  const day = malaysia.toISOString().slice(0, 10).replaceAll('-', '');
  return `A10-${day}-${String(sequence).padStart(6, '0')}`;
}

function cartProblem(code: CartProblem, items: ApiErrorItem[]): AppError {
  const status = code === 'not_found' ? 404 : 409;
  const messages: Record<CartProblem, string> = {
    not_found: 'A bill in the cart no longer exists',
    council_not_available: 'This council is currently not available',
    payment_type_not_available: 'This payment type is currently not available',
    license_status_not_allowed: 'This license status is not allowed to proceed',
    payment_in_progress: 'Payment for this account is in progress',
    cart_changed: 'A bill in the cart has changed since it was added',
  };
  return new AppError(status, code, messages[code], undefined, items);
}

/** Re-reads one cart item's bill, locked until the payment is written, and prices it. */
async function priceItem(
  tx: Database,
  item: CartItem,
  payer: { full_name: string; email: string; phone: string },
): Promise<PricedItem> {
  if (item.payment_type === 'local_government_charge') return priceLocalCharge(tx, item, payer);
  const bill = await lockedBill(tx, item.council, item.payment_type, item.account_no);
  if (await hasPaymentInProgress(tx, bill.id)) throw new ItemProblem('payment_in_progress');

  if (bill.paymentType === 'assessment') {
    const choice = chooseAssessmentAmount(
      assessmentBalanceOf(bill.details),
      item.selection ?? 'full',
      item.amount,
    );
    if (!choice.ok) throw new ItemProblem('cart_changed');
    return {
      ...billLine(bill, choice.amountSen),
      details: { selection: choice.selection, paid_until: choice.paidUntil },
    };
  }
  // Everything else is paid in full, at exactly what the council's record says today.
  if (bill.amountDueSen <= 0 || item.amount !== bill.amountDueSen) {
    throw new ItemProblem('cart_changed');
  }
  return { ...billLine(bill, bill.amountDueSen), details: { sub_type: bill.subType } };
}

async function priceLocalCharge(
  tx: Database,
  item: CartItem,
  payer: { full_name: string; email: string; phone: string },
): Promise<PricedItem> {
  const charge = localChargeSchema.safeParse({ ...item.charge, ...payer });
  if (!charge.success) throw new ItemProblem('cart_changed');
  // The charge's council must take it, and its licence must exist and be in good standing.
  await assertTypeOpen(tx, item.council, 'local_government_charge');
  const licence = await lockedBill(
    tx,
    item.council,
    'license',
    charge.data.license_no.replaceAll('-', ''),
  );
  const days = localChargeDays(charge.data.start_date, charge.data.end_date);
  const amountSen = localChargeAmount({
    people: charge.data.total_no_of_people,
    days,
    rateSen: localChargeRateSen,
  });
  if (amountSen !== item.amount) throw new ItemProblem('cart_changed');
  return {
    billId: null,
    councilCode: item.council,
    paymentType: 'local_government_charge',
    accountNo: licence.displayNo,
    description: `${charge.data.customer_name}: ${charge.data.total_no_of_people} x ${days}`,
    amountSen,
    details: {
      license_no: licence.displayNo,
      customer_name: charge.data.customer_name,
      total_no_of_people: charge.data.total_no_of_people,
      total_no_of_days: days,
      start_date: charge.data.start_date,
      end_date: charge.data.end_date,
    },
  };
}

function billLine(bill: LockedBill, amountSen: number): Omit<PricedItem, 'details'> {
  return {
    billId: bill.id,
    councilCode: bill.councilCode,
    paymentType: bill.paymentType,
    accountNo: bill.displayNo,
    description: bill.description,
    amountSen,
  };
}

type LockedBill = typeof bills.$inferSelect;

/** The bill, row-locked for the rest of the transaction, once the rules allow paying it. */
async function lockedBill(
  tx: Database,
  council: string,
  paymentType: PaymentType,
  accountNo: string,
): Promise<LockedBill> {
  await assertTypeOpen(tx, council, paymentType);
  const [bill] = await tx
    .select()
    .from(bills)
    .where(
      and(
        eq(bills.councilCode, council),
        eq(bills.paymentType, paymentType),
        eq(bills.accountNo, lookupKey(accountNo.replaceAll('-', ''))),
      ),
    )
    .for('update');
  return asItemProblem(() =>
    openBill({ councilAvailable: true, paymentTypeAvailable: true, bill: bill ?? null }),
  );
}

async function assertTypeOpen(tx: Database, council: string, paymentType: PaymentType) {
  const [row] = await tx
    .select({
      councilAvailable: councils.available,
      paymentTypeAvailable: councilPaymentTypes.available,
    })
    .from(councils)
    .leftJoin(
      councilPaymentTypes,
      and(
        eq(councilPaymentTypes.councilCode, councils.code),
        eq(councilPaymentTypes.paymentType, paymentType),
      ),
    )
    .where(eq(councils.code, council));
  if (!row) throw new ItemProblem('not_found');
  asItemProblem(() => assertOpen(row));
}

/** Runs a shared bill rule, turning its error into this item's problem. */
function asItemProblem<T>(rule: () => T): T {
  try {
    return rule();
  } catch (error) {
    if (error instanceof AppError && (problemOrder as readonly string[]).includes(error.code)) {
      throw new ItemProblem(error.code as CartProblem);
    }
    throw error;
  }
}

async function hasPaymentInProgress(tx: Database, billId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: paymentItems.id })
    .from(paymentItems)
    .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
    .where(and(eq(paymentItems.billId, billId), eq(payments.status, 'in_progress')))
    .limit(1);
  return row !== undefined;
}
