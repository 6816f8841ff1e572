import { openStatuses } from '@portal/domain/payment-status';
import { accountKey, type PaymentType } from '@portal/domain/payment-types';
import { and, eq, getTableName, sql, type Column, type SQLWrapper } from 'drizzle-orm';
import { bills, councilPaymentTypes, councils, paymentItems, payments } from '../db/schema';

/**
 * The pieces of SQL that search and checkout both read a bill with, so that a citizen is told
 * at search exactly what checkout will later enforce (docs/search.md, docs/payments.md).
 */

/**
 * Whether the council is open and whether it takes the payment type joined by
 * `councilTakes` (null when it does not offer it at all), with its local-charge limits and
 * assessment rates.
 */
export const availabilityColumns = {
  councilAvailable: councils.available,
  paymentTypeAvailable: councilPaymentTypes.available,
  localChargeLimits: {
    max_people: councils.localChargeMaxPeople,
    max_days: councils.localChargeMaxDays,
  },
  assessmentRates: {
    partialDiscountBp: councils.assessmentPartialDiscountBp,
    arrearsDiscountBp: councils.assessmentArrearsDiscountBp,
  },
};

/** Joins a council's row to its row for one payment type, for `availabilityColumns`. */
export function councilTakes(paymentType: SQLWrapper | PaymentType) {
  return and(
    eq(councilPaymentTypes.councilCode, councils.code),
    eq(councilPaymentTypes.paymentType, paymentType),
  );
}

/**
 * A column named with its table, as a subquery must name it: drizzle leaves the table out when a
 * statement reads one table only, and the subquery's own tables would then capture the name.
 */
export function qualified(column: Column) {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * Until when a payment holding the bill lets it go, or null when no open payment holds it. A
 * holding payment without a release time holds it all the same (as of the epoch, never null).
 */
export function heldUntil(billId: Column | number) {
  const bill = typeof billId === 'number' ? billId : qualified(billId);
  return sql<Date | null>`(
    select max(coalesce(${qualified(payments.releaseAt)}, 'epoch'::timestamptz))
    from ${paymentItems} join ${payments}
      on ${qualified(payments.id)} = ${qualified(paymentItems.paymentId)}
    where ${qualified(paymentItems.billId)} = ${bill}
      and ${qualified(payments.status)} in ${openStatuses})`.mapWith(payments.releaseAt);
}

/** The columns a bill is found by: council, payment type and its account key. */
export function billAt(
  council: SQLWrapper | string,
  paymentType: SQLWrapper | PaymentType,
  key: SQLWrapper | string,
) {
  return and(
    eq(bills.councilCode, council),
    eq(bills.paymentType, paymentType),
    eq(bills.accountNo, key),
  );
}

/**
 * Where a bill stands in the one order every writer locks bills in (checkout, the council API,
 * file imports): council, payment type, account key, compared as bytes. Two writers that each
 * lock their bills in this order never wait on each other (a deadlock).
 */
export function billLockKey(council: string, paymentType: string, accountNo: string): string {
  return [council, paymentType, accountKey(paymentType, accountNo)].join('\u0000');
}

/** Sorts by `billLockKey`, as byte strings (PostgreSQL's `collate "C"`), never by locale. */
export function inLockOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
