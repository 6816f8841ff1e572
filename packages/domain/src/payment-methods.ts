/**
 * How a payer pays (docs/payment-methods.md): online banking through FPX from a personal account,
 * from a business account (whose payment a second person approves later), an e-wallet, or a card.
 * Each choice the checkout offers is one of the gateway's PaymentIds, as iPay88 publishes them;
 * the sources of every id and limit are in docs/payment-methods.md.
 */
import { formatRinggit } from './money';

/** In the order the checkout offers them: online banking first, as Malaysians mostly pay so. */
export const paymentMethods = ['online_banking', 'corporate_banking', 'ewallet', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** One way to pay that the gateway names by its own PaymentId: a bank, a wallet, or the card. */
export interface PaymentChannel {
  /** iPay88's PaymentId, sent in the entry request and echoed, signed, in its response. */
  paymentId: string;
  method: PaymentMethod;
  /** The bank's or wallet's own name, which is not translated. */
  name: string;
  /** A lower most-per-payment than the method's, where the wallet publishes one. */
  maxSen?: number;
}

/** iPay88's PaymentId for a credit or debit card paid in MYR. */
export const cardPaymentId = '2';

export const paymentChannels: readonly PaymentChannel[] = [
  { paymentId: '6', method: 'online_banking', name: 'Maybank2u' },
  { paymentId: '20', method: 'online_banking', name: 'CIMB Clicks' },
  { paymentId: '31', method: 'online_banking', name: 'Public Bank' },
  { paymentId: '14', method: 'online_banking', name: 'RHB Now' },
  { paymentId: '15', method: 'online_banking', name: 'Hong Leong Connect' },
  { paymentId: '10', method: 'online_banking', name: 'AmOnline' },
  { paymentId: '134', method: 'online_banking', name: 'Bank Islam' },
  { paymentId: '102', method: 'online_banking', name: 'Bank Rakyat' },
  { paymentId: '124', method: 'online_banking', name: 'BSN' },
  { paymentId: '103', method: 'online_banking', name: 'Affin Bank' },
  { paymentId: '8', method: 'online_banking', name: 'Alliance Bank' },
  { paymentId: '166', method: 'online_banking', name: 'Bank Muamalat' },
  { paymentId: '167', method: 'online_banking', name: 'OCBC Bank' },
  { paymentId: '152', method: 'online_banking', name: 'UOB Bank' },
  { paymentId: '198', method: 'online_banking', name: 'HSBC Bank' },
  { paymentId: '168', method: 'online_banking', name: 'Standard Chartered' },
  { paymentId: '199', method: 'online_banking', name: 'Kuwait Finance House' },
  { paymentId: '405', method: 'online_banking', name: 'Agrobank' },
  { paymentId: '178', method: 'corporate_banking', name: 'Maybank2E' },
  { paymentId: '538', method: 'ewallet', name: "Touch 'n Go eWallet" },
  // GrabPay publishes RM 1,500.00; Boost and ShopeePay publish nothing, so take the lowest known.
  { paymentId: '523', method: 'ewallet', name: 'GrabPay', maxSen: 150_000 },
  { paymentId: '210', method: 'ewallet', name: 'Boost', maxSen: 150_000 },
  { paymentId: '801', method: 'ewallet', name: 'ShopeePay', maxSen: 150_000 },
  { paymentId: cardPaymentId, method: 'card', name: 'Card' },
];

/** The channels of one method, in the order the checkout lists them. */
export function channelsOf(method: PaymentMethod): PaymentChannel[] {
  return paymentChannels.filter((channel) => channel.method === method);
}

export function channelOf(paymentId: string): PaymentChannel | undefined {
  return paymentChannels.find((channel) => channel.paymentId === paymentId);
}

/**
 * The bank or e-wallet a payment was made from, for receipts and the council's books; null for a
 * card, which the receipt names by its own network and number.
 */
export function channelNameOf(method: PaymentMethod, paymentId: string): string | null {
  return method === 'card' ? null : (channelOf(paymentId)?.name ?? null);
}

/**
 * How a payment is paid, in one line, for every place that names it: the method in the reader's
 * words, then the bank or e-wallet by its own name (`Online banking (FPX) · Maybank2u`); a card by
 * its method alone.
 */
export function paidWithText(
  methodName: string,
  method: PaymentMethod,
  channel: string | null,
): string {
  return [methodName, method === 'card' ? null : channel].filter(Boolean).join(' · ');
}

/**
 * The least and most one payment may be by each method, in sen, before the gateway is asked:
 * FPX's own per-transaction limits for personal and business accounts, the highest an e-wallet
 * publishes (Touch 'n Go's; each other wallet has its own lower one), and for cards only the
 * merchant's own maximum (`GATEWAY_MAX_AMOUNT`), which caps every method.
 */
export const paymentMethodLimits: Record<PaymentMethod, { minSen: number; maxSen: number }> = {
  online_banking: { minSen: 100, maxSen: 3_000_000 },
  corporate_banking: { minSen: 200, maxSen: 100_000_000 },
  ewallet: { minSen: 100, maxSen: 2_000_000 },
  card: { minSen: 1, maxSen: Number.MAX_SAFE_INTEGER },
};

/** The limits of one channel: its method's, its own maximum where lower, and the merchant's. */
export function channelLimits(
  channel: PaymentChannel,
  merchantMaxSen: number,
): { minSen: number; maxSen: number } {
  const { minSen, maxSen } = paymentMethodLimits[channel.method];
  return { minSen, maxSen: Math.min(maxSen, channel.maxSen ?? maxSen, merchantMaxSen) };
}

/** Whether an amount is within a channel's limits: `below` or `above` them, or undefined. */
export function outsideLimits(
  limits: { minSen: number; maxSen: number },
  amountSen: number,
): 'below' | 'above' | undefined {
  if (amountSen < limits.minSen) return 'below';
  if (amountSen > limits.maxSen) return 'above';
  return undefined;
}

/** `RM 1.00 – RM 30,000.00`: a channel's limits as the checkout names them. */
export function writtenLimits(limits: { minSen: number; maxSen: number }): string {
  return `${formatRinggit(limits.minSen)} – ${formatRinggit(limits.maxSen)}`;
}

/**
 * Whether a payment by this method may wait for a decision after its payer has left the gateway:
 * a business account's payment waits for its approver, for hours (`CORPORATE_APPROVAL_HOURS`);
 * any other method's bank decides within its page's time.
 */
export function awaitsApprover(method: PaymentMethod): boolean {
  return method === 'corporate_banking';
}
