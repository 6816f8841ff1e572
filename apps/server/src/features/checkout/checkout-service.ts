import {
  checkoutItem,
  checkoutRequest,
  type CheckoutAnswer,
} from '@portal/domain/contracts/checkout';
import type { ErrorCode } from '@portal/domain/errors';
import type { ApiErrorItem } from '@portal/domain/contracts/api-error';
import {
  checkoutPayerSchema,
  fieldErrors,
  localChargeAmount,
  localChargeDays,
  localChargeLimitErrors,
  localChargeRateSen,
  localChargeSchema,
} from '@portal/domain/forms';
import { malaysiaDay, malaysiaWallClock } from '@portal/domain/display-filters';
import type { LicenceStatus, RenewalPeriod } from '@portal/domain/licences';
import { sumSen } from '@portal/domain/money';
import { accountKey, type PaymentType } from '@portal/domain/payment-types';
import { randomBytes } from 'node:crypto';
import { openStatuses } from '@portal/domain/payment-status';
import type { PaymentChannel } from '@portal/domain/payment-methods';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { transactionWithRetry, type Database } from '../../db/database';
import { preparedStatement } from '../../db/prepared-statement';
import {
  bills,
  councilPaymentTypes,
  councils,
  paymentItems,
  paymentReferenceSequence,
  payments,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  availabilityColumns,
  billAt,
  billLockKey,
  councilTakes,
  heldUntil,
  inLockOrder,
} from '../../lib/bill-queries';
import { readRenewalRules, renewalOf } from '../../lib/licence-rules';
import { assertOpen, openBill, priceBill } from '../../lib/bill-rules';
import { newestSiteSettings, readSiteSettings, siteSettingsOf } from '../../lib/site-settings';
import type { PersonalData } from '../../lib/personal-data';
import { attemptCounted, refuseBeyondLimit, windowEnd } from '../../lib/rate-limit';
import { hashToken, newSecret } from '../../lib/secrets';
import {
  assertWithinLimits,
  channelRefused,
  chosenChannel,
  methodNotAvailable,
} from './payment-methods';

type CartItem = z.infer<typeof checkoutItem>;

/** The request's envelope; its payer and items are checked apart, each with its own answer. */
const checkoutEnvelope = checkoutRequest.extend({
  items: z.array(z.unknown()).max(100),
  payer: z.unknown(),
});

export interface CheckoutSettings {
  cartLimit: number;
  /** Encrypts the payer's identity number before it is stored (docs/personal-data.md). */
  personalData: PersonalData;
  /** The gateway's largest payment; a bigger cart is refused before it is written. */
  gatewayMaxAmountSen: number;
  /** A checkout whose payer never goes on to the gateway keeps its bills this long. */
  handoverSeconds: number;
  limits: { perMinute: number; openPayments: number };
}

/** Who is checking out, for the limits: the logged-in user, or else the client's address. */
export interface CheckoutClient {
  userId: number | undefined;
  ip: string;
}

/** A cart item priced from the council's own records, ready to become a payment line. */
interface PricedItem {
  billId: number | null;
  councilCode: string;
  paymentType: PaymentType;
  accountNo: string;
  description: string;
  amountSen: number;
  taxSen: number;
  discountSen: number;
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
  constructor(
    readonly code: CartProblem,
    /** payment_in_progress: when the payment holding the bill lets it go. */
    readonly releaseAt?: Date,
  ) {
    super(code);
  }
}

/** When a payer refused during maintenance is told to try again: upgrades take minutes. */
const closedRetryAfterSeconds = 600;

/**
 * Turns a cart into a payment that holds its bills (docs/payments.md): every bill is re-read and
 * locked, every amount recomputed in sen, and the payment and its lines are written in one
 * transaction, so two checkouts of one bill cannot both go through. The payment is `created`: its
 * payer goes on to the gateway through the handover, and a payment never handed over lets its
 * bills go after `handoverSeconds`. Answers the reference and the token that lets this browser
 * continue, cancel and see the payment.
 */
export async function checkout(
  db: Database,
  settings: CheckoutSettings,
  client: CheckoutClient,
  body: unknown,
  now: Date = new Date(),
): Promise<CheckoutAnswer> {
  let order: CheckoutOrder;
  try {
    order = checkoutOrder(body, settings.cartLimit);
  } catch (invalid) {
    // Closed for maintenance is the answer whatever the request holds (docs/site-settings.md).
    if ((await readSiteSettings(db)).settings.closing) throw serviceClosed();
    throw invalid;
  }
  const { cart, payer, lang, channel } = order;
  const clientKey = client.userId !== undefined ? `user:${client.userId}` : `ip:${client.ip}`;
  await admit(db, settings, clientKey, channel, now, [
    ...new Set(cart.map((item) => item.council)),
  ]);
  const receiptToken = newSecret(32);

  const payment = await transactionWithRetry(db, async (tx) => {
    // Bills are locked in one order whatever the cart's, so two carts holding the same bills can
    // never each hold one the other waits for (a deadlock).
    const lockOrder = cart.map((item, index) => ({ item, index, key: lockKey(item) }));
    lockOrder.sort((a, b) => inLockOrder(a.key, b.key));
    const outcomes: (ItemOutcome & { item: CartItem; index: number })[] = [];
    for (const { item, index } of lockOrder) {
      outcomes.push({ item, index, ...(await priceItem(tx, item, now)) });
    }
    const { held, sequence } = await holdsAndNextNumber(
      tx,
      outcomes.flatMap((outcome) => (outcome.billId === undefined ? [] : [outcome.billId])),
    );

    const problems = new Map<CartProblem, ApiErrorItem[]>();
    /** By the item's place in the cart, which the receipt's lines keep. */
    const priced: PricedItem[] = [];
    for (const { item, index, billId, line, problem } of outcomes) {
      const releaseAt = billId === undefined ? undefined : held.get(billId);
      // An item whose bill a payment holds is told so first, as if its hold were read at its lock.
      let found = releaseAt ? new ItemProblem('payment_in_progress', releaseAt) : problem;
      if (
        !found &&
        line!.billId !== null &&
        priced.some((other) => other?.billId === line!.billId)
      ) {
        found = new ItemProblem('cart_changed');
      }
      if (!found) {
        priced[index] = line!;
        continue;
      }
      const named: ApiErrorItem = {
        council: item.council,
        payment_type: item.payment_type,
        account_no: item.account_no,
        ...(found.releaseAt && { release_at: found.releaseAt.toISOString() }),
      };
      problems.set(found.code, [...(problems.get(found.code) ?? []), named]);
    }
    const first = problemOrder.find((code) => problems.has(code));
    if (first) throw cartProblem(first, problems.get(first)!);

    const amountSen = sumSen(priced.map((line) => line.amountSen));
    if (amountSen > settings.gatewayMaxAmountSen) {
      throw new AppError(
        'amount_too_large',
        `The card gateway takes at most ${settings.gatewayMaxAmountSen} sen in one payment`,
      );
    }
    assertWithinLimits(channel, amountSen, settings.gatewayMaxAmountSen);
    const releaseAt = new Date(now.getTime() + settings.handoverSeconds * 1000);
    const reference = paymentReference(now, sequence);
    const councilNames = [...new Set(priced.map((line) => line.councilCode.toUpperCase()))];
    await writePayment(tx, {
      reference,
      description: `${councilNames.join(', ')} EPAYMENT ${reference}`,
      userId: client.userId ?? null,
      clientKey,
      releaseAt,
      payerName: payer.full_name,
      payerEmail: payer.email,
      payerPhone: payer.phone,
      consentIcNo: settings.personalData.encrypt(payer.id_no),
      consentIdType: payer.id_type,
      lang,
      amountSen,
      paymentMethod: channel.method,
      gatewayPaymentId: channel.paymentId,
      receiptTokenHash: hashToken(receiptToken),
      checkCode: newSecret(12),
      now,
      lines: JSON.stringify(priced.map((line, place) => ({ ...line, place }))),
    });
    return { reference, amountSen };
  });

  return { reference: payment.reference, receipt_token: receiptToken, amount: payment.amountSen };
}

/** A payment line's columns, as `PricedItem` names them. */
const lineColumns = [
  'billId',
  'councilCode',
  'paymentType',
  'accountNo',
  'description',
  'amountSen',
  'taxSen',
  'discountSen',
  'details',
] as const satisfies readonly (keyof PricedItem)[];

/**
 * The payment and its lines in one statement: the lines (`lines`, JSON, each with its `place` in
 * the cart, whose order the receipt keeps) name the payment it writes.
 */
const writePayment = preparedStatement('checkout_write_payment', (tx) => {
  const value = (name: string) => sql.placeholder(name);
  const releaseAt = value('releaseAt');
  const payerName = value('payerName');
  const created = tx
    .insert(payments)
    .values({
      reference: value('reference'),
      description: value('description'),
      status: 'created',
      userId: value('userId'),
      clientKey: value('clientKey'),
      releaseAt,
      // The reconciliation job lets the bills go then, unless the payer went to the gateway.
      requeryAfter: releaseAt,
      payerName,
      payerEmail: value('payerEmail'),
      payerPhone: value('payerPhone'),
      // The payer is the person who consents: the name is asked once.
      consentName: payerName,
      consentIcNo: value('consentIcNo'),
      consentIdType: value('consentIdType'),
      lang: value('lang'),
      amountSen: value('amountSen'),
      paymentMethod: value('paymentMethod'),
      gatewayPaymentId: value('gatewayPaymentId'),
      receiptTokenHash: value('receiptTokenHash'),
      checkCode: value('checkCode'),
      createdAt: value('now'),
      updatedAt: value('now'),
    })
    .returning({ id: payments.id });
  const columns = lineColumns.map((key) => paymentItems[key]);
  return sql`with created as (${created.getSQL()})
    insert into ${paymentItems} (payment_id, ${sql.join(
      columns.map((column) => sql.identifier(column.name)),
      sql`, `,
    )})
    select created.id, ${sql.join(
      lineColumns.map((key) => sql`line.${sql.identifier(key)}`),
      sql`, `,
    )}
    from created, jsonb_to_recordset(${value('lines')}::jsonb) as line(place integer, ${sql.join(
      lineColumns.map(
        (key) => sql`${sql.identifier(key)} ${sql.raw(paymentItems[key].getSQLType())}`,
      ),
      sql`, `,
    )})
    order by line.place`;
});

/** A checkout request once it reads: the cart, its payer, and the way to pay chosen. */
interface CheckoutOrder {
  cart: CartItem[];
  payer: z.infer<typeof checkoutPayerSchema>;
  lang: z.infer<typeof checkoutRequest>['lang'];
  channel: PaymentChannel;
}

/** Reads a checkout request, refusing it with what is wrong before anything is read or written. */
function checkoutOrder(body: unknown, cartLimit: number): CheckoutOrder {
  const request = checkoutEnvelope.safeParse(body);
  if (!request.success) {
    throw new AppError('validation_failed', 'The checkout is not valid', {
      _: 'code_invalid',
    });
  }
  const { items: rawItems, lang } = request.data;
  if (rawItems.length === 0) {
    throw new AppError('no_account_selected', 'The cart is empty');
  }
  if (rawItems.length > cartLimit) {
    throw new AppError('cart_full', `A cart holds at most ${cartLimit} bills`);
  }
  const payer = checkoutPayerSchema.safeParse(request.data.payer ?? {});
  if (!payer.success) {
    throw new AppError(
      'validation_failed',
      'The payer details are not valid',
      fieldErrors(payer.error),
    );
  }
  const items = rawItems.map((raw) => checkoutItem.safeParse(raw));
  if (items.some((item) => !item.success)) {
    throw new AppError('validation_failed', 'A cart item is not valid', {
      items: 'code_invalid',
    });
  }
  return {
    cart: items.map((item) => item.data!),
    payer: payer.data,
    lang,
    channel: chosenChannel(request.data.payment_id),
  };
}

const serviceClosed = () =>
  new AppError('service_closed', 'The portal is closed for maintenance', undefined, undefined, {
    'retry-after': String(closedRetryAfterSeconds),
  });

/**
 * Whether this client may start a payment now, in one statement before any bill is locked: not
 * while the portal is closed for maintenance (no payment starts; those under way finish,
 * docs/site-settings.md), nor past its checkouts a minute (this one counted, closed or not: checkouts
 * hold bills), nor while it holds its allowance of open payments, nor with a way to pay that is
 * switched off or whose bank is down.
 */
async function admit(
  db: Database,
  settings: CheckoutSettings,
  clientKey: string,
  channel: PaymentChannel,
  now: Date,
  councilsOfCart: string[],
): Promise<void> {
  const perMinute = { limit: settings.limits.perMinute, windowSeconds: 60 };
  const [row] = await readAdmission(db, {
    key: `checkout:${clientKey}`,
    now,
    windowEnd: windowEnd(perMinute, now),
    clientKey,
    method: channel.method,
    paymentId: channel.paymentId,
    councils: councilsOfCart,
  });
  const { version, settings: stored, ...admission } = row!;
  if (
    siteSettingsOf(version === null ? undefined : { version, settings: stored }).settings.closing
  ) {
    throw serviceClosed();
  }
  refuseBeyondLimit([admission], perMinute, now);
  if (admission.open >= settings.limits.openPayments) {
    throw new AppError(
      'too_many_open_payments',
      'Finish or cancel the payments already waiting at the gateway first',
    );
  }
  if (admission.refused) throw methodNotAvailable();
}

/** `admit`'s one statement: the checkout counted, the settings in force, open payments, the way to pay. */
const readAdmission = preparedStatement('checkout_admit', (db) => {
  const counted = db.$with('counted').as(
    attemptCounted(db, sql.placeholder('key'), {
      now: sql.placeholder('now'),
      end: sql.placeholder('windowEnd'),
    }),
  );
  const newest = newestSiteSettings(db).as('newest');
  return db
    .with(counted)
    .select({
      hits: counted.hits,
      resetAt: counted.resetAt,
      version: newest.version,
      settings: newest.settings,
      open: db.$count(
        payments,
        and(
          eq(payments.clientKey, sql.placeholder('clientKey')),
          inArray(payments.status, openStatuses),
        ),
      ),
      refused: channelRefused(
        sql.placeholder('method'),
        sql.placeholder('paymentId'),
        sql.placeholder('councils'),
      ),
    })
    .from(counted)
    .leftJoin(newest, sql`true`);
});

/**
 * Until when a payment holds each of these bills, for those one holds, and the next number of the
 * references' sequence, in one statement. It must begin after the bills' row locks were granted:
 * only a statement begun after a lock was granted sees the payment of a checkout that held it
 * before. A checkout refused after it leaves a gap in the sequence, as a rolled back one always did.
 */
async function holdsAndNextNumber(
  tx: Database,
  billIds: number[],
): Promise<{ held: Map<number, Date>; sequence: number }> {
  const rows = await readHoldsAndNextNumber(tx, { billIds });
  const held = new Map<number, Date>();
  for (const row of rows) {
    if (row.billId !== null && row.heldUntil) held.set(row.billId, row.heldUntil);
  }
  return { held, sequence: Number(rows[0]!.number) };
}

const readHoldsAndNextNumber = preparedStatement('checkout_holds', (tx) => {
  const next = tx.$with('next').as(
    tx
      .select({
        number: sql<string>`nextval(${sql.raw(`'${paymentReferenceSequence.seqName}'`)})`.as(
          'number',
        ),
      })
      .from(sql`(select 1) as one`),
  );
  return tx
    .with(next)
    .select({ number: next.number, billId: bills.id, heldUntil: heldUntil(bills.id) })
    .from(next)
    .leftJoin(bills, sql`${bills.id} = any(${sql.placeholder('billIds')})`);
});

/** Crockford's base 32: no I, L, O or U to misread when a payer types a reference. */
const referenceAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Channel, date in Malaysia, sequence, and six random characters (30 bits), e.g.
 * A10-20261122-000123-K3M9QX: readable on a phone call, yet the sequence cannot be walked to
 * find other payers' receipts (docs/payments.md).
 */
export function paymentReference(now: Date, sequence: number): string {
  const day = malaysiaWallClock(now).toISOString().slice(0, 10).replaceAll('-', '');
  const random = [...randomBytes(6)].map((byte) => referenceAlphabet[byte % 32]).join('');
  return `A10-${day}-${String(sequence).padStart(6, '0')}-${random}`;
}

function cartProblem(code: CartProblem, items: ApiErrorItem[]): AppError {
  const messages: Record<CartProblem, string> = {
    not_found: 'A bill in the cart no longer exists',
    council_not_available: 'This council is currently not available',
    payment_type_not_available: 'This payment type is currently not available',
    license_status_not_allowed: 'This license status is not allowed to proceed',
    payment_in_progress: 'Payment for this account is in progress',
    cart_changed: 'A bill in the cart has changed since it was added',
  };
  return new AppError(code, messages[code], undefined, items);
}

/** The row a cart item locks: its bill, or for a local government charge, its licence. */
function lockKey(item: CartItem): string {
  const [paymentType, accountNo] =
    item.payment_type === 'local_government_charge'
      ? ['license', item.charge?.license_no ?? '']
      : [item.payment_type, item.account_no];
  return billLockKey(item.council, paymentType, accountNo);
}

/** What locking and pricing one cart item came to: its line or its problem, and its bill. */
interface ItemOutcome {
  /** The bill whose hold decides the item, read once every bill of the cart is locked. */
  billId?: number;
  line?: PricedItem;
  problem?: ItemProblem;
}

/** Re-reads one cart item's bill, locked until the payment is written, and prices it. */
async function priceItem(tx: Database, item: CartItem, now: Date): Promise<ItemOutcome> {
  let billId: number | undefined;
  try {
    if (item.payment_type === 'local_government_charge') {
      return { line: await priceLocalCharge(tx, item) };
    }
    const { bill, council } = await lockedBill(
      tx,
      item.council,
      item.payment_type,
      item.account_no,
    );
    billId = bill.id;
    if (item.payment_type === 'license' && item.renewal) {
      return { billId, line: await priceRenewal(tx, bill, item.renewal.period, item.amount, now) };
    }
    const chosen = { amountSen: item.amount, selection: item.selection };
    const price = priceBill(bill, chosen, council.assessmentRates);
    if (!price) throw new ItemProblem('cart_changed');
    return { billId, line: { ...billLine(bill, price.amountSen), ...price } };
  } catch (error) {
    if (!(error instanceof ItemProblem)) throw error;
    return { billId, problem: error };
  }
}

/**
 * Prices the renewal of a licence by its council's rules, today (docs/licences.md): the cart's
 * amount must be exactly the renewal's, and the line records the validity it buys.
 */
async function priceRenewal(
  tx: Database,
  licence: LockedBill,
  period: RenewalPeriod,
  amountSen: number,
  now: Date,
): Promise<PricedItem> {
  const rules = await readRenewalRules(tx, licence.councilCode);
  if (!rules.renewable_statuses.includes(licence.status.trim().toLowerCase() as LicenceStatus)) {
    throw new ItemProblem('license_status_not_allowed');
  }
  const renewal = renewalOf(licence, period, rules, malaysiaDay(now));
  if (!renewal || renewal.option.amount_sen !== amountSen) throw new ItemProblem('cart_changed');
  return {
    ...billLine(licence, amountSen),
    // The council's renewal rules charge no tax; their reduction is the line's discount.
    taxSen: 0,
    discountSen: renewal.option.reduction_sen,
    details: { renewal: renewal.line },
  };
}

async function priceLocalCharge(tx: Database, item: CartItem): Promise<PricedItem> {
  const charge = localChargeSchema.safeParse(item.charge);
  if (!charge.success) throw new ItemProblem('cart_changed');
  // The charge's council must take it, and its licence must exist and be in good standing.
  const council = await assertTypeOpen(tx, item.council, 'local_government_charge');
  const beyond = localChargeLimitErrors(charge.data, council.localChargeLimits);
  if (Object.keys(beyond).length > 0) throw new ItemProblem('cart_changed');
  const { bill: licence } = await lockedBill(tx, item.council, 'license', charge.data.license_no);
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
    taxSen: 0,
    discountSen: 0,
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

function billLine(
  bill: LockedBill,
  amountSen: number,
): Omit<PricedItem, 'details' | 'taxSen' | 'discountSen'> {
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

/**
 * The bill, row-locked for the rest of the transaction, once the rules allow paying it: one
 * statement reads its council's availability and locks it.
 */
async function lockedBill(
  tx: Database,
  council: string,
  paymentType: PaymentType,
  accountNo: string,
): Promise<{ bill: LockedBill; council: CouncilAvailability }> {
  const [row] = await lockBill(tx, {
    council,
    paymentType,
    accountKey: accountKey(paymentType, accountNo),
  });
  if (!row) throw new ItemProblem('not_found');
  const { bill, ...availability } = row;
  asItemProblem(() => assertOpen(availability));
  const open = asItemProblem(() =>
    openBill({ councilAvailable: true, paymentTypeAvailable: true, bill }),
  );
  return { bill: open, council: availability };
}

const lockBill = preparedStatement('checkout_lock_bill', (tx) => {
  const paymentType = sql.placeholder('paymentType');
  const locked = tx
    .select()
    .from(bills)
    .where(billAt(sql.placeholder('council'), paymentType, sql.placeholder('accountKey')))
    .for('update')
    .as('locked');
  // The subquery's columns as one object, which is null when no bill matched.
  const lockedColumns = Object.fromEntries(
    Object.keys(getTableColumns(bills)).map((key) => [key, locked[key as keyof LockedBill]]),
  ) as { [Key in keyof LockedBill]: (typeof locked)[Key] };
  return tx
    .select({ ...availabilityColumns, bill: lockedColumns })
    .from(councils)
    .leftJoin(councilPaymentTypes, councilTakes(paymentType))
    .leftJoin(locked, sql`true`)
    .where(eq(councils.code, sql.placeholder('council')));
});

type CouncilAvailability = Awaited<ReturnType<typeof assertTypeOpen>>;

async function assertTypeOpen(tx: Database, council: string, paymentType: PaymentType) {
  const [row] = await tx
    .select(availabilityColumns)
    .from(councils)
    .leftJoin(councilPaymentTypes, councilTakes(paymentType))
    .where(eq(councils.code, council));
  if (!row) throw new ItemProblem('not_found');
  asItemProblem(() => assertOpen(row));
  return row;
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
