import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PaymentType } from '@portal/domain/payment-types';

/**
 * The councils the portal serves. Whether a council takes payments is data an officer can change,
 * not code (issue 3).
 */
export const councils = pgTable('councils', {
  code: text().primaryKey(),
  name: text().notNull(),
  shortName: text('short_name').notNull(),
  productTitle: text('product_title').notNull(),
  available: boolean().notNull().default(true),
  sortOrder: integer('sort_order').notNull(),
});

/** Which payment types each council offers online, and whether each is open right now. */
export const councilPaymentTypes = pgTable(
  'council_payment_types',
  {
    councilCode: text('council_code')
      .notNull()
      .references(() => councils.code),
    paymentType: text('payment_type').$type<PaymentType>().notNull(),
    available: boolean().notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.councilCode, table.paymentType] })],
);

/**
 * Every bill or licence a citizen can look up, one row each whatever its payment type: the
 * columns every type shares, and the type's own fields in `details` (docs/decisions/0002).
 */
export const bills = pgTable(
  'bills',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    councilCode: text('council_code')
      .notNull()
      .references(() => councils.code),
    paymentType: text('payment_type').$type<PaymentType>().notNull(),
    /** The number a citizen types, normalised as search normalises it (no hyphens where stripped). */
    accountNo: text('account_no').notNull(),
    /** The number as the council prints it. */
    displayNo: text('display_no').notNull(),
    /** compound_type, plan_type or licence kind (m_kod_type), where the type has one. */
    subType: text('sub_type'),
    status: text().notNull(),
    ownerName: text('owner_name').notNull(),
    ownerIc: text('owner_ic'),
    address: text(),
    description: text().notNull(),
    /** What is owed in full today, in sen. */
    amountDueSen: bigint('amount_due_sen', { mode: 'number' }).notNull(),
    dueDate: date('due_date'),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bills_lookup').on(table.councilCode, table.paymentType, table.accountNo),
    check('bills_amount_due_not_negative', sql`${table.amountDueSen} >= 0`),
  ],
);
