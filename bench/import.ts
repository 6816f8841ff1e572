/**
 * `npm run bench:import`: 100,000 bills sent through the council API (docs/council-api.md), in
 * batches of 1,000, on PostgreSQL and on the embedded database, while citizens look bills up.
 * It prints rows a second and the lookups' p99 during the import, each beside a yardstick measured
 * in the same run (this machine's figures swing threefold from run to run; ratios do not):
 *
 * - rows a second against the same 100,000 rows written straight into a copy of the bills table
 *   with the same bulk statement, without the API, its checks or its locks;
 * - lookups' p99 during the import against their p99 on the same server just before it.
 *
 * Budget: the issue's targets (at least 5,000 rows/s; lookups' p99 under 50 ms) as ratios to the
 * yardsticks of the first run on this machine (2026-11-26, a quiet moment): straight inserts went
 * at 119,000 rows/s and quiet lookups had a p99 of 8.9 ms, so on PostgreSQL the API must write at
 * least 4 % of the straight rate, and on both databases lookups keep a p99 under 5.5 times the
 * quiet one. The absolute figures are printed beside them. Afterwards every database must hold
 * every bill, once.
 *
 * The embedded database's write rate is printed, not budgeted: there bulk work takes turns with
 * citizens' requests and has at most half of the database's time
 * (docs/decisions/0019-bulk-work-in-turns.md).
 *
 * Then a file of the same 100,000 new bills is checked and imported on the embedded database, in
 * the server's own code, while a probe asks the database something every 10 ms. Its import ends
 * with one transaction that holds every other request (docs/bill-import.md), and the check tells
 * the officer beforehand how long (`pause_seconds`). Budget: the longest wait of the probe is no
 * longer than the check said, so the screen never promises a shorter pause than the portal has.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { templateHeader } from '@portal/domain/bill-files';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { developmentDataKey } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { prepareDatabase } from '../apps/server/src/db/prepare-database';
import { bills } from '../apps/server/src/db/schema';
import { demoAccounts } from '../apps/server/src/demo/demo-data';
import { demoDataSeed } from '../apps/server/src/demo/seed-demo-data';
import { importBillFile } from '../apps/server/src/features/bill-import/bill-file';
import { createApiKey } from '../apps/server/src/features/council-api/api-keys';
import { personalData } from '../apps/server/src/lib/personal-data';
import { freePorts } from '../apps/server/src/test/portal-process';
import {
  createScratchPostgres,
  type ScratchPostgres,
} from '../apps/server/src/test/scratch-postgres';
import { csrfHeaders, postgresAdminUrl, waitUntilAnswering, withServer } from './bench-servers';

const totalRows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const batchSize = 1000;
const quietSeconds = 5;
/** Citizens looking bills up at once, each one request after another. */
const lookers = 4;
const budgetShareOfStraight = 0.04;
const budgetP99Factor = 5.5;
const issueRowsPerSecond = 5000;
const issueP99Ms = 50;

type DatabaseOptions = { databaseUrl?: string; dataDir: string };

/** A parking ticket as a council's system would send it, numbered `n`. */
function ticket(n: number) {
  const plate = `SBI ${n}`;
  return {
    payment_type: 'ticket',
    account_no: `TB${String(n).padStart(7, '0')}`,
    status: 'unpaid',
    owner_name: plate,
    description: 'Letak kereta tanpa kupon',
    amount_due_sen: 3000,
    due_date: '2027-01-31',
    details: {
      vehicle_plate: plate,
      offence: 'Letak kereta tanpa kupon',
      location: 'Jalan Tiga, Sandakan',
      issued_at: '2026-11-20T09:15:00+08:00',
    },
  };
}

/** Migrates and seeds the database as the server's first start would, and makes the API key. */
async function prepare(options: DatabaseOptions): Promise<string> {
  const protect = personalData(developmentDataKey);
  const handle = await openDatabase(options, (db) =>
    prepareDatabase(db, { personalData: protect, seed: demoDataSeed(protect) }),
  );
  try {
    const { key } = await createApiKey(handle.db, {
      council: 'mps',
      name: 'bench',
      createdBy: 'bench',
      now: new Date(),
    });
    return key;
  } finally {
    await handle.close();
  }
}

/**
 * The yardstick: the same rows written straight into a copy of the bills table, a thousand to a
 * statement as the API writes them, in one transaction.
 */
async function straightRowsPerSecond(db: Database): Promise<number> {
  await db.execute(sql`create table bench_bills (like bills including all)`);
  const started = performance.now();
  await db.transaction(async (tx) => {
    for (let start = 0; start < totalRows; start += batchSize) {
      const rows = Array.from({ length: Math.min(batchSize, totalRows - start) }, (_, index) => {
        const record = ticket(start + index);
        return {
          council_code: 'mps',
          payment_type: record.payment_type,
          account_no: record.account_no,
          display_no: record.account_no,
          status: record.status,
          owner_name: record.owner_name,
          description: record.description,
          amount_due_sen: record.amount_due_sen,
          due_date: record.due_date,
          details: record.details,
        };
      });
      await tx.execute(sql`
        insert into bench_bills (council_code, payment_type, account_no, display_no, status,
          owner_name, description, amount_due_sen, due_date, details)
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(council_code text,
          payment_type text, account_no text, display_no text, status text, owner_name text,
          description text, amount_due_sen bigint, due_date date, details jsonb)`);
    }
  });
  const seconds = (performance.now() - started) / 1000;
  await db.execute(sql`drop table bench_bills`);
  return totalRows / seconds;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Citizens looking bills up until `until` settles; each lookup's time, and the failures. */
function lookUp(baseUrl: string, headers: Record<string, string>, until: Promise<unknown>) {
  const accounts = demoAccounts().filter((account) => account.council === 'mps');
  const times: number[] = [];
  let failures = 0;
  let done = false;
  void until.finally(() => (done = true));
  let citizen = 0;
  const looker = async (offset: number) => {
    for (let index = offset; !done; index += lookers) {
      const account = accounts[index % accounts.length]!;
      citizen++;
      const started = performance.now();
      const answer = await fetch(`${baseUrl}/api/search`, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'x-forwarded-for': `10.9.${(citizen >> 8) & 255}.${citizen & 255}`,
        },
        body: JSON.stringify({
          council: account.council,
          payment_type: account.payment_type,
          query: account.query,
        }),
      });
      await answer.arrayBuffer();
      times.push(performance.now() - started);
      if (!answer.ok) failures++;
    }
  };
  return Promise.all(Array.from({ length: lookers }, (_, offset) => looker(offset))).then(() => ({
    times,
    failures,
  }));
}

interface Figures {
  name: string;
  rowsPerSecond: number;
  straightRowsPerSecond: number;
  quietP99: number;
  importP99: number;
  lookups: number;
  lookupFailures: number;
  refused: number;
  held: number;
}

async function measure(name: string, database: DatabaseOptions): Promise<Figures> {
  const key = await prepare(database);
  const [port, gatewayPort] = await freePorts(2);
  const baseUrl = `http://127.0.0.1:${port}`;
  const environment = {
    PORT: String(port),
    GATEWAY_PORT: String(gatewayPort),
    JOBS_INTERVAL_SECONDS: '3600',
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Empty means unset (config.ts): a DATABASE_URL in the caller's environment must not win.
    DATABASE_URL: database.databaseUrl ?? '',
    DATA_DIR: database.dataDir,
  };
  const run = await withServer(['apps/server/src/main.ts'], environment, async () => {
    await waitUntilAnswering(`${baseUrl}/api/health`);
    const headers = await csrfHeaders(baseUrl);
    const quiet = await lookUp(
      baseUrl,
      headers,
      new Promise((resolve) => setTimeout(resolve, quietSeconds * 1000)),
    );
    let refused = 0;
    const started = performance.now();
    const importing = (async () => {
      for (let start = 0; start < totalRows; start += batchSize) {
        const records = Array.from({ length: Math.min(batchSize, totalRows - start) }, (_, i) =>
          ticket(start + i),
        );
        const answer = await fetch(`${baseUrl}/api/council/v1/bills`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ records }),
        });
        const body = (await answer.json()) as { created?: number };
        if (!answer.ok || body.created !== records.length) refused += records.length;
      }
    })();
    const during = await lookUp(baseUrl, headers, importing);
    await importing;
    const seconds = (performance.now() - started) / 1000;
    return { quiet, during, seconds, refused };
  });
  const handle = await openDatabase(database);
  try {
    const [held] = await handle.db
      .select({ n: count() })
      .from(bills)
      .where(and(eq(bills.councilCode, 'mps'), like(bills.accountNo, 'TB%')));
    const straight = await straightRowsPerSecond(handle.db);
    return {
      name,
      rowsPerSecond: totalRows / run.seconds,
      straightRowsPerSecond: straight,
      quietP99: percentile(run.quiet.times, 99),
      importP99: percentile(run.during.times, 99),
      lookups: run.during.times.length,
      lookupFailures: run.quiet.failures + run.during.failures,
      refused: run.refused,
      held: held!.n,
    };
  } finally {
    await handle.close();
  }
}

/** The same bills as a file in the import's template: amounts in ringgit, dates as d/m/yyyy. */
function ticketFile(): Buffer {
  const lines = Array.from({ length: totalRows }, (_, n) => {
    const { details, amount_due_sen: amountSen, ...record } = ticket(n);
    const cells: Record<string, string> = {
      ...record,
      ...details,
      owner_ic: '',
      address: '',
      amount_due: (amountSen / 100).toFixed(2),
      due_date: '31/01/2027',
      issued_at: '20/11/2026 09:15',
    };
    return templateHeader('ticket')
      .map((column) => `"${(cells[column] ?? '').replaceAll('"', '""')}"`)
      .join(',');
  });
  return Buffer.from(`${[templateHeader('ticket').join(','), ...lines].join('\r\n')}\r\n`);
}

interface FilePause {
  announcedSeconds: number | null;
  checkSeconds: number;
  importSeconds: number;
  /** The probe's longest wait during the check and during the import, in ms. */
  checkWaitMs: number;
  importWaitMs: number;
  created: number;
}

/**
 * A file of `totalRows` new bills checked, then imported, on the embedded database, while a probe
 * asks the database something every 10 ms: the longest any of its questions waited.
 */
async function filePause(dataDir: string): Promise<FilePause> {
  await prepare({ dataDir });
  const handle = await openDatabase({ dataDir });
  const bytes = ticketFile();
  let longestWait = 0;
  let probing = true;
  // Counted from when the probe meant to ask: while the database's work holds the thread, a
  // citizen's request waits unread, and so does the probe's timer.
  const probe = (async () => {
    while (probing) {
      const meant = performance.now() + 10;
      await sleep(10);
      await handle.db.execute(sql`select 1`);
      longestWait = Math.max(longestWait, performance.now() - meant);
    }
  })();
  const timed = async <T>(work: () => Promise<T>) => {
    longestWait = 0;
    const started = performance.now();
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, waitMs: longestWait };
  };
  const file = { council: 'mps' as const, paymentType: 'ticket' as const, bytes, now: new Date() };
  try {
    const check = await timed(() =>
      importBillFile(handle.db, { ...file, apply: false, checked: undefined }),
    );
    if (check.result.problems.length > 0) {
      throw new Error(`the bench's file has problems: ${JSON.stringify(check.result.problems[0])}`);
    }
    const imported = await timed(() =>
      importBillFile(handle.db, { ...file, apply: true, checked: check.result.file }),
    );
    return {
      announcedSeconds: check.result.pause_seconds,
      checkSeconds: check.seconds,
      importSeconds: imported.seconds,
      checkWaitMs: check.waitMs,
      importWaitMs: imported.waitMs,
      created: imported.result.applied ? imported.result.created : 0,
    };
  } finally {
    probing = false;
    await probe;
    await handle.close();
  }
}

let postgres: ScratchPostgres;
try {
  postgres = await createScratchPostgres(postgresAdminUrl, 'portal_bench');
} catch (error) {
  console.error(
    `bench:import needs PostgreSQL, and ${new URL(postgresAdminUrl).host} did not answer ` +
      `(${(error as Error).message}). Start it, or point BENCH_DATABASE_URL at one.`,
  );
  process.exit(1);
}
const embeddedDataDir = mkdtempSync(join(tmpdir(), 'portal-bench-import-'));
const fileDataDir = mkdtempSync(join(tmpdir(), 'portal-bench-import-file-'));
const figures: Figures[] = [];
let file: FilePause;
try {
  figures.push(await measure('PostgreSQL', { databaseUrl: postgres.url, dataDir: '' }));
  figures.push(await measure('embedded (PGlite)', { dataDir: embeddedDataDir }));
  file = await filePause(fileDataDir);
} finally {
  await postgres.drop();
  rmSync(embeddedDataDir, { recursive: true, force: true });
  rmSync(fileDataDir, { recursive: true, force: true });
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);
for (const figure of figures) {
  console.log(
    `\n${figure.name}: ${totalRows.toLocaleString('en')} bills in batches of ${batchSize}`,
  );
  console.log(
    `  API            ${fixed(figure.rowsPerSecond)} rows/s ` +
      `(${fixed((100 * figure.rowsPerSecond) / figure.straightRowsPerSecond)} % of straight inserts, ` +
      `${fixed(figure.straightRowsPerSecond)} rows/s)`,
  );
  console.log(
    `  lookups        p99 ${fixed(figure.importP99, 1)} ms during the import ` +
      `(${fixed(figure.importP99 / figure.quietP99, 1)}x the quiet ${fixed(figure.quietP99, 1)} ms; ` +
      `${figure.lookups} lookups)`,
  );
  console.log(
    `  database       ${figure.held} bills held; ${figure.refused} rows refused; ` +
      `${figure.lookupFailures} failed lookups`,
  );
}

console.log(
  `\nembedded (PGlite): a file of ${totalRows.toLocaleString('en')} new bills\n` +
    `  check          ${fixed(file.checkSeconds, 1)} s, the probe waited at most ${fixed(file.checkWaitMs)} ms\n` +
    `  import         ${fixed(file.importSeconds, 1)} s, the probe waited at most ${fixed(file.importWaitMs)} ms ` +
    `(the check announced a pause of about ${file.announcedSeconds} s); ${file.created} bills created`,
);

const onPostgres = figures[0]!;
const problems = [
  onPostgres.rowsPerSecond < budgetShareOfStraight * onPostgres.straightRowsPerSecond &&
    `PostgreSQL: the API writes under ${100 * budgetShareOfStraight} % of the straight rate`,
  ...figures.flatMap((figure) => [
    figure.importP99 > budgetP99Factor * figure.quietP99 &&
      `${figure.name}: lookups' p99 during the import is over ${budgetP99Factor}x the quiet one`,
    figure.held !== totalRows && `${figure.name}: ${figure.held} bills held, not ${totalRows}`,
    figure.refused > 0 && `${figure.name}: ${figure.refused} rows refused`,
    figure.lookupFailures > 0 && `${figure.name}: ${figure.lookupFailures} lookups failed`,
  ]),
  file.created !== totalRows && `file: ${file.created} bills created, not ${totalRows}`,
  // 0 announces a pause under a second.
  file.importWaitMs > 1000 * Math.max(file.announcedSeconds ?? 0, 1) &&
    `file: the portal paused ${fixed(file.importWaitMs)} ms, longer than the ` +
      `${file.announcedSeconds} s the check announced`,
].filter((problem): problem is string => typeof problem === 'string');

console.log(
  `\nThe issue's absolute targets, for reference: at least ${issueRowsPerSecond} rows/s on ` +
    `PostgreSQL (${fixed(onPostgres.rowsPerSecond)} here), lookups' p99 under ${issueP99Ms} ms ` +
    `(${figures.map((figure) => `${figure.name} ${fixed(figure.importP99, 1)} ms`).join(', ')}).`,
);
console.log(problems.length === 0 ? 'VERDICT: PASS' : `VERDICT: FAIL (${problems.join('; ')})`);
process.exitCode = problems.length === 0 ? 0 : 1;
