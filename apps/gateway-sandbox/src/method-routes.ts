/**
 * The routes of the banks and wallets the sandbox plays, after the entry has opened their first
 * page: what the payer does on them, and what the company's approver does on the approvals page.
 * Every outcome goes back to the merchant as the gateway's signed response, through the browser,
 * and, for a payment, to the BackendURL as well.
 */
import type { GatewayResponse } from '@portal/gateway-protocol/ipay88';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { BackendCallbacks } from './backend-callback';
import { errorDescriptions } from './error-descriptions';
import {
  checkBankLogin,
  checkWallet,
  readBankAction,
  readBankLogin,
  readWalletForm,
} from './method-forms';
import {
  approvalClosedPage,
  approvalsPage,
  bankConfirmPage,
  bankLoginPage,
  bankOfflinePage,
  bankWaitPage,
  corporateSubmitPage,
  walletPage,
  type MethodPageInput,
} from './method-pages';
import type { PageContext } from './page-layout';
import { returnPage, sessionClosedPage } from './pages';
import { pageContext, sendPage } from './replies';
import { sandboxPaths } from './sandbox-paths';
import { playOf, walletPins, type ChannelPlay } from './test-channels';
import type { Transaction, TransactionStore } from './transactions';

export interface MethodRouteOptions {
  merchantCode: string;
  transactions: TransactionStore;
  callbacks: BackendCallbacks;
  /** How long the payer's pages take the payer's word after the entry opened them. */
  pageLifetimeMs: number;
  /** How long the bank that never answers is waited for, from the payer's login. */
  bankTimeoutMs: number;
}

/** A payment still open to its payer, or the status of the page that says it is not. */
type OpenPayment = { transaction: Transaction } | { closed: 404 | 409 | 410 };

/**
 * The payment a payer's page posted for, if that page may still act on it: a payment of the
 * method the page belongs to, nothing decided yet, and within the page's lifetime (after it, the
 * portal may have released the payment).
 */
export function openPayment(
  transactions: TransactionStore,
  id: string,
  plays: readonly ChannelPlay[],
  now: Date,
  pageLifetimeMs: number,
): OpenPayment {
  const transaction = transactions.findById(id);
  if (!transaction) return { closed: 404 };
  if (transaction.state !== 'awaitingPayer' || !plays.includes(playOf(transaction.channel))) {
    return { closed: 409 };
  }
  if (now.getTime() - transaction.openedAt.getTime() > pageLifetimeMs) return { closed: 410 };
  return { transaction };
}

/**
 * Fails a payment at the bank that never answers once its time is up. The time decides, whoever
 * asks first: the payer's page coming back, however late, or the merchant's requery.
 */
export function timeOutSilentBank(
  transactions: TransactionStore,
  transaction: Transaction,
  now: Date,
  bankTimeoutMs: number,
): void {
  const { loggedInAt } = transaction;
  if (
    transaction.state === 'awaitingPayer' &&
    playOf(transaction.channel) === 'bankSilent' &&
    loggedInAt &&
    now.getTime() - loggedInAt.getTime() >= bankTimeoutMs
  ) {
    transactions.settle(transaction, { state: 'failed', errDesc: errorDescriptions.timeout }, now);
  }
}

export function registerMethodRoutes(app: FastifyInstance, options: MethodRouteOptions): void {
  const { merchantCode, transactions, callbacks, pageLifetimeMs, bankTimeoutMs } = options;

  const open = (id: string, plays: readonly ChannelPlay[], now: Date) =>
    openPayment(transactions, id, plays, now, pageLifetimeMs);

  const handBack = (
    reply: FastifyReply,
    context: PageContext,
    transaction: Transaction,
    response: GatewayResponse,
  ) => sendPage(reply, 200, returnPage(context, transaction.request.ResponseURL, response));

  /** Ends the payment as `errDesc` says, without a payment: only the browser hears of it. */
  const fail = (
    reply: FastifyReply,
    context: PageContext,
    transaction: Transaction,
    errDesc: string,
  ) =>
    handBack(
      reply,
      context,
      transaction,
      transactions.settle(transaction, { state: 'failed', errDesc }),
    );

  /** Pays it: the browser and the BackendURL hear of it, as for an approved card. */
  const payNow = (reply: FastifyReply, context: PageContext, transaction: Transaction) => {
    const response = transactions.settle(transaction, { state: 'paid', errDesc: '' });
    void callbacks.deliver(transaction.request.BackendURL, response);
    return handBack(reply, context, transaction, response);
  };

  /** The waiting page of the bank that never answers, or the timeout once the time is up. */
  const waitForSilentBank = (
    reply: FastifyReply,
    context: PageContext,
    transaction: Transaction,
    now: Date,
  ) => {
    timeOutSilentBank(transactions, transaction, now, bankTimeoutMs);
    const { response } = transaction;
    if (transaction.state === 'failed' && response?.ErrDesc === errorDescriptions.timeout) {
      // The browser may come back more than once, or late: it gets the same answer each time.
      return handBack(reply, context, transaction, response);
    }
    if (transaction.state !== 'awaitingPayer') {
      return sendPage(reply, 409, sessionClosedPage(context));
    }
    const waitedMs = now.getTime() - transaction.loggedInAt!.getTime();
    const refreshSeconds = Math.max(1, Math.ceil((bankTimeoutMs - waitedMs) / 1000));
    const page = bankWaitPage(context, { merchantCode, transaction, refreshSeconds });
    return sendPage(reply, 200, page);
  };

  app.post(sandboxPaths.bankLogin, (request, reply) => {
    const context = pageContext(request);
    const form = readBankLogin(request.body);
    const now = new Date();
    const payment = open(form.transaction, ['bank', 'bankSilent', 'corporate'], now);
    if ('closed' in payment) return sendPage(reply, payment.closed, sessionClosedPage(context));
    const { transaction } = payment;
    const input: MethodPageInput = { merchantCode, transaction };
    const play = playOf(transaction.channel);

    if (form.action === 'cancel') {
      return fail(reply, context, transaction, errorDescriptions.customerCancelled);
    }
    // A login sent again (the browser's back button) goes on from where the payer was.
    if (!transaction.loggedInAt) {
      const errors = checkBankLogin(form, play === 'corporate');
      if (Object.keys(errors).length > 0) {
        return sendPage(reply, 400, bankLoginPage(context, { ...input, values: form, errors }));
      }
      transaction.loggedInAt = now;
    }
    if (play === 'bankSilent') return waitForSilentBank(reply, context, transaction, now);
    const page = play === 'corporate' ? corporateSubmitPage : bankConfirmPage;
    return sendPage(reply, 200, page(context, input));
  });

  app.post(sandboxPaths.bankConfirm, (request, reply) => {
    const context = pageContext(request);
    const { transaction: id, action } = readBankAction(request.body);
    const payment = open(id, ['bank', 'bankOffline', 'corporate'], new Date());
    if ('closed' in payment) return sendPage(reply, payment.closed, sessionClosedPage(context));
    const { transaction } = payment;
    const input: MethodPageInput = { merchantCode, transaction };
    const play = playOf(transaction.channel);

    if (play === 'bankOffline') {
      if (action === 'back') {
        return fail(reply, context, transaction, errorDescriptions.paymentFail);
      }
      return sendPage(reply, 400, bankOfflinePage(context, input));
    }
    // Only a logged-in payer gets as far as these buttons.
    if (!transaction.loggedInAt) return sendPage(reply, 409, sessionClosedPage(context));
    if (action === 'cancel') {
      return fail(reply, context, transaction, errorDescriptions.customerCancelled);
    }
    if (play === 'bank') {
      if (action === 'approve') return payNow(reply, context, transaction);
      if (action === 'reject') {
        return fail(reply, context, transaction, errorDescriptions.bankDeclined);
      }
      return sendPage(reply, 400, bankConfirmPage(context, input));
    }
    if (action === 'submit') {
      // Pending until the approver decides: no BackendURL post now, and none if rejected.
      transaction.submittedAt = new Date();
      const response = transactions.settle(transaction, { state: 'pending', errDesc: '' });
      return handBack(reply, context, transaction, response);
    }
    return sendPage(reply, 400, corporateSubmitPage(context, input));
  });

  app.get(sandboxPaths.bankWait, (request, reply) => {
    const context = pageContext(request);
    const { transaction: id } = (request.query ?? {}) as Record<string, unknown>;
    const transaction = typeof id === 'string' ? transactions.findById(id) : undefined;
    if (!transaction) return sendPage(reply, 404, sessionClosedPage(context));
    if (playOf(transaction.channel) !== 'bankSilent' || !transaction.loggedInAt) {
      return sendPage(reply, 409, sessionClosedPage(context));
    }
    return waitForSilentBank(reply, context, transaction, new Date());
  });

  app.post(sandboxPaths.walletPay, (request, reply) => {
    const context = pageContext(request);
    const form = readWalletForm(request.body);
    const payment = open(form.transaction, ['wallet'], new Date());
    if ('closed' in payment) return sendPage(reply, payment.closed, sessionClosedPage(context));
    const { transaction } = payment;

    if (form.action === 'cancel') {
      return fail(reply, context, transaction, errorDescriptions.customerCancelled);
    }
    const check = checkWallet(form);
    if (!check.ok) {
      const page = walletPage(context, {
        merchantCode,
        transaction,
        values: form,
        errors: check.errors,
      });
      return sendPage(reply, 400, page);
    }
    const outcome = walletPins[check.pin];
    if (outcome.state === 'paid') return payNow(reply, context, transaction);
    return fail(reply, context, transaction, outcome.errDesc);
  });

  const isCorporate = (transaction: Transaction) => playOf(transaction.channel) === 'corporate';

  const showApprovals = (reply: FastifyReply, context: PageContext, statusCode: number) => {
    const corporate = transactions.all().filter(isCorporate);
    const pending = corporate
      .filter((transaction) => transaction.state === 'pending')
      .sort((a, b) => a.submittedAt!.getTime() - b.submittedAt!.getTime());
    const decided = corporate
      .filter((transaction) => transaction.submittedAt && transaction.decidedAt)
      .sort((a, b) => b.decidedAt!.getTime() - a.decidedAt!.getTime());
    return sendPage(reply, statusCode, approvalsPage(context, { pending, decided }));
  };

  app.get(sandboxPaths.approvals, (request, reply) =>
    showApprovals(reply, pageContext(request), 200),
  );

  app.post(sandboxPaths.approvals, (request, reply) => {
    const context = pageContext(request);
    const { transaction: id, decision } = (request.body ?? {}) as Record<string, unknown>;
    const transaction = typeof id === 'string' ? transactions.findById(id) : undefined;
    if (!transaction || !isCorporate(transaction) || transaction.state !== 'pending') {
      return sendPage(reply, 409, approvalClosedPage(context));
    }
    if (decision === 'approve') {
      // The approver's word reaches the merchant as iPay88's later post, with its retries.
      const response = transactions.settle(transaction, { state: 'paid', errDesc: '' });
      void callbacks.deliver(transaction.request.BackendURL, response);
    } else if (decision === 'reject') {
      // iPay88 posts only payments to the BackendURL: the merchant learns this by its requery.
      transactions.settle(transaction, {
        state: 'failed',
        errDesc: errorDescriptions.bankDeclined,
      });
    } else {
      return showApprovals(reply, context, 400);
    }
    return reply.redirect(sandboxPaths.approvals, 303);
  });
}
