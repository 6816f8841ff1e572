import { paymentChannels, type PaymentChannel } from '@portal/domain/payment-methods';
import { errorDescriptions } from './error-descriptions';
import type { MessageKey } from './messages';

/**
 * How the sandbox plays the bank or wallet behind a PaymentId: what tests control is which
 * PaymentId the portal sends, and what is done on the sandbox's own pages, never extra fields.
 * - `card`: the hosted card page and its test cards;
 * - `bank`: log in, then approve or reject;
 * - `bankOffline`: the bank is down; the payer can only go back to the merchant;
 * - `bankSilent`: after the login the bank never answers, until the payment's time runs out;
 * - `corporate`: log in, then submit for the company's approver (Status 6), who decides on the
 *   sandbox's approvals page;
 * - `wallet`: a mobile number and a PIN.
 */
export type ChannelPlay = 'card' | 'bank' | 'bankOffline' | 'bankSilent' | 'corporate' | 'wallet';

/** Agrobank: the test bank that is down. */
export const offlineBankPaymentId = '405';
/** Bank Muamalat: the test bank that never answers. */
export const silentBankPaymentId = '166';

export function playOf(channel: PaymentChannel): ChannelPlay {
  if (channel.paymentId === offlineBankPaymentId) return 'bankOffline';
  if (channel.paymentId === silentBankPaymentId) return 'bankSilent';
  const plays = {
    card: 'card',
    online_banking: 'bank',
    corporate_banking: 'corporate',
    ewallet: 'wallet',
  } as const;
  return plays[channel.method];
}

/** The wallets' test PINs: what each does. Any other PIN is asked for again. */
export const walletPins = {
  '111111': { state: 'paid', errDesc: '' },
  '000000': { state: 'failed', errDesc: errorDescriptions.bankDeclined },
} as const;

export interface TestChannelRow {
  /** The banks or wallets the row is about, by their own names. */
  names: string[];
  paymentIds: string[];
  result: MessageKey;
  /** The ErrDesc of a failure the row causes, if it is always the same one. */
  errDesc?: string;
}

function row(play: ChannelPlay, result: MessageKey, errDesc?: string): TestChannelRow {
  const channels = paymentChannels.filter((channel) => playOf(channel) === play);
  return {
    names: channels.map((channel) => channel.name),
    paymentIds: channels.map((channel) => channel.paymentId),
    result,
    errDesc,
  };
}

/** What the home page and the README list: every bank and wallet, grouped by what it does. */
export const testChannelRows: readonly TestChannelRow[] = [
  row('bank', 'playBank', errorDescriptions.bankDeclined),
  row('bankOffline', 'playBankOffline', errorDescriptions.paymentFail),
  row('bankSilent', 'playBankSilent', errorDescriptions.timeout),
  // A rejected corporate payment reaches the merchant only as the requery's "Payment fail".
  row('corporate', 'playCorporate'),
  row('wallet', 'playWallet', errorDescriptions.bankDeclined),
];
