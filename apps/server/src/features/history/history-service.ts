import { channelNameOf } from '@portal/domain/payment-methods';
import {
  historyPageSize,
  type HistoryPage,
  type HistoryQuery,
} from '@portal/domain/contracts/history';
import { and, asc, count, desc, eq, exists, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { CouncilCode } from '@portal/domain/councils';
import { sumSen } from '@portal/domain/money';
import { councils, paymentItems, payments, refunds } from '../../db/schema';

/** One page of the user's payments, newest first, each with its service lines (docs/receipts.md). */
export async function paymentHistory(
  db: Database,
  userId: number,
  query: HistoryQuery,
): Promise<HistoryPage> {
  const conditions = [eq(payments.userId, userId)];
  if (query.status) conditions.push(eq(payments.status, query.status));
  if (query.council) {
    conditions.push(
      exists(
        db
          .select({ one: paymentItems.id })
          .from(paymentItems)
          .where(
            and(
              eq(paymentItems.paymentId, payments.id),
              eq(paymentItems.councilCode, query.council),
            ),
          ),
      ),
    );
  }
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(payments)
    .where(where);
  const page = await db
    .select()
    .from(payments)
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(historyPageSize)
    .offset((query.page - 1) * historyPageSize);
  const lines =
    page.length === 0
      ? []
      : await db
          .select({ item: paymentItems, councilName: councils.name })
          .from(paymentItems)
          .innerJoin(councils, eq(councils.code, paymentItems.councilCode))
          .where(
            inArray(
              paymentItems.paymentId,
              page.map((payment) => payment.id),
            ),
          )
          .orderBy(asc(paymentItems.id));
  const refunded =
    page.length === 0
      ? []
      : await db
          .select({ paymentId: refunds.paymentId, amountSen: refunds.amountSen })
          .from(refunds)
          .where(
            and(
              inArray(
                refunds.paymentId,
                page.map((payment) => payment.id),
              ),
              eq(refunds.status, 'refunded'),
            ),
          );
  return {
    payments: page.map((payment) => ({
      reference: payment.reference,
      created_at: payment.createdAt.toISOString(),
      paid_at: payment.paidAt?.toISOString() ?? null,
      status: payment.status,
      amount: payment.amountSen,
      payment_method: payment.paymentMethod,
      payment_channel: channelNameOf(payment.paymentMethod, payment.gatewayPaymentId),
      refunded: sumSen(
        refunded
          .filter((refund) => refund.paymentId === payment.id)
          .map((refund) => refund.amountSen),
      ),
      items: lines
        .filter(({ item }) => item.paymentId === payment.id)
        .map(({ item, councilName }) => ({
          council: item.councilCode as CouncilCode,
          council_name: councilName,
          payment_type: item.paymentType,
          account_no: item.accountNo,
          amount: item.amountSen,
        })),
    })),
    page: query.page,
    page_size: historyPageSize,
    total,
  };
}
