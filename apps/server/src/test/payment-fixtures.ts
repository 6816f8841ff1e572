import {
  formatGatewayAmount,
  responseSignature,
  type GatewayResponse,
} from '@portal/gateway-protocol/ipay88';
import { and, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { bills, councilPaymentTypes, councils, paymentItems, payments } from '../db/schema';
import { testGatewaySettings } from './test-gateway-settings';

export const testPayer = {
  full_name: 'Siti Aminah binti Yusof',
  email: 'siti@example.com',
  phone: '0198765432',
  consent_name: 'Siti Aminah binti Yusof',
  consent_ic_no: '900101125678',
  card_brand: 48,
};

/**
 * Payable bills no other test of the suite has taken yet: a suite shares one database, and a
 * paid bill cannot be paid again.
 */
export function billPicker(db: () => Database) {
  const taken: number[] = [];
  return async (paymentType: 'compound' | 'ticket' | 'market' | 'license' = 'compound') => {
    const busy = db()
      .select({ id: paymentItems.billId })
      .from(paymentItems)
      .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
      .where(eq(payments.status, 'in_progress'));
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
  merchant: { merchantCode: string; merchantKey: string } = testGatewaySettings,
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
    CCNo: '4111111111',
    S_bankname: 'MayBank',
    TranDate: '2026-11-22 10:00:00',
    ...fields,
  };
  return {
    ...response,
    Signature: fields.Signature ?? responseSignature(merchant.merchantKey, response),
  };
}
