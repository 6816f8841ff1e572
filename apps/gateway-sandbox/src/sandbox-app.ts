/**
 * A sandbox card gateway speaking the iPay88 protocol (technical spec v1.6.4.4) at the same paths,
 * so the portal goes live by changing only the gateway's base URL and keys.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import formbody from '@fastify/formbody';
import { languageOfAcceptHeader } from '@portal/domain/languages';
import {
  enquiryAnswers,
  gatewayErrors,
  gatewayPaths,
  parseGatewayAmount,
  signEnquiryResponse,
  type GatewayResponse,
} from '@portal/gateway-protocol/ipay88';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { BackendCallbacks } from './backend-callback';
import { checkCard, readCardForm } from './card-form';
import { checkEntryRequest } from './entry-request';
import { translator } from './messages';
import {
  cardPage,
  homePage,
  refusedPage,
  returnPage,
  sessionClosedPage,
  type PageContext,
} from './pages';
import { sandboxPaths } from './sandbox-paths';
import { cardOutcome } from './test-cards';
import { customerCancelled, TransactionStore } from './transactions';

export interface SandboxOptions {
  merchantCode: string;
  merchantKey: string;
  /** Waits before each further try of a BackendURL callback; default 1, 2 and 4 seconds. */
  callbackRetryDelaysMs?: number[];
  /** Longest the delayed-return test card holds the browser for its callback; default 5 s. */
  delayedReturnMaxMs?: number;
  /**
   * How long a card page takes a card after it opened; later it answers that the session is
   * closed. Default 15 minutes: the portal releases a payment only after this, plus a margin.
   */
  cardPageLifetimeMs?: number;
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

function pageContext(request: FastifyRequest): PageContext {
  const language = languageOfAcceptHeader(request.headers['accept-language']);
  return { language, t: translator(language) };
}

function sendPage(reply: FastifyReply, statusCode: number, page: string): FastifyReply {
  // Card pages and merchant hand-overs belong to one payment: never cache or replay them.
  return reply
    .code(statusCode)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page);
}

/**
 * The enquiry path's answer about a RefNo, checked against the amount asked about: iPay88's status
 * with the transaction's details, signed (docs/gateway-protocol.md). A card page still open is
 * "Record not found", as at iPay88, until a card is submitted.
 */
function answerEnquiry(
  body: unknown,
  { merchantCode, merchantKey }: { merchantCode: string; merchantKey: string },
  transactions: TransactionStore,
): string {
  const { MerchantCode, RefNo, Amount } = (body ?? {}) as Record<string, unknown>;
  const refNo = typeof RefNo === 'string' ? RefNo : '';
  const amount = typeof Amount === 'string' ? Amount : '';
  const amountSen = parseGatewayAmount(amount);
  const transaction = transactions.findByRefNo(refNo);
  const response = transaction?.response;
  const status =
    MerchantCode !== merchantCode || !refNo || !amountSen
      ? enquiryAnswers.invalid
      : !transaction || transaction.state === 'awaitingCard'
        ? enquiryAnswers.notFound
        : transaction.amountSen !== amountSen
          ? enquiryAnswers.incorrectAmount
          : transaction.state === 'paid'
            ? enquiryAnswers.success
            : enquiryAnswers.failed;
  const told = status === enquiryAnswers.success || status === enquiryAnswers.failed;
  const answer = signEnquiryResponse(merchantKey, {
    MerchantCode: merchantCode,
    RefNo: refNo,
    Amount: amount,
    Currency: 'MYR',
    Status: status,
    TransId: told ? (response?.TransId ?? '') : '',
    AuthCode: told ? (response?.AuthCode ?? '') : '',
    ErrDesc: told ? (response?.ErrDesc ?? '') : '',
    CardType: told ? (response?.CardType ?? '') : '',
    CCNo: told ? (response?.CCNo ?? '') : '',
    S_bankname: told ? (response?.S_bankname ?? '') : '',
  });
  return new URLSearchParams({ ...answer }).toString();
}

export async function buildSandbox(options: SandboxOptions): Promise<SandboxInstance> {
  const { merchantCode, delayedReturnMaxMs = 5000, cardPageLifetimeMs = 15 * 60_000 } = options;
  // Typed without Fastify's PromiseLike side, so returning it keeps the sandbox controls' type.
  const app: FastifyInstance = Fastify({ logger: options.logger ?? false });
  await app.register(formbody);

  const transactions = new TransactionStore(options.merchantKey);
  const callbacks = new BackendCallbacks(
    options.callbackRetryDelaysMs ?? [1000, 2000, 4000],
    app.log,
  );
  app.addHook('onClose', async () => callbacks.stop());

  app.get(sandboxPaths.home, (request, reply) =>
    sendPage(reply, 200, homePage(pageContext(request))),
  );

  app.post(gatewayPaths.entry, (request, reply) => {
    const context = pageContext(request);
    const entry = checkEntryRequest(request.body, options);
    if (!entry.ok) return sendPage(reply, 400, refusedPage(context, entry.error));
    if (transactions.findByRefNo(entry.request.RefNo)?.state === 'paid') {
      return sendPage(reply, 400, refusedPage(context, gatewayErrors.duplicate));
    }
    const transaction = transactions.open(entry.request, entry.amountSen, new Date());
    return sendPage(reply, 200, cardPage(context, { merchantCode, transaction, now: new Date() }));
  });

  app.post(sandboxPaths.pay, async (request, reply) => {
    const context = pageContext(request);
    const form = readCardForm(request.body);
    const transaction = transactions.findById(form.transaction);
    if (transaction?.state !== 'awaitingCard') {
      return sendPage(reply, transaction ? 409 : 404, sessionClosedPage(context));
    }
    const now = new Date();
    // Past its lifetime a card page takes no card: the portal may have released the payment.
    if (now.getTime() - transaction.openedAt.getTime() > cardPageLifetimeMs) {
      return sendPage(reply, 410, sessionClosedPage(context));
    }
    const handBack = (response: GatewayResponse) =>
      sendPage(reply, 200, returnPage(context, transaction.request.ResponseURL, response));

    if (form.cancelled) {
      return handBack(
        transactions.settle(transaction, { approved: false, errDesc: customerCancelled }, now),
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
    const { approved, errDesc } = outcome;
    const response = transactions.settle(transaction, { approved, errDesc, card: check.card }, now);
    if (approved) {
      const delivery = callbacks.deliver(transaction.request.BackendURL, response);
      if (outcome.returnAfterCallback) await waitAtMost(delivery, delayedReturnMaxMs);
    }
    return handBack(response);
  });

  app.post(gatewayPaths.enquiry, (request, reply) =>
    reply
      .type('application/x-www-form-urlencoded; charset=utf-8')
      .send(answerEnquiry(request.body, options, transactions)),
  );

  const controls: SandboxControls = { settled: () => callbacks.settled() };
  return Object.assign(app, { sandbox: controls });
}
