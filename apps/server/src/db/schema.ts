import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  type AnyPgColumn,
  customType,
  index,
  boolean,
  check,
  date,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Role } from '@portal/domain/contracts/session';
import type { AuditAction } from '@portal/domain/contracts/audit';
import type { BillImportStep } from '@portal/domain/contracts/bill-import';
import type { CouncilCode } from '@portal/domain/councils';
import type { StaffRole } from '@portal/domain/staff';
import type { PaymentStatus } from '@portal/domain/payment-status';
import type { RefundLine, RefundReason, RefundStatus } from '@portal/domain/refunds';
import type { PaymentType } from '@portal/domain/payment-types';
import type { PaymentMethod } from '@portal/domain/payment-methods';
import type { CardBrand } from '@portal/domain/cards';
import type { IdentityType } from '@portal/domain/identities';
import type { ContactDetails } from '@portal/domain/contacts';
import type { ImageType } from '@portal/domain/images';
import type { Language } from '@portal/domain/languages';
import type {
  LicenceApplicationStatus,
  LicenceKind,
  LicenceStatus,
  ReductionMethod,
} from '@portal/domain/licences';

/** Binary data, read as a Buffer whichever driver gives it (pg a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Pictures the portal shows and prints: councils' logos and licensed premises. Each is named by
 * the SHA-256 of its bytes (docs/licences.md), checked to be a PNG or JPEG before it is stored.
 */
export const images = pgTable('images', {
  id: text().primaryKey(),
  contentType: text('content_type').notNull().$type<ImageType>(),
  width: integer().notNull(),
  height: integer().notNull(),
  bytes: bytea().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the portal runs with (docs/site-settings.md): each change is a new row, the newest is in
 * force, and every earlier one stays to say who changed what and when.
 */
export const siteSettingsVersions = pgTable('site_settings', {
  version: integer().primaryKey().generatedAlwaysAsIdentity(),
  /** Checked by the domain's `siteSettings` when read. */
  settings: jsonb().notNull(),
  changedBy: text('changed_by').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The portal's own pages in each language (docs/content-pages.md), seeded from
 * `db/seed-content` and edited afterwards by the council's staff.
 */
export const contentPages = pgTable(
  'content_pages',
  {
    page: text().notNull(),
    lang: text().notNull().$type<Language>(),
    title: text().notNull(),
    /** Markdown, drawn by the web app as elements and never as HTML. */
    body: text().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
  },
  (table) => [primaryKey({ columns: [table.page, table.lang] })],
);

/**
 * The councils the portal serves. Whether a council takes payments is data an officer can change,
 * not code.
 */
export const councils = pgTable(
  'councils',
  {
    code: text().primaryKey(),
    name: text().notNull(),
    shortName: text('short_name').notNull(),
    productTitle: text('product_title').notNull(),
    available: boolean().notNull().default(true),
    sortOrder: integer('sort_order').notNull(),
    /** The most people and days one local government charge may be for (docs/payments.md). */
    localChargeMaxPeople: integer('local_charge_max_people').notNull().default(1000),
    localChargeMaxDays: integer('local_charge_max_days').notNull().default(366),
    /** Shown on its licences and receipts; a drawn crest stands in while it has none. */
    logoImage: text('logo_image').references(() => images.id),
    /** Phone, e-mail, address and hours, as the council confirmed them; null until it has. */
    contact: jsonb().$type<ContactDetails>(),
    /** The rates the assessment selection rule leaves to the council (docs/assessment.md), in bp. */
    assessmentPartialDiscountBp: integer('assessment_partial_discount_bp').notNull().default(5000),
    assessmentArrearsDiscountBp: integer('assessment_arrears_discount_bp').notNull().default(0),
  },
  (table) => [
    check(
      'councils_assessment_rates_are_shares',
      sql`${table.assessmentPartialDiscountBp} between 0 and 10000 and ${table.assessmentArrearsDiscountBp} between 0 and 10000`,
    ),
  ],
);

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
 * A way to pay a council has switched off (docs/payment-methods.md); every method not listed, or
 * listed as available, is offered for its bills.
 */
export const councilPaymentMethods = pgTable(
  'council_payment_methods',
  {
    councilCode: text('council_code')
      .notNull()
      .references(() => councils.code),
    method: text().$type<PaymentMethod>().notNull(),
    available: boolean().notNull(),
  },
  (table) => [primaryKey({ columns: [table.councilCode, table.method] })],
);

/**
 * A bank or e-wallet the state-wide admin marked down, or up again, by the gateway's PaymentId
 * (docs/payment-methods.md): iPay88 tells merchants of outages, but not over its protocol. One not
 * listed is up.
 */
export const paymentChannelStates = pgTable('payment_channel_states', {
  paymentId: text('payment_id').primaryKey(),
  online: boolean().notNull(),
  reason: text().notNull(),
  changedBy: text('changed_by').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});

/** A bill's own columns: those of `bills`, and of the rows a file import stages for them. */
const billColumns = {
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
};

/**
 * A bill's vehicle plate as `plateKey` (domain compounds.ts) normalises a typed one: capitals, no
 * spaces or hyphens. The plate index is built on this expression, so a query must use it as is.
 */
export function vehiclePlateKey(details: AnyPgColumn | SQL) {
  return sql`upper(translate((${details} ->> 'vehicle_plate'), ' -', ''))`;
}

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
    ...billColumns,
    /**
     * When a payment through the portal last settled on it, and which: a council's record of
     * figures older than that does not undo it (docs/council-api.md).
     */
    portalPaidAt: timestamp('portal_paid_at', { withTimezone: true }),
    portalPaymentId: integer('portal_payment_id').references((): AnyPgColumn => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bills_lookup').on(table.councilCode, table.paymentType, table.accountNo),
    // The lists of docs/search.md: a vehicle's compounds and tickets, by its plate as `plateKey`
    // normalises it; and an owner's bills, by the MyKad number as councils send it (12 digits).
    index('bills_vehicle_plate')
      .on(table.councilCode, vehiclePlateKey(table.details))
      .where(sql`${table.paymentType} in ('compound', 'ticket')`),
    index('bills_owner_ic')
      .on(table.councilCode, table.ownerIc)
      .where(sql`${table.ownerIc} is not null`),
    check('bills_amount_due_not_negative', sql`${table.amountDueSen} >= 0`),
  ],
);

/** Numbers the day's payments in their references (A10-20261122-000123). */
export const paymentReferenceSequence = pgSequence('payment_reference_seq');

/** Places committed ledger entries in the council feed, in the order they are placed. */
export const ledgerFeedSequence = pgSequence('ledger_feed_position_seq');

/**
 * A registered user. The e-mail is stored lower-cased and identifies the account; the
 * password only as an argon2id hash.
 */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull().unique(),
    fullName: text('full_name').notNull(),
    /**
     * The number of the identity document of type `idType` (a MyKad's, an old IC's, a passport's…);
     * encrypted (lib/personal-data.ts): never in clear at rest.
     */
    icNum: text('ic_num').notNull(),
    idType: text('id_type').$type<IdentityType>().notNull().default('new_id'),
    /** A keyed hash of the identity (identityLookupKey), to find an account without decrypting every row. */
    icNumHash: text('ic_num_hash'),
    phone: text().notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text()
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`'{user}'::text[]`),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * The language the user last used to save an account or choose their reminders: the one their
     * reminder e-mails are written in.
     */
    lang: text().$type<Language>().notNull().default('ms'),
    /** Which reminder e-mails of their saved accounts they want (docs/my-accounts.md). */
    remindAssessment: boolean('remind_assessment').notNull().default(true),
    remindLicense: boolean('remind_license').notNull().default(true),
    remindCompound: boolean('remind_compound').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('users_ic_num_hash').on(table.icNumHash)],
);

/**
 * A logged-in browser: the cookie holds a random 128-bit id, the table only
 * its SHA-256, so a copy of the database opens no session. Any server can read it.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user').on(table.userId)],
);

/** A forgotten-password request: a random single-use token, stored hashed, valid 24 hours. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_resets_user').on(table.userId)],
);

/** The code e-mailed to confirm a user's address; one at a time per user, stored hashed. */
export const emailVerifications = pgTable('email_verifications', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
});

/**
 * Failed logins, per account, per client address and per pair of both (docs/accounts.md): each
 * failure makes the next attempt wait longer, instead of locking the owner out.
 */
export const loginFailures = pgTable('login_failures', {
  key: text().primaryKey(),
  failures: integer().notNull(),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
});

/**
 * Rate-limit counters, one row per key (e.g. `login:ip:203.0.113.9`) and window, shared by every
 * server.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  hits: integer().notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * A payment: one checkout of a cart, sent to the card gateway under its `reference`
 * (docs/payments.md). Only the server moves its status, and only forward.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Human-readable and unique, e.g. A10-20261122-000123; the gateway's RefNo. */
    reference: text().notNull().unique(),
    status: text().$type<PaymentStatus>().notNull(),
    /** The logged-in payer, or a guest's payment claimed once its e-mail's owner verified it. */
    userId: integer('user_id').references(() => users.id),
    channel: text().notNull().default('A10'),
    mode: text().notNull().default('ECOMMERCE'),
    payerName: text('payer_name').notNull(),
    payerEmail: text('payer_email').notNull(),
    payerPhone: text('payer_phone').notNull(),
    /** The payer, who consents to the payment: the same as `payerName` since the name is asked once. */
    consentName: text('consent_name').notNull().default(''),
    /** The payer's identity number, of type `consentIdType`; encrypted (lib/personal-data.ts). */
    consentIcNo: text('consent_ic_no').notNull().default(''),
    consentIdType: text('consent_id_type').$type<IdentityType>().notNull().default('new_id'),
    /** How it is paid: chosen at checkout, then as the gateway's signed answer names it. */
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull().default('card'),
    /** The gateway's PaymentId of that bank, wallet or card (docs/payment-methods.md). */
    gatewayPaymentId: text('gateway_payment_id').notNull().default('2'),
    /** The card's network as the gateway reported it (visa, mastercard…); null until it has. */
    cardBrand: text('card_brand').$type<CardBrand>(),
    /** The payer's language, for the receipt e-mail. */
    lang: text().notNull().default('ms'),
    amountSen: bigint('amount_sen', { mode: 'number' }).notNull(),
    /** What the gateway's card page and the card statement show for it (its ProdDesc). */
    description: text().notNull().default(''),
    /** SHA-256 of the token the payer's browser holds to see its receipt (references are guessable). */
    receiptTokenHash: text('receipt_token_hash'),
    /** Random; in the receipt's QR code, so that the public check page cannot be enumerated. */
    checkCode: text('check_code'),
    gatewayTransId: text('gateway_trans_id'),
    gatewayAuthCode: text('gateway_auth_code'),
    cardMasked: text('card_masked'),
    cardBank: text('card_bank'),
    failureReason: text('failure_reason'),
    /** Set when a gateway message could not be trusted or applied: an officer must look. */
    reviewReason: text('review_reason'),
    /** The other transaction of a `second_approval` review, beside `gatewayTransId`. */
    reviewTransId: text('review_trans_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * Who opened it, for the limit on open payments per client: `user:<id>` for a logged-in
     * payer, else `ip:<address>`.
     */
    clientKey: text('client_key').notNull().default(''),
    /** When the payer's browser was last handed the gateway's form (docs/payments.md). */
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    /** How many times it was: the first time, and each "continue". */
    handovers: integer().notNull().default(0),
    /**
     * The earliest its bills may go back to others: a checkout never handed over after a few
     * minutes; once handed over, after the gateway's card page has timed out, plus a margin.
     */
    releaseAt: timestamp('release_at', { withTimezone: true }),
    /**
     * When the reconciliation job next asks the gateway about it (claimed by one server); null
     * when nothing is left to ask.
     */
    requeryAfter: timestamp('requery_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('payments_amount_positive', sql`${table.amountSen} > 0`),
    index('payments_user_history').on(table.userId, table.createdAt),
    index('payments_payer_email').on(table.payerEmail),
    index('payments_requery_due')
      .on(table.requeryAfter)
      .where(sql`${table.requeryAfter} is not null`),
    index('payments_open_by_client')
      .on(table.clientKey)
      .where(sql`${table.status} in ('created', 'in_progress', 'pending')`),
  ],
);

/**
 * Money given back to a payer's card (docs/refunds.md). Two kinds: money the gateway took that no
 * bill could keep (an approval that came after the portal had closed the payment and another
 * payment had paid its bills, or a second approval of one reference), owed back until an officer
 * refunds it or resolves it otherwise; and an officer's refund of part or all of a settled
 * payment, whose ledger reversals are posted once the gateway confirms it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    /** The gateway's TransId of the approval being given back; '' when only a requery told of it. */
    gatewayTransId: text('gateway_trans_id').notNull(),
    amountSen: bigint('amount_sen', { mode: 'number' }).notNull(),
    /** bills_paid_meanwhile or second_approval (owed back), or officer */
    reason: text().$type<RefundReason>().notNull(),
    status: text().$type<RefundStatus>().notNull().default('due'),
    /** An officer refund's lines: how much of which payment line it gives back. */
    lines: jsonb().$type<RefundLine[]>().notNull().default([]),
    /** The officer's reason for a refund, or for resolving an owed refund otherwise. */
    note: text(),
    /** Who recorded it; null for a refund the portal owed by itself and nobody acted on yet. */
    staffId: integer('staff_id').references(() => staff.id),
    /** The portal's key of the refund, `<reference>/R<n>`, as the council's ledger feed names it. */
    refundRef: text('refund_ref').unique(),
    /** The gateway's reference of the refund made in its merchant portal, as the officer typed it. */
    gatewayRefundId: text('gateway_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('refunds_once_per_transaction')
      .on(table.paymentId, table.gatewayTransId)
      .where(sql`${table.reason} <> 'officer'`),
    index('refunds_payment').on(table.paymentId),
    index('refunds_open')
      .on(table.status)
      .where(sql`${table.status} = 'due'`),
    check('refunds_amount_positive', sql`${table.amountSen} > 0`),
  ],
);

/**
 * One line of a payment: what it pays of one bill. A local government
 * charge has no bill: it is created by its payment, from the charge form kept in `details`.
 */
export const paymentItems = pgTable(
  'payment_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    billId: integer('bill_id').references(() => bills.id),
    councilCode: text('council_code').notNull(),
    paymentType: text('payment_type').$type<PaymentType>().notNull(),
    /** As the council prints it. */
    accountNo: text('account_no').notNull(),
    description: text().notNull(),
    amountSen: bigint('amount_sen', { mode: 'number' }).notNull(),
    /** The tax included in the amount, as the council's bill states it (docs/assessment.md). */
    taxSen: bigint('tax_sen', { mode: 'number' }).notNull().default(0),
    /** Taken off the bill besides the amount: a special discount, a waiver, a reduction. */
    discountSen: bigint('discount_sen', { mode: 'number' }).notNull().default(0),
    /** What the line paid for: selection, paid_until, licence and charge data (docs/receipts.md). */
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('payment_items_bill').on(table.billId),
    index('payment_items_payment').on(table.paymentId),
    check('payment_items_amount_positive', sql`${table.amountSen} > 0`),
    check(
      'payment_items_tax_discount_not_negative',
      sql`${table.taxSen} >= 0 and ${table.taxSen} <= ${table.amountSen} and ${table.discountSen} >= 0`,
    ),
  ],
);

/**
 * The council ledger: what each settled payment line took in, and what a refund gave back of it
 * (a negative entry, never an edit). One entry per payment line, and one per refund and line, so
 * that a payment or a refund applied twice breaks a unique index rather than posting twice.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    paymentItemId: integer('payment_item_id')
      .notNull()
      .references(() => paymentItems.id),
    /** The bill the line paid; null for a local government charge, which has none. */
    billId: integer('bill_id').references(() => bills.id),
    /** Set on a reversal: the refund that gave the (negative) amount back. */
    refundId: integer('refund_id').references(() => refunds.id),
    amountSen: bigint('amount_sen', { mode: 'number' }).notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Its place in the council feed (docs/council-api.md), given once it is committed, in the order
     * entries are placed: null until then. Never changed once given.
     */
    feedPosition: bigint('feed_position', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('ledger_entries_feed_position').on(table.feedPosition),
    uniqueIndex('ledger_entries_once')
      .on(table.paymentItemId)
      .where(sql`${table.refundId} is null`),
    uniqueIndex('ledger_entries_reversal_once')
      .on(table.refundId, table.paymentItemId)
      .where(sql`${table.refundId} is not null`),
    index('ledger_entries_posted').on(table.postedAt),
    check(
      'ledger_entries_sign',
      sql`(${table.refundId} is null and ${table.amountSen} > 0) or (${table.refundId} is not null and ${table.amountSen} < 0)`,
    ),
  ],
);

/**
 * Every message the gateway sent or answered about a payment, and what we made of it; and an
 * officer's resolution of a review (source `office`), which stands for the gateway's report.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id').references(() => payments.id),
    reference: text().notNull(),
    /** return, callback, requery or office */
    source: text().notNull(),
    /** applied, duplicate, rejected, flagged, unknown, refund_due, to_confirm */
    outcome: text().notNull(),
    note: text(),
    fields: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** `<source>:<signature>` of a signed message: the same message is kept once (settle-payment.ts). */
    contentKey: text('content_key'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_events_payment').on(table.paymentId),
    index('payment_events_reference').on(table.reference, table.contentKey),
  ],
);

/**
 * Outgoing mail: queued in the same transaction as what caused it, sent by a background job.
 * Without SMTP, a message stays here as the local outbox (`/dev/mail`).
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** receipt, refund_due, refunded, or an account mail (password_reset, email_verification) */
    kind: text().notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    /** The refund a `refunded` mail tells of. */
    refundId: integer('refund_id').references(() => refunds.id),
    recipient: text().notNull(),
    /** queued, sent (over SMTP), outbox (kept here), failed */
    status: text().notNull().default('queued'),
    subject: text(),
    text: text(),
    html: text(),
    attachments: jsonb()
      .$type<{ filename: string; contentType: string; contentBase64: string }[]>()
      .notNull()
      .default([]),
    /** Headers of its own, written when it was queued (a reminder's List-Unsubscribe). */
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    attempts: integer().notNull().default(0),
    lastError: text('last_error'),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_messages_queued')
      .on(table.sendAfter)
      .where(sql`${table.status} = 'queued'`),
  ],
);

/**
 * How each council renews its licences online (docs/licences.md): data an officer changes, not
 * code. Every council has a row, written with the defaults at start.
 */
export const licenceRenewalRules = pgTable(
  'licence_renewal_rules',
  {
    councilCode: text('council_code')
      .primaryKey()
      .references(() => councils.code),
    renewableStatuses: text('renewable_statuses')
      .array()
      .$type<LicenceStatus[]>()
      .notNull()
      .default(sql`'{active,expired,approved}'`),
    earlyRenewalDays: integer('early_renewal_days').notNull().default(60),
    processFeeSen: bigint('process_fee_sen', { mode: 'number' }).notNull().default(1000),
    /** Raised by every change: a change names the version it was read at (docs/licences.md). */
    version: integer().notNull().default(1),
  },
  (table) => [
    check('licence_renewal_rules_early_days', sql`${table.earlyRenewalDays} between 0 and 366`),
    check('licence_renewal_rules_process_fee', sql`${table.processFeeSen} >= 0`),
  ],
);

/**
 * A council's reductions of the licence fee on renewal, each in force from one Malaysia day to
 * another (both included): a whole percent of the fee, or a fixed amount in sen. The rules' change
 * refuses two that share a day, so at most one is in force on a day.
 */
export const licenceReductions = pgTable(
  'licence_reductions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    councilCode: text('council_code')
      .notNull()
      .references(() => licenceRenewalRules.councilCode),
    name: jsonb().$type<Record<Language, string>>().notNull(),
    method: text().$type<ReductionMethod>().notNull(),
    percent: integer(),
    amountSen: bigint('amount_sen', { mode: 'number' }),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
  },
  (table) => [
    index('licence_reductions_council').on(table.councilCode, table.startsOn),
    check(
      'licence_reductions_value',
      sql`(${table.method} = 'percentage' and ${table.percent} between 1 and 100 and ${table.amountSen} is null)
        or (${table.method} = 'direct' and ${table.amountSen} > 0 and ${table.percent} is null)`,
    ),
    check('licence_reductions_days', sql`${table.startsOn} <= ${table.endsOn}`),
  ],
);

/**
 * Licence applications a citizen follows by their reference until the council decides; an
 * approved one names the licence it became.
 */
export const licenceApplications = pgTable(
  'licence_applications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    councilCode: text('council_code')
      .notNull()
      .references(() => councils.code),
    /** The reference as search normalises it (no hyphens or spaces, upper case). */
    reference: text().notNull(),
    displayReference: text('display_reference').notNull(),
    kind: text().$type<LicenceKind>().notNull(),
    businessName: text('business_name').notNull(),
    applicantName: text('applicant_name').notNull(),
    status: text().$type<LicenceApplicationStatus>().notNull(),
    submittedOn: date('submitted_on').notNull(),
    decidedOn: date('decided_on'),
    /** The licence it became, once approved. */
    licenceNo: text('licence_no'),
    /** What the council says the applicant should do or know (a missing document, a reason). */
    note: text(),
  },
  (table) => [uniqueIndex('licence_applications_lookup').on(table.councilCode, table.reference)],
);

/**
 * Each change of an application's status, in order, as the citizen's search shows it: from the
 * council's system (API or file) or from an officer in the back office.
 */
export const licenceApplicationEvents = pgTable(
  'licence_application_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => licenceApplications.id, { onDelete: 'cascade' }),
    /** Its place in the application's history, from 0. */
    position: integer().notNull(),
    status: text().$type<LicenceApplicationStatus>().notNull(),
    /** The day of the change, Malaysia. */
    on: date().notNull(),
    note: text(),
    /** Who made it: `api-key:<id> <name>`, `import:<officer e-mail>`, an officer's e-mail, `demo`. */
    by: text().notNull(),
  },
  (table) => [
    uniqueIndex('licence_application_events_order').on(table.applicationId, table.position),
  ],
);

/**
 * The licences a registered user keeps in their digital licences: added with the licence number
 * and an owner's IC number, or joined when the user pays the licence's renewal.
 */
export const userLicences = pgTable(
  'user_licences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.id),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.billId] })],
);

/**
 * Council staff, who work in the back office (docs/back-office.md): accounts of their own, apart
 * from citizens'. Each is one council's officer, finance officer or admin, or the state-wide
 * `_admin`; a login needs the password and a code from the authenticator app.
 */
export const staff = pgTable(
  'staff',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased. */
    email: text().notNull().unique(),
    fullName: text('full_name').notNull(),
    role: text().$type<StaffRole>().notNull(),
    /** Null only for `_admin`. */
    councilCode: text('council_code')
      .$type<CouncilCode>()
      .references(() => councils.code),
    passwordHash: text('password_hash').notNull(),
    /** The authenticator app's shared secret, encrypted (lib/personal-data.ts). */
    totpSecret: text('totp_secret').notNull(),
    /** The newest 30-second step whose code was accepted: a code works once, and never an older one. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * When they chose their password and proved their authenticator app; null while invited (or
     * after a lost app was reset), when no login is accepted.
     */
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'staff_council_unless_admin',
      sql`(${table.role} = '_admin') = (${table.councilCode} is null)`,
    ),
  ],
);

/** Single-use codes for a staff member without their phone, stored hashed. */
/**
 * An e-mailed link to enrol: to set a password and an authenticator app (docs/back-office.md).
 * Only the token's hash is kept; a link works once, for three days.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('staff_invitations_staff').on(table.staffId)],
);

export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.staffId, table.codeHash] })],
);

/** A logged-in back-office browser, as `sessions` is a citizen's; it ends after 15 idle minutes. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('staff_sessions_staff').on(table.staffId)],
);

/**
 * What staff did, appended and never changed: a trigger refuses every update, delete and
 * truncate (migration 0011), so no code path of the portal can rewrite it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null for a failed login to an address that has no staff account. */
    staffId: integer('staff_id').references(() => staff.id),
    /** The staff member's e-mail, or the address a failed login gave. */
    actor: text().notNull(),
    /** The council the action concerns, when it concerns one. */
    councilCode: text('council_code'),
    action: text().$type<AuditAction>().notNull(),
    /** What was acted on: a payment reference, a staff member's e-mail, a setting. */
    target: text(),
    reason: text(),
    detail: jsonb().$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    ip: text().notNull(),
    requestId: text('request_id'),
  },
  (table) => [
    index('audit_log_at').on(table.at),
    index('audit_log_actor').on(table.actor, table.at),
    index('audit_log_council').on(table.councilCode, table.at),
  ],
);

/**
 * A key a council's own system calls the council API with (docs/council-api.md). Only the key's
 * SHA-256 is kept: a key is 160 random bits, which no one guesses, so a slow hash adds nothing.
 */
export const councilApiKeys = pgTable(
  'council_api_keys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    councilCode: text('council_code')
      .$type<CouncilCode>()
      .notNull()
      .references(() => councils.code),
    /** Which of the council's systems holds it, as the admin named it. */
    name: text().notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** The key's last four characters, to tell keys apart in a list. */
    hint: text().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('council_api_keys_council').on(table.councilCode, table.createdAt)],
);

/**
 * A file's checked rows on their way into `bills` (docs/bill-import.md): staged in short
 * transactions, then applied by a few statements in one, so that the import's transaction holds
 * only the write itself. Nothing else reads them; each import deletes its own when it ends.
 */
export const billImportRows = pgTable(
  'bill_import_rows',
  {
    importId: uuid('import_id').notNull(),
    /** The row's line in the file. */
    line: integer().notNull(),
    ...billColumns,
    stagedAt: timestamp('staged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.line] })],
);

/**
 * How far each running check or import of a file has come (docs/bill-import.md), kept in the
 * database so that whichever portal server the officer's browser asks can answer. The work
 * deletes its row when it ends; a row a restart left behind goes after a day.
 */
export const billImportProgress = pgTable('bill_import_progress', {
  /** The id the officer's browser chose for this piece of work. */
  id: uuid().primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staff.id),
  step: text().$type<BillImportStep>().notNull(),
  done: integer().notNull(),
  total: integer(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Where a council's system wants each ledger entry posted as it is placed (docs/council-api.md),
 * one address per council, and how far delivery has come. The signing secret is kept encrypted.
 */
export const councilWebhooks = pgTable('council_webhooks', {
  councilCode: text('council_code')
    .$type<CouncilCode>()
    .primaryKey()
    .references(() => councils.code),
  url: text().notNull(),
  /** The HMAC secret, encrypted (lib/personal-data.ts): the portal signs each post with it. */
  secret: text().notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The feed position of the last entry the council's system acknowledged. */
  deliveredPosition: bigint('delivered_position', { mode: 'number' }).notNull(),
  lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
  /** Failed posts of the entry now due, since the last acknowledged one. */
  attempts: integer().notNull().default(0),
  /** When the next post is due; a server delivering pushes it on, so no other posts meanwhile. */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A logged-in user's saved accounts (docs/my-accounts.md): a bill's identity only, by council,
 * payment type and account key as the search finds it; its figures are read from `bills` each time.
 */
export const savedAccounts = pgTable(
  'saved_accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    councilCode: text('council_code')
      .notNull()
      .references(() => councils.code),
    paymentType: text('payment_type').$type<PaymentType>().notNull(),
    /** The account key (`accountKey`), as `bills.account_no` holds it. */
    accountNo: text('account_no').notNull(),
    /** As the council printed it when saved: what is shown once the bill is gone. */
    displayNo: text('display_no').notNull(),
    nickname: text(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_accounts_once').on(
      table.userId,
      table.councilCode,
      table.paymentType,
      table.accountNo,
    ),
  ],
);

/**
 * Each reminder e-mail claimed, once per user, saved account and due event
 * (`assessment:2027-02-28`, `licence-expiry-30:2027-05-01`): claimed in the transaction that queues
 * the mail, so that servers running the job at once send it once.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    savedAccountId: integer('saved_account_id')
      .notNull()
      .references(() => savedAccounts.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    mailMessageId: integer('mail_message_id').references(() => mailMessages.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.savedAccountId, table.eventKey] })],
);
