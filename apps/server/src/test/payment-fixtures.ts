import {
  enquiryAnswers,
  formatGatewayAmount,
  responseSignature,
  type GatewayResponse,
  type Merchant,
} from '@portal/gateway-protocol/ipay88';
import { openStatuses } from '@portal/domain/payment-status';
import { and, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import { demoPaymentInProgress } from '../demo/demo-data';
import {
  bills,
  councilPaymentTypes,
  councils,
  ledgerEntries,
  paymentItems,
  payments,
} from '../db/schema';
import type { FastifyInstance } from 'fastify';
import { readEnquiryAnswer, type GatewayClient } from '../gateway/gateway-client';
import { requeryPayment } from '../features/payments';
import { pageCsrf } from './page-csrf';
import { testGatewaySettings } from './test-gateway-settings';

export const testPayer = {
  full_name: 'Siti Aminah binti Yusof',
  email: 'siti@example.com',
  phone: '0198765432',
  id_type: 'new_id',
  id_no: '900101125678',
};

/**
 * Payable bills no other test of the suite has taken yet: a suite shares one database, and a
 * paid bill cannot be paid again.
 */
export function billPicker(db: () => Database) {
  const taken: number[] = [];
  return async (
    paymentType: 'compound' | 'ticket' | 'market' | 'license' = 'compound',
    /** Of this council only (back-office tests act as one council's staff). */
    council?: string,
  ) => {
    const busy = db()
      .select({ id: paymentItems.billId })
      .from(paymentItems)
      .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
      .where(inArray(payments.status, openStatuses));
    const [row] = await db()
      .select()
      .from(bills)
      .innerJoin(councils, and(eq(councils.code, bills.councilCode), eq(councils.available, true)))
      .innerJoin(
        councilPaymentTypes,
        and(
          eq(councilPaymentTypes.councilCode, bills.councilCode),
          eq(councilPaymentTypes.paymentType, bills.paymentType),
          eq(councilPaymentTypes.available, true),
        ),
      )
      .where(
        and(
          eq(bills.paymentType, paymentType),
          council ? eq(bills.councilCode, council) : undefined,
          gt(bills.amountDueSen, 0),
          inArray(bills.status, ['unpaid', 'active', 'expired', 'approved']),
          notInArray(bills.id, taken.length > 0 ? taken : [0]),
          notInArray(bills.id, sql`(${busy})`),
        ),
      )
      .limit(1);
    const bill = row?.bills;
    if (!bill) throw new Error(`no payable ${paymentType} bill left`);
    taken.push(bill.id);
    return bill;
  };
}

/** The cart item the web app would send for a bill, at the amount it owes. */
export function cartItemFor(bill: typeof bills.$inferSelect) {
  return {
    council: bill.councilCode,
    payment_type: bill.paymentType,
    account_no: bill.displayNo,
    amount: bill.amountDueSen,
  };
}

/** A gateway response as the card gateway would sign it, by default for the test merchant. */
export function signedGatewayResponse(
  reference: string,
  amountSen: number,
  overrides: Partial<GatewayResponse> & { approved?: boolean } = {},
  merchant: Merchant = testGatewaySettings,
): Record<string, string> {
  const { approved = true, ...fields } = overrides;
  const response = {
    MerchantCode: merchant.merchantCode,
    PaymentId: '2',
    RefNo: reference,
    Amount: formatGatewayAmount(amountSen),
    Currency: 'MYR',
    Remark: '',
    TransId: `T${reference.replaceAll(/\D/g, '').slice(-9)}`,
    AuthCode: approved ? '123456' : '',
    Status: approved ? '1' : '0',
    ErrDesc: approved ? '' : 'Card declined',
    CCName: 'SITI AMINAH',
    CCNo: '411111xxxxxx1111',
    S_bankname: 'MayBank',
    S_country: 'MALAYSIA',
    ...fields,
  };
  return {
    ...response,
    Signature: fields.Signature ?? responseSignature(merchant, response),
  };
}

/** The portal as tests call it (a built app, or whichever `useTestApp` builds for the suite). */
type Injectable = () => { inject: FastifyInstance['inject'] };

/** A JSON POST as the portal's own pages send it, with the CSRF cookie and header. */
export function pagePoster(app: Injectable) {
  return (url: string, payload: object) =>
    app().inject({
      method: 'POST',
      url,
      payload,
      ...pageCsrf,
    });
}

/** A form POST as the card gateway sends its return (through the browser) or its callback. */
export function gatewayPoster(app: Injectable) {
  return (path: 'return' | 'callback', fields: Record<string, string>) =>
    app().inject({
      method: 'POST',
      url: `/api/payments/${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
}

/** What the tests and tools send a request with: the portal's inject, or a real HTTP client. */
export type PostJson = (
  url: string,
  payload: object,
) => Promise<{ statusCode: number; json(): unknown; body: string }>;

export interface StartedPayment {
  reference: string;
  receipt_token: string;
  amount: number;
  gateway: { action: string; fields: Record<string, string> };
}

/**
 * Checks a cart out and hands the payment over to the gateway, as the web app does before it
 * posts the gateway's form: the payment is then in progress, its card page as good as open.
 */
export async function startPayment(
  post: PostJson,
  items: object[],
  payer: object = testPayer,
  paymentId?: string,
): Promise<StartedPayment> {
  const checkout = await post('/api/checkout', {
    items,
    payer,
    lang: 'en',
    ...(paymentId && { payment_id: paymentId }),
  });
  if (checkout.statusCode !== 200) {
    throw new Error(`checkout answered ${checkout.statusCode}: ${checkout.body}`);
  }
  const created = checkout.json() as Omit<StartedPayment, 'gateway'>;
  const handover = await post('/api/payments/handover', {
    reference: created.reference,
    receipt_token: created.receipt_token,
  });
  const { gateway } = handover.json() as { gateway: StartedPayment['gateway'] | null };
  if (handover.statusCode !== 200 || !gateway) {
    throw new Error(`handover answered ${handover.statusCode}: ${handover.body}`);
  }
  return { ...created, gateway };
}

/**
 * The gateway's requery says a payment was paid, as the reconciliation job would hear it: the
 * gateway's own word, which a late approval needs before money is owed back.
 */
export async function approvedOnRequery(db: Database, reference: string): Promise<void> {
  const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
  if (!payment) throw new Error(`no payment ${reference}`);
  const answer = readEnquiryAnswer(reference, payment.amountSen, enquiryAnswers.paid);
  const gateway = { enquire: async () => answer } as unknown as GatewayClient;
  await requeryPayment(
    db,
    gateway,
    loadConfig({ NODE_ENV: 'test' }).paymentTimings,
    payment,
    new Date(),
  );
}

/**
 * A council's record that would mark paid off the demo assessment a citizen's payment holds:
 * what a bill import must leave alone.
 */
export async function paidOffHeldBill(db: Database) {
  const [held] = await db
    .select()
    .from(bills)
    .where(
      and(
        eq(bills.councilCode, demoPaymentInProgress.councilCode),
        eq(bills.accountNo, demoPaymentInProgress.accountNo),
      ),
    );
  return {
    payment_type: 'assessment',
    account_no: demoPaymentInProgress.accountNo,
    status: 'paid',
    owner_name: held!.ownerName,
    description: held!.description,
    amount_due_sen: 0,
    details: { assessed_year: 2026, arrears_sen: 0, current_sen: 0, special_discount_sen: 0 },
  };
}

/**
 * Paid lines of one payment, posted to their councils' ledgers at `postedAt`, as settling writes
 * them: for a test that reads the ledger without walking a payment through the gateway.
 */
export async function postedLines(
  db: Database,
  paymentId: number,
  lines: Omit<typeof paymentItems.$inferInsert, 'paymentId'>[],
  postedAt: Date,
) {
  const items = await db
    .insert(paymentItems)
    .values(lines.map((line) => ({ ...line, paymentId })))
    .returning();
  await db.insert(ledgerEntries).values(
    items.map((item) => ({
      paymentId,
      paymentItemId: item.id,
      amountSen: item.amountSen,
      postedAt,
    })),
  );
  return items;
}
