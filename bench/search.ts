/**
 * `npm run bench:search`: load on POST /api/search, on PostgreSQL and on the embedded database,
 * beside a bare Fastify route and the same route making one PostgreSQL query, measured in the
 * same run. Each server runs in its own process; autocannon runs here, cycling through the demo
 * accounts. Budgets: PostgreSQL keeps at least 65% of the one-query route with p99 under 20 ms;
 * the embedded database at least 35% of PostgreSQL with p99 under 50 ms; one lookup sends one SQL
 * statement, counted on the wire.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoAccounts } from '../apps/server/src/demo/demo-data';
import { createScratchPostgres } from '../apps/server/src/test/scratch-postgres';
import {
  csrfHeaders,
  measureBareRoute,
  postgresAdminUrl,
  postLoad,
  waitUntilAnswering,
  withServer,
  type LoadFigures,
} from './bench-servers';
import { startStatementCounter } from './statement-counter';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
interface Figures extends LoadFigures {
  name: string;
}

async function measureSearch(
  name: string,
  port: number,
  environment: Record<string, string>,
): Promise<Figures> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const figures = await withServer(
    ['apps/server/src/main.ts'],
    { PORT: String(port), ...environment },
    async () => {
      await waitUntilAnswering(`${baseUrl}/api/auth/session`);
      return postLoad(baseUrl, '/api/search', demoAccounts(), durationSeconds);
    },
  );
  return { name, ...figures };
}

/** Lookups made one after another while their statements are counted, after a few unmeasured. */
const countedLookups = { warmUp: 5, counted: 40 };

/**
 * The SQL statements one bill lookup sends to PostgreSQL: one server, its jobs off, searching the
 * demo accounts one after another, its database reached through a statement counter.
 */
async function statementsPerLookup(databaseUrl: string, port: number): Promise<number> {
  const counter = await startStatementCounter(databaseUrl);
  const baseUrl = `http://127.0.0.1:${port}`;
  const environment = {
    PORT: String(port),
    DATABASE_URL: counter.url,
    JOBS_INTERVAL_SECONDS: '3600',
  };
  try {
    return await withServer(['apps/server/src/main.ts'], environment, async () => {
      await waitUntilAnswering(`${baseUrl}/api/auth/session`);
      const headers = { 'content-type': 'application/json', ...(await csrfHeaders(baseUrl)) };
      const accounts = demoAccounts();
      let statements = 0;
      for (let index = 0; index < countedLookups.warmUp + countedLookups.counted; index++) {
        counter.reset();
        const body = JSON.stringify(accounts[index % accounts.length]);
        const response = await fetch(`${baseUrl}/api/search`, { method: 'POST', headers, body });
        if (!response.ok) {
          throw new Error(`statement count: POST /api/search answered ${response.status}`);
        }
        await response.arrayBuffer();
        if (index >= countedLookups.warmUp) statements += counter.count();
      }
      return statements / countedLookups.counted;
    });
  } finally {
    await counter.close();
  }
}

const database = await createScratchPostgres(postgresAdminUrl, 'portal_bench');

const embeddedDataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const figures: Figures[] = [];
let statements: number;
try {
  figures.push({
    name: 'bare Fastify route',
    ...(await measureBareRoute(18301, durationSeconds)),
  });
  figures.push({
    name: 'bare route + 1 PG query',
    ...(await measureBareRoute(18304, durationSeconds, database.url)),
  });
  figures.push(await measureSearch('search on PostgreSQL', 18302, { DATABASE_URL: database.url }));
  // On disk, as `npm start` runs it, not in memory.
  figures.push(
    await measureSearch('search on embedded PGlite', 18303, { DATA_DIR: embeddedDataDir }),
  );
  statements = await statementsPerLookup(database.url, 18305);
} finally {
  await database.drop();
  rmSync(embeddedDataDir, { recursive: true, force: true });
}

const [, bareQuery, postgres, embedded] = figures as [Figures, Figures, Figures, Figures];
console.log(`\nPOST /api/search, 50 connections, ${durationSeconds} s each:`);
for (const figure of figures) {
  console.log(
    `  ${figure.name.padEnd(26)} ${figure.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(figure.p50).padStart(4)} ms   p99 ${String(figure.p99).padStart(4)} ms   errors ${figure.errors}`,
  );
}
console.log(`  SQL statements per lookup on PostgreSQL: ${statements.toFixed(1)}`);
const checks = [
  {
    label: `PostgreSQL keeps >= 65% of the bare route making one query (${((postgres.requestsPerSecond / bareQuery.requestsPerSecond) * 100).toFixed(1)}%)`,
    pass: postgres.requestsPerSecond >= 0.65 * bareQuery.requestsPerSecond,
  },
  { label: `PostgreSQL p99 < 20 ms (${postgres.p99} ms)`, pass: postgres.p99 < 20 },
  {
    label: `embedded keeps >= 35% of PostgreSQL's throughput (${((embedded.requestsPerSecond / postgres.requestsPerSecond) * 100).toFixed(1)}%)`,
    pass: embedded.requestsPerSecond >= 0.35 * postgres.requestsPerSecond,
  },
  { label: `embedded p99 < 50 ms (${embedded.p99} ms)`, pass: embedded.p99 < 50 },
  {
    label: `one lookup sends one SQL statement (${statements.toFixed(1)})`,
    pass: statements <= 1,
  },
  { label: 'no errors', pass: figures.every((figure) => figure.errors === 0) },
];
for (const check of checks) console.log(`  ${check.pass ? 'ok  ' : 'FAIL'} ${check.label}`);
const failed = checks.filter((check) => !check.pass);
console.log(
  failed.length === 0
    ? 'VERDICT: PASS'
    : `VERDICT: FAIL (${failed.length} of ${checks.length} checks)`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
