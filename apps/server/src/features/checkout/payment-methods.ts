import type { OfferedMethods } from '@portal/domain/contracts/checkout';
import {
  channelLimits,
  channelOf,
  outsideLimits,
  paymentChannels,
  paymentMethods,
  type PaymentChannel,
} from '@portal/domain/payment-methods';
import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { councilPaymentMethods, paymentChannelStates } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * How a cart of these councils can be paid (docs/payment-methods.md): every way to pay that none
 * of them has switched off, with each bank or wallet, whether it is up, and its limits.
 */
export async function offeredMethods(
  db: Database,
  councils: string[],
  merchantMaxSen: number,
): Promise<OfferedMethods> {
  const [switchedOff, down] = await Promise.all([
    db
      .selectDistinct({ method: councilPaymentMethods.method })
      .from(councilPaymentMethods)
      .where(
        and(
          inArray(councilPaymentMethods.councilCode, councils),
          eq(councilPaymentMethods.available, false),
        ),
      ),
    db
      .select({ paymentId: paymentChannelStates.paymentId })
      .from(paymentChannelStates)
      .where(eq(paymentChannelStates.online, false)),
  ]);
  const isDown = (channel: PaymentChannel) =>
    down.some((row) => row.paymentId === channel.paymentId);
  return {
    methods: paymentMethods
      .filter((method) => !switchedOff.some((row) => row.method === method))
      .map((method) => ({
        method,
        channels: paymentChannels
          .filter((channel) => channel.method === method)
          .map((channel) => {
            const limits = channelLimits(channel, merchantMaxSen);
            return {
              payment_id: channel.paymentId,
              name: channel.name,
              online: !isDown(channel),
              min_amount: limits.minSen,
              max_amount: limits.maxSen,
            };
          }),
      })),
  };
}

/** The bank, wallet or card a checkout chose, by the gateway's PaymentId; a clear error if none. */
export function chosenChannel(paymentId: string): PaymentChannel {
  const channel = channelOf(paymentId);
  if (!channel) {
    throw new AppError('validation_failed', 'No such way to pay', { payment_id: 'code_invalid' });
  }
  return channel;
}

/**
 * Whether a council of the cart switched the way to pay off, or the channel is marked down: a
 * column for the statement checkout makes anyway before it locks any bill, prepared once, so its
 * values are placeholders (`councils` an array).
 */
export function channelRefused(
  method: Placeholder,
  paymentId: Placeholder,
  councils: Placeholder,
): SQL<boolean> {
  return sql<boolean>`(exists (
      select 1 from ${councilPaymentMethods}
      where ${councilPaymentMethods.councilCode} = any(${councils})
        and ${eq(councilPaymentMethods.method, method)}
        and not ${councilPaymentMethods.available})
    or exists (
      select 1 from ${paymentChannelStates}
      where ${eq(paymentChannelStates.paymentId, paymentId)}
        and not ${paymentChannelStates.online}))`;
}

/** The refusal of a way to pay a council of the cart switched off, or whose bank is down. */
export const methodNotAvailable = () =>
  new AppError(
    'payment_method_not_available',
    'This way to pay is switched off for a council of the cart, or its bank is down',
  );

/** Refuses a total the chosen way to pay does not take in one payment, before the gateway sees it. */
export function assertWithinLimits(
  channel: PaymentChannel,
  amountSen: number,
  merchantMaxSen: number,
): void {
  const limits = channelLimits(channel, merchantMaxSen);
  const outside = outsideLimits(limits, amountSen);
  if (outside) {
    throw new AppError(
      'amount_outside_method_limit',
      `${channel.name} takes ${limits.minSen} to ${limits.maxSen} sen in one payment`,
    );
  }
}
