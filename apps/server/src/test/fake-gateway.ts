import { enquiryAnswers } from '@portal/gateway-protocol/ipay88';
import {
  createGatewayClient,
  readEnquiryAnswer,
  type EnquiryResult,
  type GatewayClient,
} from '../gateway/gateway-client';
import { signedGatewayResponse } from './payment-fixtures';
import { testGatewaySettings } from './test-gateway-settings';

/** One card page the gateway opened for a reference, and how it ended. */
interface Attempt {
  openedAt: Date;
  /** The PaymentId the entry named: a card's, or a bank's or wallet's, whose pages name no card. */
  paymentId: string;
  outcome: 'open' | 'approved' | 'declined' | 'pending';
  transId: string;
}

/** iPay88 names a card only for a card payment; a bank's or wallet's leaves the card fields empty. */
function paidWith(attempt: Attempt) {
  return attempt.paymentId === '2'
    ? { PaymentId: attempt.paymentId }
    : { PaymentId: attempt.paymentId, CCName: '', CCNo: '', S_bankname: '', S_country: '' };
}

/**
 * A card gateway held in memory, whose clock and network the test controls: it opens a card page
 * at each handover, approves or declines one when told, signs the messages it would send, and
 * answers requeries in iPay88's words ("Record not found" while a page is open). A card page
 * takes a card only within its lifetime, as a real gateway's does. Every card paid here is a
 * Mastercard, so a receipt that says Visa took its brand from elsewhere.
 */
export class FakeGateway {
  readonly #attempts = new Map<string, Attempt[]>();
  #nextTransId = 1;
  /** Every transaction the gateway approved: each must end as one receipt or one refund. */
  readonly approvals: { reference: string; transId: string; amountSen: number }[] = [];
  /** When false, every requery goes unanswered. */
  reachable = true;
  requeries = 0;

  constructor(
    private readonly clock: () => Date,
    private readonly pageLifetimeMs = 15 * 60_000,
  ) {}

  /** The portal's client, with this gateway answering its requeries. */
  client(): GatewayClient {
    return {
      ...createGatewayClient(testGatewaySettings),
      enquire: async (reference: string, amountSen: number) => this.answer(reference, amountSen),
    };
  }

  /** The payer's browser posts the gateway form (by default a card's): its page opens. */
  open(reference: string, paymentId = '2'): void {
    const attempts = this.#attempts.get(reference) ?? [];
    attempts.push({ openedAt: this.clock(), paymentId, outcome: 'open', transId: '' });
    this.#attempts.set(reference, attempts);
  }

  /** Whether the latest card page for a reference still takes a card. */
  canTakeCard(reference: string): boolean {
    const latest = this.#attempts.get(reference)?.at(-1);
    const paid = this.#attempts.get(reference)?.some((attempt) => attempt.outcome === 'approved');
    return (
      latest?.outcome === 'open' &&
      !paid &&
      this.clock().getTime() - latest.openedAt.getTime() <= this.pageLifetimeMs
    );
  }

  /**
   * The payer submits a card on the latest page, or pays by a method whose bank decides later
   * ('pending', Status 6): the signed response the gateway then sends to the return and callback
   * URLs, or undefined when no page takes a card.
   */
  submitCard(
    reference: string,
    amountSen: number,
    approved: boolean | 'pending',
  ): Record<string, string> | undefined {
    if (!this.canTakeCard(reference)) return undefined;
    const attempt = this.#attempts.get(reference)!.at(-1)!;
    attempt.transId = `T${String(this.#nextTransId++).padStart(9, '0')}`;
    if (approved === 'pending') {
      attempt.outcome = 'pending';
      return signedGatewayResponse(reference, amountSen, {
        ...paidWith(attempt),
        Status: '6',
        AuthCode: '',
        TransId: attempt.transId,
        CCNo: '',
      });
    }
    return this.#settle(reference, amountSen, attempt, approved);
  }

  /** Whether a payment of this reference waits for its payer's bank. */
  isPending(reference: string): boolean {
    return this.#attempts.get(reference)?.some((each) => each.outcome === 'pending') ?? false;
  }

  /** The payer's bank decides a pending payment: the signed backend post the gateway sends. */
  decide(reference: string, amountSen: number, approved: boolean): Record<string, string> {
    const attempt = this.#attempts.get(reference)?.find((each) => each.outcome === 'pending');
    if (!attempt) throw new Error(`no payment of ${reference} is pending`);
    return this.#settle(reference, amountSen, attempt, approved);
  }

  #settle(reference: string, amountSen: number, attempt: Attempt, approved: boolean) {
    attempt.outcome = approved ? 'approved' : 'declined';
    if (approved) this.approvals.push({ reference, transId: attempt.transId, amountSen });
    return signedGatewayResponse(reference, amountSen, {
      approved,
      TransId: attempt.transId,
      CCNo: '555555xxxxxx4444',
      ...paidWith(attempt),
    });
  }

  /** iPay88's plain-text requery answer, read as the portal's client reads it. */
  answer(reference: string, amountSen: number): EnquiryResult {
    this.requeries++;
    if (!this.reachable) return { status: 'no_answer', reason: 'unreachable' };
    const attempts = this.#attempts.get(reference) ?? [];
    const latest = attempts.at(-1);
    const word = attempts.some((attempt) => attempt.outcome === 'approved')
      ? enquiryAnswers.paid
      : attempts.some((attempt) => attempt.outcome === 'pending')
        ? enquiryAnswers.pending
        : latest?.outcome === 'declined'
          ? enquiryAnswers.failed
          : enquiryAnswers.notFound;
    return readEnquiryAnswer(reference, amountSen, word);
  }
}
