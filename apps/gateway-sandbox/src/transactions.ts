import { randomInt, randomUUID } from 'node:crypto';
import {
  signResponse,
  type GatewayResponse,
  type GatewayRequest,
} from '@portal/gateway-protocol/ipay88';
import type { Card } from './card-form';
import { formatTranDate } from './malaysia-time';

export type TransactionState = 'awaitingCard' | 'paid' | 'failed';

export interface Transaction {
  /** Opaque id the card page posts back; a new entry for the same RefNo gets a new one. */
  id: string;
  request: GatewayRequest;
  amountSen: number;
  state: TransactionState;
  /** When the card page was opened: it takes a card for the sandbox's card page lifetime. */
  openedAt: Date;
  /** How it ended, once it has: what the enquiry path reports. */
  response?: GatewayResponse;
}

/** How a card page ended: paid or declined with a card, or cancelled by the customer. */
export type PaymentResult =
  | { approved: boolean; errDesc: string; card: Card }
  | { approved: false; errDesc: string; card?: undefined };

export const customerCancelled = 'Customer Cancel Transaction';

const transIdRange = 1_000_000_000;

/** The card's network, as a gateway knows it from the card's first digits (its BIN). */
export function cardNetwork(cardNumber: string): string {
  if (/^4/.test(cardNumber)) return 'VISA';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(cardNumber)) return 'MASTERCARD';
  if (/^3[47]/.test(cardNumber)) return 'AMEX';
  if (/^35/.test(cardNumber)) return 'JCB';
  if (/^62/.test(cardNumber)) return 'UNIONPAY';
  return 'OTHER';
}

/** The sandbox's transactions, kept in memory for as long as it runs. */
export class TransactionStore {
  /** The latest attempt per RefNo: a RefNo may be tried again until one attempt is paid. */
  readonly #byRefNo = new Map<string, Transaction>();
  // Start at a random point so TransIds rarely repeat across restarts of the sandbox.
  #nextTransId = randomInt(transIdRange);

  readonly #merchantKey: string;

  constructor(merchantKey: string) {
    this.#merchantKey = merchantKey;
  }

  open(request: GatewayRequest, amountSen: number, now: Date): Transaction {
    const transaction: Transaction = {
      id: randomUUID(),
      request,
      amountSen,
      state: 'awaitingCard',
      openedAt: now,
    };
    this.#byRefNo.set(request.RefNo, transaction);
    return transaction;
  }

  findByRefNo(refNo: string): Transaction | undefined {
    return this.#byRefNo.get(refNo);
  }

  findById(id: string): Transaction | undefined {
    // A linear search is plenty for the handful of payments a sandbox sees.
    for (const transaction of this.#byRefNo.values()) {
      if (transaction.id === id) return transaction;
    }
    return undefined;
  }

  /** Records how the payment ended and returns the signed gateway response for the merchant. */
  settle(transaction: Transaction, result: PaymentResult, now: Date): GatewayResponse {
    transaction.state = result.approved ? 'paid' : 'failed';
    const { request } = transaction;
    const { card } = result;
    transaction.response = signResponse(this.#merchantKey, {
      MerchantCode: request.MerchantCode,
      PaymentId: request.PaymentId,
      RefNo: request.RefNo,
      Amount: request.Amount,
      Currency: request.Currency,
      Remark: request.Remark,
      TransId: this.#issueTransId(),
      AuthCode: result.approved ? String(randomInt(1_000_000)).padStart(6, '0') : '',
      Status: result.approved ? '1' : '0',
      ErrDesc: result.errDesc,
      CCName: card?.name ?? '',
      // The gateway reports the first six and the last four digits, run together.
      CCNo: card ? card.number.slice(0, 6) + card.number.slice(-4) : '',
      S_bankname: card?.bank ?? '',
      CardType: card ? cardNetwork(card.number) : '',
      TranDate: formatTranDate(now),
    });
    return transaction.response;
  }

  #issueTransId(): string {
    const transId = `T${String(this.#nextTransId).padStart(9, '0')}`;
    this.#nextTransId = (this.#nextTransId + 1) % transIdRange;
    return transId;
  }
}
