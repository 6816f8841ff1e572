import { randomInt, randomUUID } from 'node:crypto';
import type { PaymentChannel } from '@portal/domain/payment-methods';
import {
  maskCardNumber,
  responseStatuses,
  signResponse,
  type GatewayResponse,
  type GatewayRequest,
  type Merchant,
} from '@portal/gateway-protocol/ipay88';
import type { Card } from './card-form';

/**
 * `awaitingPayer`: the gateway's page is open and nothing is decided (a requery: "Record not
 * found"); `pending`: the bank or the company's approver has not decided yet (Status 6), and the
 * gateway posts the word to the BackendURL later, if it is a payment.
 */
export type TransactionState = 'awaitingPayer' | 'pending' | 'paid' | 'failed';

export interface Transaction {
  /** Opaque id the payer's pages post back; a new entry for the same RefNo gets a new one. */
  id: string;
  request: GatewayRequest;
  amountSen: number;
  /** The bank, wallet or card the request's PaymentId names. */
  channel: PaymentChannel;
  state: TransactionState;
  /** When the payer's page was opened: it takes the payer's word for the sandbox's page lifetime. */
  openedAt: Date;
  /** When the payer logged in to the bank: a bank that never answers is waited for from here. */
  loggedInAt?: Date;
  /** When a corporate payment went to the company's approver. */
  submittedAt?: Date;
  /** When the payment was paid or failed. */
  decidedAt?: Date;
  /** How it ended, once it has: what the enquiry path reports. */
  response?: GatewayResponse;
}

/** How a payment ended, or that it waits: with the card, when a card paid it. */
export interface PaymentResult {
  state: 'paid' | 'failed' | 'pending';
  errDesc: string;
  card?: Card;
}

const transIdRange = 1_000_000_000;

/** The sandbox's transactions, kept in memory for as long as it runs. */
export class TransactionStore {
  /** The latest attempt per RefNo: a RefNo may be tried again until one attempt is paid. */
  readonly #byRefNo = new Map<string, Transaction>();
  // Start at a random point so TransIds rarely repeat across restarts of the sandbox.
  #nextTransId = randomInt(transIdRange);

  readonly #merchant: Merchant;

  constructor(merchant: Merchant) {
    this.#merchant = merchant;
  }

  open(
    request: GatewayRequest,
    amountSen: number,
    channel: PaymentChannel,
    now: Date,
  ): Transaction {
    const transaction: Transaction = {
      id: randomUUID(),
      request,
      amountSen,
      channel,
      state: 'awaitingPayer',
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

  /** The latest attempt of every RefNo. */
  all(): Transaction[] {
    return [...this.#byRefNo.values()];
  }

  /**
   * Records how the payment ended, or that its bank is still deciding, and returns the signed
   * gateway response for the merchant: iPay88's fields only, the card masked as iPay88 masks it.
   * The card fields are "applicable for credit card payment only": empty for a bank or a wallet.
   */
  settle(transaction: Transaction, result: PaymentResult, now: Date = new Date()): GatewayResponse {
    transaction.state = result.state;
    if (result.state !== 'pending') transaction.decidedAt = now;
    const { request } = transaction;
    const { card } = result;
    transaction.response = signResponse(this.#merchant, {
      MerchantCode: request.MerchantCode,
      PaymentId: request.PaymentId,
      RefNo: request.RefNo,
      Amount: request.Amount,
      Currency: request.Currency,
      Remark: request.Remark,
      // A pending payment keeps its transaction: the bank's later word is about the same one.
      TransId: transaction.response?.TransId ?? this.#issueTransId(),
      AuthCode: result.state === 'paid' ? String(randomInt(1_000_000)).padStart(6, '0') : '',
      Status:
        result.state === 'paid'
          ? responseStatuses.approved
          : result.state === 'pending'
            ? responseStatuses.pending
            : responseStatuses.failed,
      ErrDesc: result.errDesc,
      CCName: card?.name ?? '',
      CCNo: card ? maskCardNumber(card.number) : '',
      S_bankname: card?.bank ?? '',
      S_country: card ? 'MY' : '',
    });
    return transaction.response;
  }

  #issueTransId(): string {
    const transId = `T${String(this.#nextTransId).padStart(9, '0')}`;
    this.#nextTransId = (this.#nextTransId + 1) % transIdRange;
    return transId;
  }
}
