import type { ChannelStates, CouncilSwitches } from '@portal/domain/contracts/switches';
import type { CouncilCode } from '@portal/domain/councils';
import type { ChannelSwitchForm, CouncilSwitchForm } from '@portal/domain/forms';
import {
  channelOf,
  paymentChannels,
  paymentMethods,
  type PaymentMethod,
} from '@portal/domain/payment-methods';
import { and, asc, eq } from 'drizzle-orm';
import { transactionWithRetry, type Database } from '../../db/database';
import {
  councilPaymentMethods,
  councilPaymentTypes,
  councils,
  paymentChannelStates,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** A council's switches as they stand: a way to pay it never switched is on. */
export async function switchesOf(db: Database, council: CouncilCode): Promise<CouncilSwitches> {
  const [row] = await db
    .select({ available: councils.available })
    .from(councils)
    .where(eq(councils.code, council));
  if (!row) throw new AppError('not_found', 'No such council');
  const types = await db
    .select()
    .from(councilPaymentTypes)
    .where(eq(councilPaymentTypes.councilCode, council))
    .orderBy(asc(councilPaymentTypes.paymentType));
  const methods = await db
    .select()
    .from(councilPaymentMethods)
    .where(eq(councilPaymentMethods.councilCode, council));
  return {
    council,
    available: row.available,
    payment_types: types.map((type) => ({
      payment_type: type.paymentType,
      available: type.available,
    })),
    payment_methods: paymentMethods.map((method) => ({
      method,
      available: methods.find((switched) => switched.method === method)?.available ?? true,
    })),
  };
}

const isPaymentMethod = (target: string): target is PaymentMethod =>
  (paymentMethods as readonly string[]).includes(target);

/**
 * Switches a council, one payment type it offers, or one way to pay it, on or off; `audit` records
 * it, with what it was, in the same transaction. A payment type the council does not offer is
 * `not_found`: switching cannot make a council take what it never took.
 */
export async function changeSwitch(
  db: Database,
  form: CouncilSwitchForm,
  audit: (tx: Database, was: boolean) => Promise<void>,
): Promise<void> {
  const available = form.available === 'on';
  await transactionWithRetry(db, async (tx) => {
    const [council] = await tx
      .select({ available: councils.available })
      .from(councils)
      .where(eq(councils.code, form.council))
      .for('update');
    if (!council) throw new AppError('not_found', 'No such council');
    if (form.target === 'council') {
      await tx.update(councils).set({ available }).where(eq(councils.code, form.council));
      return audit(tx, council.available);
    }
    if (isPaymentMethod(form.target)) {
      const method = and(
        eq(councilPaymentMethods.councilCode, form.council),
        eq(councilPaymentMethods.method, form.target),
      );
      const [was] = await tx.select().from(councilPaymentMethods).where(method);
      await tx
        .insert(councilPaymentMethods)
        .values({ councilCode: form.council, method: form.target, available })
        .onConflictDoUpdate({
          target: [councilPaymentMethods.councilCode, councilPaymentMethods.method],
          set: { available },
        });
      return audit(tx, was?.available ?? true);
    }
    const type = and(
      eq(councilPaymentTypes.councilCode, form.council),
      eq(councilPaymentTypes.paymentType, form.target),
    );
    const [was] = await tx
      .select({ available: councilPaymentTypes.available })
      .from(councilPaymentTypes)
      .where(type)
      .for('update');
    if (!was) throw new AppError('not_found', 'The council does not offer this payment type');
    await tx.update(councilPaymentTypes).set({ available }).where(type);
    return audit(tx, was.available);
  });
}

/** Every bank and e-wallet, and whether it is up; one never marked is. */
export async function channelStatesOf(db: Database): Promise<ChannelStates> {
  const marked = await db.select().from(paymentChannelStates);
  return {
    channels: paymentChannels
      .filter((channel) => channel.method !== 'card')
      .map((channel) => {
        const state = marked.find((row) => row.paymentId === channel.paymentId);
        return {
          payment_id: channel.paymentId,
          method: channel.method,
          name: channel.name,
          online: state?.online ?? true,
          reason: state?.reason ?? null,
          changed_by: state?.changedBy ?? null,
          changed_at: state?.changedAt.toISOString() ?? null,
        };
      }),
  };
}

/**
 * Marks a bank or e-wallet down, or up again, for every council (docs/payment-methods.md);
 * `audit` records it, with what it was, in the same transaction.
 */
export async function changeChannelState(
  db: Database,
  form: ChannelSwitchForm,
  changedBy: string,
  now: Date,
  audit: (tx: Database, was: boolean) => Promise<void>,
): Promise<void> {
  if (!channelOf(form.payment_id)) throw new AppError('not_found', 'No such bank or e-wallet');
  const online = form.online === 'on';
  await transactionWithRetry(db, async (tx) => {
    const [was] = await tx
      .select({ online: paymentChannelStates.online })
      .from(paymentChannelStates)
      .where(eq(paymentChannelStates.paymentId, form.payment_id))
      .for('update');
    const state = { online, reason: form.reason, changedBy, changedAt: now };
    await tx
      .insert(paymentChannelStates)
      .values({ paymentId: form.payment_id, ...state })
      .onConflictDoUpdate({ target: paymentChannelStates.paymentId, set: state });
    return audit(tx, was?.online ?? true);
  });
}
