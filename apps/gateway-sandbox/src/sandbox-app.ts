/**
 * A sandbox payment gateway that is a twin of iPay88 (docs/gateway-protocol.md): the same paths,
 * the same fields and answers, and nothing on the wire that iPay88 does not send. What tests need
 * to control is chosen on the sandbox's own pages: by test card on its card page (a decline, a
 * bank that decides later, a callback that wins the race or is lost), and by the bank or wallet
 * the PaymentId names and what is done on its pages (test-channels.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import formbody from '@fastify/formbody';
import {
  enquiryAnswers,
  gatewayErrors,
  gatewayPaths,
  parseGatewayAmount,
  type GatewayResponse,
  type SignatureType,
} from '@portal/gateway-protocol/ipay88';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { BackendCallbacks } from './backend-callback';
import { checkCard, readCardForm } from './card-form';
import { checkEntryRequest } from './entry-request';
import { errorDescriptions } from './error-descriptions';
import { bankLoginPage, bankOfflinePage, walletPage } from './method-pages';
import { openPayment, registerMethodRoutes, timeOutSilentBank } from './method-routes';
import { cardPage, homePage, refusedPage, returnPage, sessionClosedPage } from './pages';
import { pageContext, sendPage } from './replies';
import { sandboxPaths } from './sandbox-paths';
import { cardOutcome } from './test-cards';
import { playOf } from './test-channels';
import { TransactionStore } from './transactions';

export interface SandboxOptions {
  merchantCode: string;
  merchantKey: string;
  /** How the merchant's account signs; iPay88 sets it per account. Default HMACSHA512. */
  signatureType?: SignatureType;
  /** How long the pending test card's bank takes to approve; default 5 seconds. */
  pendingDecisionMs?: number;
  /** Waits before each further try of a BackendURL callback; default 1, 2 and 4 seconds. */
  callbackRetryDelaysMs?: number[];
  /** Longest the delayed-return test card holds the browser for its callback; default 5 s. */
  delayedReturnMaxMs?: number;
  /**
   * How long a payer's page (card, bank, wallet) takes the payer's word after it opened; later it
   * answers that the session is closed. Default 15 minutes: the portal releases a payment only
   * after this, plus a margin.
   */
  cardPageLifetimeMs?: number;
  /**
   * How long the test bank that never answers (Bank Muamalat) is waited for after the payer's
   * login, before the payment fails with Transaction Timeout. Default 10 seconds.
   */
  bankTimeoutMs?: number;
  logger?: boolean;
}

export interface SandboxControls {
  /**
   * Resolves once every BackendURL callback started so far has been acknowledged or given up.
   * Tests await it before looking at what the merchant's backend received.
   */
  settled(): Promise<void>;
}

export type SandboxInstance = FastifyInstance & { sandbox: SandboxControls };

/** Waits for `promise`, but no longer than `limitMs`. */
async function waitAtMost(promise: Promise<unknown>, limitMs: number): Promise<void> {
  const timer = new AbortController();
  const timeout = sleep(limitMs, undefined, { signal: timer.signal }).catch(() => undefined);
  await Promise.race([promise, timeout]);
  timer.abort();
}

/**
 * The requery's answer about a RefNo, checked against the amount asked about: one of iPay88's
 * plain, unsigned words (docs/gateway-protocol.md). A payer's page still open is "Record not
 * found", as at iPay88, until the payer or the bank has decided.
 */
function answerEnquiry(
  asked: unknown,
  merchantCode: string,
  transactions: TransactionStore,
  bankTimeoutMs: number,
): string {
  const { MerchantCode, RefNo, Amount } = (asked ?? {}) as Record<string, unknown>;
  const refNo = typeof RefNo === 'string' ? RefNo : '';
  const amountSen = parseGatewayAmount(typeof Amount === 'string' ? Amount : '');
  const transaction = transactions.findByRefNo(refNo);
  if (MerchantCode !== merchantCode || !refNo || !amountSen) return enquiryAnswers.invalid;
  if (transaction) timeOutSilentBank(transactions, transaction, new Date(), bankTimeoutMs);
  if (!transaction || transaction.state === 'awaitingPayer') return enquiryAnswers.notFound;
  if (transaction.amountSen !== amountSen) return enquiryAnswers.incorrectAmount;
  const answers = {
    paid: enquiryAnswers.paid,
    failed: enquiryAnswers.failed,
    pending: enquiryAnswers.pending,
  } as const;
  return answers[transaction.state];
}

export async function buildSandbox(options: SandboxOptions): Promise<SandboxInstance> {
  const {
    merchantCode,
    delayedReturnMaxMs = 5000,
    cardPageLifetimeMs = 15 * 60_000,
    pendingDecisionMs = 5000,
    bankTimeoutMs = 10_000,
  } = options;
  // Typed without Fastify's PromiseLike side, so returning it keeps the sandbox controls' type.
  const app: FastifyInstance = Fastify({ logger: options.logger ?? false });
  await app.register(formbody);

  const merchant = {
    merchantCode,
    merchantKey: options.merchantKey,
    signatureType: options.signatureType ?? 'HMACSHA512',
  } as const;
  const transactions = new TransactionStore(merchant);
  const callbacks = new BackendCallbacks(
    options.callbackRetryDelaysMs ?? [1000, 2000, 4000],
    app.log,
  );
  app.addHook('onClose', async () => callbacks.stop());

  app.get(sandboxPaths.home, (request, reply) =>
    sendPage(reply, 200, homePage(pageContext(request), bankTimeoutMs)),
  );

  app.post(gatewayPaths.entry, (request, reply) => {
    const context = pageContext(request);
    const entry = checkEntryRequest(request.body, merchant);
    if (!entry.ok) return sendPage(reply, 400, refusedPage(context, entry.error));
    if (transactions.findByRefNo(entry.request.RefNo)?.state === 'paid') {
      return sendPage(reply, 400, refusedPage(context, gatewayErrors.duplicate));
    }
    const now = new Date();
    const transaction = transactions.open(entry.request, entry.amountSen, entry.channel, now);
    const input = { merchantCode, transaction };
    const firstPages = {
      card: () => cardPage(context, { ...input, now }),
      bank: () => bankLoginPage(context, input),
      bankSilent: () => bankLoginPage(context, input),
      corporate: () => bankLoginPage(context, input),
      bankOffline: () => bankOfflinePage(context, input),
      wallet: () => walletPage(context, input),
    } as const;
    return sendPage(reply, 200, firstPages[playOf(entry.channel)]());
  });

  registerMethodRoutes(app, {
    merchantCode,
    transactions,
    callbacks,
    pageLifetimeMs: cardPageLifetimeMs,
    bankTimeoutMs,
  });

  app.post(sandboxPaths.pay, async (request, reply) => {
    const context = pageContext(request);
    const form = readCardForm(request.body);
    const now = new Date();
    const payment = openPayment(transactions, form.transaction, ['card'], now, cardPageLifetimeMs);
    if ('closed' in payment) return sendPage(reply, payment.closed, sessionClosedPage(context));
    const { transaction } = payment;
    const handBack = (response: GatewayResponse) =>
      sendPage(reply, 200, returnPage(context, transaction.request.ResponseURL, response));

    if (form.cancelled) {
      return handBack(
        transactions.settle(transaction, {
          state: 'failed',
          errDesc: errorDescriptions.customerCancelled,
        }),
      );
    }
    const check = checkCard(form, now);
    if (!check.ok) {
      const page = cardPage(context, {
        merchantCode,
        transaction,
        values: form,
        errors: check.errors,
        now,
      });
      return sendPage(reply, 400, page);
    }
    const outcome = cardOutcome(check.card.number);
    const { state, errDesc } = outcome;
    const response = transactions.settle(transaction, { state, errDesc, card: check.card });
    if (state === 'paid' && outcome.callback !== 'lost') {
      const delivery = callbacks.deliver(transaction.request.BackendURL, response);
      if (outcome.callback === 'before_return') await waitAtMost(delivery, delayedReturnMaxMs);
    }
    if (state === 'pending') {
      // The bank approves a little later: iPay88 posts the outcome to BackendURL.
      const card = check.card;
      callbacks.later(pendingDecisionMs, () => {
        const decided = transactions.settle(transaction, { state: 'paid', errDesc: '', card });
        return callbacks.deliver(transaction.request.BackendURL, decided);
      });
    }
    return handBack(response);
  });

  // iPay88's specification posts the requery; client libraries send its fields as a query string.
  const enquiry = (asked: unknown, reply: FastifyReply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(answerEnquiry(asked, merchantCode, transactions, bankTimeoutMs));
  app.post(gatewayPaths.enquiry, (request, reply) => enquiry(request.body, reply));
  app.get(gatewayPaths.enquiry, (request, reply) => enquiry(request.query, reply));

  const controls: SandboxControls = { settled: () => callbacks.settled() };
  return Object.assign(app, { sandbox: controls });
}
