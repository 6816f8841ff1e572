import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
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
import type { PaymentStatus } from '@portal/domain/payment-status';
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

/**
 * A payment: one checkout of a cart, sent to the card gateway under its `reference` (DESIGN.md
 * sections 3 and 4). Only the server moves its status, and only forward.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Human-readable and unique, e.g. A10-20261122-000123; the gateway's RefNo. */
    reference: text().notNull().unique(),
    status: text().$type<PaymentStatus>().notNull(),
    channel: text().notNull().default('A10'),
    mode: text().notNull().default('ECOMMERCE'),
    payerName: text('payer_name').notNull(),
    payerEmail: text('payer_email').notNull(),
    payerPhone: text('payer_phone').notNull(),
    amountSen: bigint('amount_sen', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('payments_amount_positive', sql`${table.amountSen} > 0`)],
);

/** One line of a payment: what it pays of one bill (spec section 3's services). */
export const paymentItems = pgTable(
  'payment_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.id),
    amountSen: bigint('amount_sen', { mode: 'number' }).notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('payment_items_bill').on(table.billId),
    check('payment_items_amount_positive', sql`${table.amountSen} > 0`),
  ],
);
