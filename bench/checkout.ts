/**
 * `npm run bench:checkout`: settled payments per second, on PostgreSQL and on the embedded
 * database. One payment is a checkout of one bill (`POST /api/checkout`), its handover to the
 * gateway (`POST /api/payments/handover`, the signed form) and the gateway's signed success
 * callback for its reference (`POST /api/payments/callback`, answered `RECEIVEOK`), each payment
 * from a citizen of its own (docs/payments.md). Budgets, on PostgreSQL: settled payments a
 * second at least 3% of the requests a second of a bare route making one query, measured in the
 * same run (this machine's figures swing threefold from run to run; the ratio does not), checkout
 * p99 under 100 ms, and at most 12 SQL statements per settled payment, counted on the wire.
 *
 * Each database is prepared here first (migrated, demo data, and enough extra open compounds that
 * no bill is paid twice), then server processes run on it while workers pay bills; once the
 * servers have stopped, the database is opened again and checked: it holds exactly the payments
 * the bench settled, each bill paid once, one ledger entry per line and one receipt per payment.
 * The last run puts two servers on one PostgreSQL, their background jobs running, as a council
 * scales out: the same checks, and every receipt e-mail handled exactly once.
 */
import { developmentDataKey } from '../apps/server/src/config';
import { personalData } from '../apps/server/src/lib/personal-data';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { requestSignature, type GatewayRequest } from '@portal/gateway-protocol/ipay88';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  closedDemoPaymentTypes,
  demoBills,
  unavailableDemoCouncils,
} from '../apps/server/src/demo/demo-data';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { prepareDatabase } from '../apps/server/src/db/prepare-database';
import { demoDataSeed } from '../apps/server/src/demo/seed-demo-data';
import {
  bills,
  ledgerEntries,
  mailMessages,
  paymentItems,
  payments,
} from '../apps/server/src/db/schema';
import {
  cartItemFor,
  signedGatewayResponse,
  testPayer,
} from '../apps/server/src/test/payment-fixtures';
import { freePorts } from '../apps/server/src/test/portal-process';
import {
  createScratchPostgres,
  type ScratchPostgres,
} from '../apps/server/src/test/scratch-postgres';
import {
  csrfHeaders,
  measureBareRoute,
  postgresAdminUrl,
  type LoadFigures,
  waitUntilAnswering,
  withServer,
} from './bench-servers';
import { startStatementCounter } from './statement-counter';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmUpSeconds = 2;
/** Settled payments a second on PostgreSQL, as a share of the bare route's requests a second. */
const budgetShareOfOneQueryRoute = 0.03;
/** SQL statements one settled payment may cost on PostgreSQL (checkout, handover, callback). */
const budgetStatementsPerPayment = 12;
const budgetCheckoutP99Ms = 100;
/** The bench's own merchant, so that it can sign the gateway's callbacks. */
const merchant = {
  merchantCode: 'BENCH01',
  merchantKey: 'bench-key',
  signatureType: 'HMACSHA512' as const,
};
/**
 * Open bills prepared per second of load (warm-up included): each is paid once. Well above the
 * fastest rate seen here, so that no run is cut short; one that is says so and fails.
 */
const billsPerSecond = 800;

/**
 * Concurrent payers, each one browser paying bill after bill. Tuned on the 2-core machine, 10 s
 * runs at quiet moments: on PostgreSQL, 4 payers settled about 160/s, 8 to 12 payers 210-245/s,
 * and 16 or more no more than that with twice the p99 (the server's one Node thread is saturated
 * by then, and its pool holds 10 connections), so 10. PGlite runs one statement at a time in the
 * server's own thread: 2 payers already reach its plateau of about 100/s (p99 16 ms), and 4 only
 * add queueing (p99 31 ms), so 2.
 */
const workers = { postgresql: 10, pglite: 2 };

type Bill = typeof bills.$inferSelect;
type DatabaseOptions = { databaseUrl?: string; dataDir: string };

interface Tally {
  settled: number;
  checkoutMs: number[];
  handoverMs: number[];
  callbackMs: number[];
  errors: number;
  /** Each kind of error once, with how often it came. */
  errorKinds: Map<string, number>;
  ranOutOfBills: boolean;
}

interface Figures {
  name: string;
  workers: number;
  settledPerSecond: number;
  checkoutP50: number;
  checkoutP99: number;
  handoverP50: number;
  handoverP99: number;
  callbackP50: number;
  callbackP99: number;
  errors: number;
  errorKinds: Map<string, number>;
  ranOutOfBills: boolean;
  servers: number;
  jobs: boolean;
  /** Payments the bench settled (warm-up included), and what the database holds of them. */
  settled: number;
  holdings: Holdings;
}

/**
 * The open compounds the demo data already has, at councils that take compounds online: the
 * models for the bench's own bills, so that these look like any other compound.
 */
function compoundTemplates() {
  const closed = new Set(closedDemoPaymentTypes().map((c) => `${c.councilCode}/${c.paymentType}`));
  return demoBills().filter(
    (bill) =>
      bill.paymentType === 'compound' &&
      bill.status === 'unpaid' &&
      bill.amountDueSen > 0 &&
      !unavailableDemoCouncils.includes(bill.councilCode) &&
      !closed.has(`${bill.councilCode}/compound`),
  );
}

/**
 * Migrates the database and fills it as the server would at its first start, then adds `howMany`
 * open compounds (a type paid in full, so the amounts are simple), and returns them.
 */
async function prepare(options: DatabaseOptions, howMany: number): Promise<Bill[]> {
  const handle = await openDatabase(options, (db) =>
    prepareDatabase(db, {
      personalData: personalData(developmentDataKey),
      seed: demoDataSeed(personalData(developmentDataKey)),
    }),
  );
  try {
    const templates = compoundTemplates();
    const rows = Array.from({ length: howMany }, (_, index) => {
      const template = templates[index % templates.length]!;
      const number = String(index + 1).padStart(7, '0');
      // KPB cannot clash with the demo's KP<council number> compounds.
      return { ...template, accountNo: `KPB${number}`, displayNo: `KPB-${number}` };
    });
    const inserted: Bill[] = [];
    await handle.db.transaction(async (tx) => {
      // Batches keep each statement well under PostgreSQL's 65535 bind parameters.
      for (let start = 0; start < rows.length; start += 500) {
        inserted.push(
          ...(await tx
            .insert(bills)
            .values(rows.slice(start, start + 500))
            .returning()),
        );
      }
    });
    return inserted;
  } finally {
    await handle.close();
  }
}

/** The bench's own bills: the only ones its payments touch. */
const benchBill = sql`${bills.accountNo} like 'KPB%'`;

/** What the database holds of the bench's payments, once the servers have stopped. */
interface Holdings {
  /** Successful payments for the bench's bills. */
  successful: number;
  /** Ledger entries on the bench's bills: one per paid bill, never two. */
  ledgerEntries: number;
  billsPaidTwice: number;
  /** Receipt e-mails for those payments: exactly one each. */
  receipts: number;
  /** Receipts still waiting for the mail job, and receipts the job took more than once. */
  receiptsQueued: number;
  receiptsTakenTwice: number;
}

async function holdings(db: Database): Promise<Holdings> {
  const benchPayments = db
    .selectDistinct({ id: paymentItems.paymentId })
    .from(paymentItems)
    .innerJoin(bills, eq(bills.id, paymentItems.billId))
    .where(benchBill);
  const successful = await db.$count(
    payments,
    and(eq(payments.status, 'successful'), sql`${payments.id} in ${benchPayments}`),
  );
  const entries = await db
    .select({ billId: ledgerEntries.billId, entries: count() })
    .from(ledgerEntries)
    .innerJoin(bills, eq(bills.id, ledgerEntries.billId))
    .where(benchBill)
    .groupBy(ledgerEntries.billId);
  const receipts = await db
    .select({ status: mailMessages.status, attempts: mailMessages.attempts })
    .from(mailMessages)
    .where(
      and(eq(mailMessages.kind, 'receipt'), sql`${mailMessages.paymentId} in ${benchPayments}`),
    );
  return {
    successful,
    ledgerEntries: entries.reduce((sum, bill) => sum + bill.entries, 0),
    billsPaidTwice: entries.filter((bill) => bill.entries > 1).length,
    receipts: receipts.length,
    receiptsQueued: receipts.filter((receipt) => receipt.status === 'queued').length,
    receiptsTakenTwice: receipts.filter((receipt) => receipt.attempts > 1).length,
  };
}

/** Opened again once the servers have stopped: PGlite's folder has one owner at a time. */
async function holdingsAfterwards(options: DatabaseOptions): Promise<Holdings> {
  const handle = await openDatabase(options);
  try {
    return await holdings(handle.db);
  } finally {
    await handle.close();
  }
}

/** Waits, at most two minutes, until the servers' mail job has taken every receipt. */
async function receiptsHandled(options: DatabaseOptions): Promise<void> {
  const handle = await openDatabase(options);
  try {
    for (let second = 0; second < 120; second++) {
      const queued = await handle.db.$count(
        mailMessages,
        and(eq(mailMessages.kind, 'receipt'), eq(mailMessages.status, 'queued')),
      );
      if (queued === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await handle.close();
  }
}

/** The gateway's success callback for a payment, signed for the bench merchant. */
function signedCallback(reference: string, amountSen: number): Record<string, string> {
  return signedGatewayResponse(reference, amountSen, {}, merchant);
}

interface CheckoutAnswer {
  reference?: string;
  receipt_token?: string;
  amount?: number;
  error?: string;
}

interface HandoverAnswer {
  error?: string;
  gateway?: { fields?: Record<string, string> } | null;
}

/** The three requests of one payment, in order. */
const paymentSteps = ['checkout', 'handover', 'callback'] as const;
type PaymentStep = (typeof paymentSteps)[number];

/** Each payment comes from a citizen of its own, as the portal's per-client limits expect. */
let citizens = 0;
function nextCitizen(): string {
  citizens++;
  return `10.${(citizens >> 16) & 255}.${(citizens >> 8) & 255}.${citizens & 255}`;
}

/**
 * One payment, from checkout through the handover to the gateway, to settled; false when any
 * answer is not what it should be.
 */
async function pay(
  baseUrl: string,
  browser: Record<string, string>,
  bill: Bill,
  tally: Tally,
  answered?: (step: PaymentStep) => void,
): Promise<boolean> {
  const failed = (kind: string) => {
    tally.errors++;
    tally.errorKinds.set(kind, (tally.errorKinds.get(kind) ?? 0) + 1);
    return false;
  };
  try {
    const headers = {
      ...browser,
      'content-type': 'application/json',
      'x-forwarded-for': nextCitizen(),
    };
    let startedAt = performance.now();
    const checkout = await fetch(`${baseUrl}/api/checkout`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ items: [cartItemFor(bill)], payer: testPayer, lang: 'en' }),
    });
    const answer = (await checkout.json()) as CheckoutAnswer;
    answered?.('checkout');
    tally.checkoutMs.push(performance.now() - startedAt);
    if (!checkout.ok) return failed(`checkout ${checkout.status} ${answer.error ?? ''}`);
    if (!answer.reference || !answer.receipt_token || answer.amount !== bill.amountDueSen) {
      return failed('checkout answered a wrong payment');
    }

    startedAt = performance.now();
    const handover = await fetch(`${baseUrl}/api/payments/handover`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ reference: answer.reference, receipt_token: answer.receipt_token }),
    });
    const handedOver = (await handover.json()) as HandoverAnswer;
    answered?.('handover');
    tally.handoverMs.push(performance.now() - startedAt);
    if (!handover.ok) return failed(`handover ${handover.status} ${handedOver.error ?? ''}`);
    const fields = handedOver.gateway?.fields;
    if (
      fields?.RefNo !== answer.reference ||
      fields.MerchantCode !== merchant.merchantCode ||
      fields.Signature !== requestSignature(merchant, fields as unknown as GatewayRequest)
    ) {
      return failed('handover answered a wrong or unsigned gateway form');
    }

    startedAt = performance.now();
    const callback = await fetch(`${baseUrl}/api/payments/callback`, {
      method: 'POST',
      body: new URLSearchParams({ ...signedCallback(answer.reference, answer.amount) }),
    });
    const text = await callback.text();
    answered?.('callback');
    tally.callbackMs.push(performance.now() - startedAt);
    if (!callback.ok || text !== 'RECEIVEOK') {
      return failed(`callback ${callback.status} ${text.slice(0, 60)}`);
    }
    tally.settled++;
    return true;
  } catch (error) {
    return failed(`request failed: ${(error as Error).message}`);
  }
}

/** A tally before the first payment. */
function emptyTally(): Tally {
  return {
    settled: 0,
    checkoutMs: [],
    handoverMs: [],
    callbackMs: [],
    errors: 0,
    errorKinds: new Map(),
    ranOutOfBills: false,
  };
}

/**
 * `workerCount` payers, each paying the next unpaid bill until `seconds` are up; with several
 * servers, the payers are shared out between them as a load balancer would.
 */
async function load(
  baseUrls: string[],
  bills: Iterator<Bill>,
  workerCount: number,
  seconds: number,
): Promise<{ tally: Tally; elapsedSeconds: number }> {
  const tally = emptyTally();
  const startedAt = performance.now();
  const deadline = startedAt + seconds * 1000;
  const payer = async (baseUrl: string) => {
    // Each payer is one browser: the portal's page fetched its CSRF token once.
    const browser = await csrfHeaders(baseUrl);
    while (performance.now() < deadline) {
      // One shared iterator: every bill goes to exactly one payer.
      const next = bills.next();
      if (next.done) {
        tally.ranOutOfBills = true;
        return;
      }
      await pay(baseUrl, browser, next.value, tally);
    }
  };
  await Promise.all(
    Array.from({ length: workerCount }, (_, index) => payer(baseUrls[index % baseUrls.length]!)),
  );
  // Until the last payment in flight is answered, not just to the deadline.
  return { tally, elapsedSeconds: (performance.now() - startedAt) / 1000 };
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One measured setup: how many payers, on how many servers, over which database. */
interface Setup {
  name: string;
  workers: number;
  database: DatabaseOptions;
  servers: number;
  /** Whether the servers' background jobs (receipt e-mails, requery) run during the load. */
  jobs: boolean;
}

/** Starts the servers one inside the other, so that all of them stop whatever happens. */
function withServers<T>(
  environments: Record<string, string>[],
  work: () => Promise<T>,
): Promise<T> {
  const [first, ...rest] = environments;
  if (!first) return work();
  return withServer(['apps/server/src/main.ts'], first, () => withServers(rest, work));
}

async function measure({
  name,
  workers: workerCount,
  database,
  servers,
  jobs,
}: Setup): Promise<Figures> {
  const prepared = await prepare(
    database,
    Math.ceil(billsPerSecond * (warmUpSeconds + durationSeconds)),
  );
  const ports = await freePorts(servers * 2);
  const environments = Array.from({ length: servers }, (_, index) => ({
    PORT: String(ports[2 * index]),
    GATEWAY_PORT: String(ports[2 * index + 1]),
    MERCHANT_CODE: merchant.merchantCode,
    MERCHANT_KEY: merchant.merchantKey,
    // Without jobs, neither reconciliation nor mail delivery runs during the measurement.
    JOBS_INTERVAL_SECONDS: jobs ? '1' : '3600',
    DEMO_DATA: 'true',
    // The payers' X-Forwarded-For names each payment's citizen, for the per-client limits.
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Empty means unset (config.ts): a DATABASE_URL in the caller's environment must not win.
    DATABASE_URL: database.databaseUrl ?? '',
    DATA_DIR: database.dataDir,
  }));
  const baseUrls = environments.map((environment) => `http://127.0.0.1:${environment.PORT}`);
  const toPay = prepared[Symbol.iterator]();
  const { warmUp, run } = await withServers(environments, async () => {
    for (const baseUrl of baseUrls) await waitUntilAnswering(`${baseUrl}/api/health`);
    // A short warm-up prepares statements and compiles the hot paths before the measured run.
    const warmUp = await load(baseUrls, toPay, workerCount, warmUpSeconds);
    const run = await load(baseUrls, toPay, workerCount, durationSeconds);
    if (jobs) await receiptsHandled(database);
    return { warmUp, run };
  });
  const { tally, elapsedSeconds } = run;
  const errorKinds = new Map(tally.errorKinds);
  for (const [kind, times] of warmUp.tally.errorKinds) {
    errorKinds.set(`${kind} (warm-up)`, times);
  }
  return {
    name,
    workers: workerCount,
    servers,
    jobs,
    settledPerSecond: tally.settled / elapsedSeconds,
    checkoutP50: percentile(tally.checkoutMs, 50),
    checkoutP99: percentile(tally.checkoutMs, 99),
    handoverP50: percentile(tally.handoverMs, 50),
    handoverP99: percentile(tally.handoverMs, 99),
    callbackP50: percentile(tally.callbackMs, 50),
    callbackP99: percentile(tally.callbackMs, 99),
    errors: tally.errors,
    errorKinds,
    ranOutOfBills: warmUp.tally.ranOutOfBills || tally.ranOutOfBills,
    settled: warmUp.tally.settled + tally.settled,
    holdings: await holdingsAfterwards(database),
  };
}

/** Payments paid one after another while their statements are counted, after a few unmeasured. */
const countedPayments = { warmUp: 5, counted: 20 };
/** With BENCH_PRINT_STATEMENTS set, the first counted payment's statements are printed, by step. */
const printStatements = Boolean(process.env.BENCH_PRINT_STATEMENTS);

/**
 * The SQL statements one settled payment costs on PostgreSQL, step by step: one server, its jobs
 * off, one payer paying bill after bill, its database reached through a statement counter.
 */
async function statementsPerPayment(
  databaseUrl: string,
  dataDir: string,
): Promise<Record<PaymentStep, number>> {
  const prepared = await prepare(
    { databaseUrl, dataDir },
    countedPayments.warmUp + countedPayments.counted,
  );
  const counter = await startStatementCounter(databaseUrl);
  const [port, gatewayPort] = (await freePorts(2)) as [number, number];
  const baseUrl = `http://127.0.0.1:${port}`;
  const environment = {
    PORT: String(port),
    GATEWAY_PORT: String(gatewayPort),
    MERCHANT_CODE: merchant.merchantCode,
    MERCHANT_KEY: merchant.merchantKey,
    JOBS_INTERVAL_SECONDS: '3600',
    DEMO_DATA: 'true',
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: counter.url,
    DATA_DIR: dataDir,
  };
  const totals: Record<PaymentStep, number> = { checkout: 0, handover: 0, callback: 0 };
  const tally = emptyTally();
  try {
    await withServer(['apps/server/src/main.ts'], environment, async () => {
      await waitUntilAnswering(`${baseUrl}/api/health`);
      const browser = await csrfHeaders(baseUrl);
      for (const [index, bill] of prepared.entries()) {
        const counted = index >= countedPayments.warmUp;
        counter.reset();
        await pay(baseUrl, browser, bill, tally, (step) => {
          if (counted) totals[step] += counter.count();
          if (printStatements && index === countedPayments.warmUp) {
            console.log(`\n${step}: ${counter.count()} statements`);
            for (const text of counter.texts()) console.log(`  ${text.replace(/\s+/g, ' ')}`);
          }
          counter.reset();
        });
      }
    });
  } finally {
    await counter.close();
  }
  if (tally.errors > 0) {
    throw new Error(`statement count: ${[...tally.errorKinds.keys()].join(', ')}`);
  }
  return Object.fromEntries(
    paymentSteps.map((step) => [step, totals[step] / countedPayments.counted]),
  ) as Record<PaymentStep, number>;
}

/** What a run's database must hold; each line a problem that makes the run's figures void. */
function databaseProblems(figure: Figures): string[] {
  const held = figure.holdings;
  const problems = [
    held.successful !== figure.settled &&
      `${held.successful} successful payments in the database, ${figure.settled} settled by the bench`,
    held.billsPaidTwice > 0 && `${held.billsPaidTwice} bills paid twice`,
    held.ledgerEntries !== held.successful &&
      `${held.ledgerEntries} ledger entries for ${held.successful} one-bill payments`,
    held.receipts !== held.successful &&
      `${held.receipts} receipt e-mails for ${held.successful} payments`,
  ];
  if (figure.jobs) {
    problems.push(
      held.receiptsQueued > 0 && `${held.receiptsQueued} receipts never handled by the mail job`,
      held.receiptsTakenTwice > 0 && `${held.receiptsTakenTwice} receipts handled more than once`,
    );
  }
  return problems.filter((problem): problem is string => typeof problem === 'string');
}

async function scratchPostgres(): Promise<ScratchPostgres> {
  try {
    return await createScratchPostgres(postgresAdminUrl, 'portal_bench');
  } catch (error) {
    const target = new URL(postgresAdminUrl);
    console.error(
      `bench:checkout needs PostgreSQL, and ${target.host}${target.pathname} did not answer ` +
        `(${(error as Error).message}). Start it, or point BENCH_DATABASE_URL at one.`,
    );
    process.exit(1);
  }
}

// One database each, so that every run starts from the same data.
const [onePostgres, sharedPostgres, countedPostgres] = [
  await scratchPostgres(),
  await scratchPostgres(),
  await scratchPostgres(),
];
const embeddedDataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const figures: Figures[] = [];
let bare: LoadFigures;
let oneQuery: LoadFigures;
let statements: Record<PaymentStep, number>;
try {
  bare = await measureBareRoute((await freePorts(1))[0]!, durationSeconds);
  oneQuery = await measureBareRoute((await freePorts(1))[0]!, durationSeconds, onePostgres.url);
  statements = await statementsPerPayment(countedPostgres.url, embeddedDataDir);
  const setups: Setup[] = [
    {
      name: 'PostgreSQL',
      workers: workers.postgresql,
      database: { databaseUrl: onePostgres.url, dataDir: embeddedDataDir },
      servers: 1,
      jobs: false,
    },
    // On disk, as `npm start` runs it, not in memory.
    {
      name: 'embedded PGlite',
      workers: workers.pglite,
      database: { dataDir: embeddedDataDir },
      servers: 1,
      jobs: false,
    },
    {
      name: 'PostgreSQL, 2 servers',
      workers: workers.postgresql,
      database: { databaseUrl: sharedPostgres.url, dataDir: embeddedDataDir },
      servers: 2,
      jobs: true,
    },
  ];
  for (const setup of setups) figures.push(await measure(setup));
} finally {
  await onePostgres.drop();
  await sharedPostgres.drop();
  await countedPostgres.drop();
  rmSync(embeddedDataDir, { recursive: true, force: true });
}

const ms = (value: number) => value.toFixed(1).padStart(6);
console.log(
  `\nPayments (POST /api/checkout, POST /api/payments/handover, then the signed ` +
    `POST /api/payments/callback), ` +
    `${durationSeconds} s each after a ${warmUpSeconds} s warm-up:`,
);
console.log(
  `  ${'bare Fastify route, 50 conn.'.padEnd(36)} ${bare.requestsPerSecond.toFixed(0).padStart(7)} req/s       p50 ${bare.p50} ms  p99 ${bare.p99} ms`,
);
console.log(
  `  ${'bare route + 1 PG query, 50 conn.'.padEnd(36)} ${oneQuery.requestsPerSecond.toFixed(0).padStart(7)} req/s       p50 ${oneQuery.p50} ms  p99 ${oneQuery.p99} ms`,
);
const problems: string[] = [];
for (const figure of figures) {
  console.log(
    `  ${`${figure.name}, ${figure.workers} payers`.padEnd(36)} ` +
      `${figure.settledPerSecond.toFixed(1).padStart(7)} settled/s   ` +
      `checkout p50 ${ms(figure.checkoutP50)} ms  p99 ${ms(figure.checkoutP99)} ms   ` +
      `handover p50 ${ms(figure.handoverP50)} ms  p99 ${ms(figure.handoverP99)} ms   ` +
      `callback p50 ${ms(figure.callbackP50)} ms  p99 ${ms(figure.callbackP99)} ms   ` +
      `errors ${figure.errors}${figure.jobs ? '   (jobs running)' : ''}`,
  );
  for (const [kind, times] of figure.errorKinds) console.log(`      ${times} x ${kind}`);
  const found = databaseProblems(figure);
  const held = figure.holdings;
  console.log(
    `      database check: ${held.successful} payments, ${held.ledgerEntries} ledger entries, ` +
      `${held.receipts} receipts${figure.jobs ? ` (${held.receipts - held.receiptsQueued} sent)` : ''} — ` +
      (found.length === 0 ? 'ok' : found.join('; ')),
  );
  problems.push(...found.map((problem) => `${figure.name}: ${problem}`));
  if (figure.errors > 0) problems.push(`${figure.name}: ${figure.errors} payments failed`);
  if (figure.ranOutOfBills) {
    problems.push(`${figure.name}: ran out of prepared bills; raise billsPerSecond`);
  }
}
const statementsTotal = paymentSteps.reduce((sum, step) => sum + statements[step], 0);
console.log(
  `  SQL statements per settled payment on PostgreSQL: ${statementsTotal.toFixed(1)} ` +
    `(${paymentSteps.map((step) => `${step} ${statements[step].toFixed(1)}`).join(', ')}; ` +
    `${countedPayments.counted} payments counted one by one)`,
);
const onPostgres = figures[0]!;
const share = onPostgres.settledPerSecond / oneQuery.requestsPerSecond;
const checks = [
  {
    label: `PostgreSQL settles >= ${(budgetShareOfOneQueryRoute * 100).toFixed(1)}% of the one-query route's requests/s (${(share * 100).toFixed(2)}%: ${onPostgres.settledPerSecond.toFixed(0)}/s)`,
    pass: share >= budgetShareOfOneQueryRoute,
  },
  {
    label: `one settled payment costs <= ${budgetStatementsPerPayment} SQL statements (${statementsTotal.toFixed(1)})`,
    pass: statementsTotal <= budgetStatementsPerPayment,
  },
  {
    label: `PostgreSQL checkout p99 < ${budgetCheckoutP99Ms} ms (${onPostgres.checkoutP99.toFixed(1)} ms)`,
    pass: onPostgres.checkoutP99 < budgetCheckoutP99Ms,
  },
];
for (const check of checks) console.log(`  ${check.pass ? 'ok  ' : 'FAIL'} ${check.label}`);
for (const problem of problems) console.log(`Run not valid: ${problem}`);
const failed = checks.filter((check) => !check.pass).length;
console.log(
  failed === 0 && problems.length === 0
    ? 'VERDICT: PASS'
    : `VERDICT: FAIL (${failed} of ${checks.length} budgets, ${problems.length} database problems)`,
);
process.exitCode = failed === 0 && problems.length === 0 ? 0 : 1;
