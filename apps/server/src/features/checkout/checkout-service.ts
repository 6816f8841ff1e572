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
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { transactionWithRetry, type Database } from '../../db/database';
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
import { readSiteSettings } from '../../lib/site-settings';
import type { PersonalData } from '../../lib/personal-data';
import { countAttempt } from '../../lib/rate-limit';
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
  // Closed for maintenance, no payment starts; those under way finish (docs/site-settings.md).
  if ((await readSiteSettings(db)).settings.closing) {
    throw new AppError(
      'service_closed',
      'The portal is closed for maintenance',
      undefined,
      undefined,
      {
        'retry-after': String(closedRetryAfterSeconds),
      },
    );
  }
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
  if (rawItems.length > settings.cartLimit) {
    throw new AppError('cart_full', `A cart holds at most ${settings.cartLimit} bills`);
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
  const cart = items.map((item) => item.data!);
  const clientKey = client.userId !== undefined ? `user:${client.userId}` : `ip:${client.ip}`;
  // Checkouts hold bills: a client may open only a few at a time, and only so many a minute.
  await countAttempt(
    db,
    [`checkout:${clientKey}`],
    { limit: settings.limits.perMinute, windowSeconds: 60 },
    now,
  );
  const channel = chosenChannel(request.data.payment_id);
  const councilsOfCart = [...new Set(cart.map((item) => item.council))];
  const { open, refused } = await openPaymentsOf(
    db,
    clientKey,
    channelRefused(channel, councilsOfCart),
  );
  if (open >= settings.limits.openPayments) {
    throw new AppError(
      'too_many_open_payments',
      'Finish or cancel the payments already waiting at the gateway first',
    );
  }
  if (refused) throw methodNotAvailable();
  const receiptToken = newSecret(32);

  const payment = await transactionWithRetry(db, async (tx) => {
    const problems = new Map<CartProblem, ApiErrorItem[]>();
    /** By the item's place in the cart, which the receipt's lines keep. */
    const priced: PricedItem[] = [];
    // Bills are locked in one order whatever the cart's, so two carts holding the same bills can
    // never each hold one the other waits for (a deadlock).
    const lockOrder = cart.map((item, index) => ({ item, index, key: lockKey(item) }));
    lockOrder.sort((a, b) => inLockOrder(a.key, b.key));
    for (const { item, index } of lockOrder) {
      try {
        const line = await priceItem(tx, item, now);
        if (line.billId !== null && priced.some((other) => other?.billId === line.billId)) {
          throw new ItemProblem('cart_changed');
        }
        priced[index] = line;
      } catch (error) {
        if (!(error instanceof ItemProblem)) throw error;
        const named: ApiErrorItem = {
          council: item.council,
          payment_type: item.payment_type,
          account_no: item.account_no,
          ...(error.releaseAt && { release_at: error.releaseAt.toISOString() }),
        };
        problems.set(error.code, [...(problems.get(error.code) ?? []), named]);
      }
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
    const [sequence] = await tx
      .select({ next: sql<string>`nextval(${sql.raw(`'${paymentReferenceSequence.seqName}'`)})` })
      .from(sql`(select 1) as one`);
    const reference = paymentReference(now, Number(sequence!.next));
    const councilNames = [...new Set(priced.map((line) => line.councilCode.toUpperCase()))];
    const [created] = await tx
      .insert(payments)
      .values({
        reference,
        description: `${councilNames.join(', ')} EPAYMENT ${reference}`,
        status: 'created',
        userId: client.userId ?? null,
        clientKey,
        releaseAt,
        // The reconciliation job lets the bills go then, unless the payer went to the gateway.
        requeryAfter: releaseAt,
        payerName: payer.data.full_name,
        payerEmail: payer.data.email,
        payerPhone: payer.data.phone,
        // The payer is the person who consents: the name is asked once.
        consentName: payer.data.full_name,
        consentIcNo: settings.personalData.encrypt(payer.data.id_no),
        consentIdType: payer.data.id_type,
        lang,
        amountSen,
        paymentMethod: channel.method,
        gatewayPaymentId: channel.paymentId,
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

  return { reference: payment.reference, receipt_token: receiptToken, amount: payment.amountSen };
}

/**
 * How many payments a client has holding bills right now, and whether the way to pay it chose is
 * refused: one statement, before any bill is locked.
 */
async function openPaymentsOf(
  db: Database,
  clientKey: string,
  refused: SQL<boolean>,
): Promise<{ open: number; refused: boolean }> {
  const [row] = await db
    .select({ open: count(), refused })
    .from(payments)
    .where(and(eq(payments.clientKey, clientKey), inArray(payments.status, openStatuses)));
  return { open: row?.open ?? 0, refused: Boolean(row?.refused) };
}

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

/** Re-reads one cart item's bill, locked until the payment is written, and prices it. */
async function priceItem(tx: Database, item: CartItem, now: Date): Promise<PricedItem> {
  if (item.payment_type === 'local_government_charge') return priceLocalCharge(tx, item);
  const { bill, council } = await lockedBill(tx, item.council, item.payment_type, item.account_no);
  const held = await heldUntilOf(tx, bill.id);
  if (held) throw new ItemProblem('payment_in_progress', held);
  if (item.payment_type === 'license' && item.renewal) {
    return priceRenewal(tx, bill, item.renewal.period, item.amount, now);
  }

  const chosen = { amountSen: item.amount, selection: item.selection };
  const price = priceBill(bill, chosen, council.assessmentRates);
  if (!price) throw new ItemProblem('cart_changed');
  return { ...billLine(bill, price.amountSen), ...price };
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

/** The bill, row-locked for the rest of the transaction, once the rules allow paying it. */
async function lockedBill(
  tx: Database,
  council: string,
  paymentType: PaymentType,
  accountNo: string,
): Promise<{ bill: LockedBill; council: CouncilAvailability }> {
  const councilRow = await assertTypeOpen(tx, council, paymentType);
  const [bill] = await tx
    .select()
    .from(bills)
    .where(billAt(council, paymentType, accountKey(paymentType, accountNo)))
    .for('update');
  const open = asItemProblem(() =>
    openBill({ councilAvailable: true, paymentTypeAvailable: true, bill: bill ?? null }),
  );
  return { bill: open, council: councilRow };
}

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

/**
 * Until when a payment holding this bill lets it go, if one does. Its own statement, after the
 * bill's row lock: only a statement begun after the lock was granted sees the payment of a
 * checkout that held the lock before.
 */
async function heldUntilOf(tx: Database, billId: number): Promise<Date | undefined> {
  const [row] = await tx
    .select({ heldUntil: heldUntil(bills.id) })
    .from(bills)
    .where(eq(bills.id, billId));
  return row?.heldUntil ?? undefined;
}
