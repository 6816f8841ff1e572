/**
 * `npm run bench:search`: load on POST /api/search, on PostgreSQL and on the embedded database,
 * beside a bare Fastify route measured in the same run. Each server
 * runs in its own process; autocannon runs here, cycling through the demo accounts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { demoAccounts } from '../apps/server/src/demo/demo-data';
import { createScratchPostgres } from '../apps/server/src/test/scratch-postgres';
import { csrfHeaders, postgresAdminUrl, waitUntilAnswering, withServer } from './bench-servers';

const connections = 50;
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(name: string, port: number): Promise<Figures> {
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/api/auth/session`, { method: 'GET' });
  // As a page does: the session's CSRF token on every POST.
  const headers = { 'content-type': 'application/json', ...(await csrfHeaders(url)) };
  const requests = demoAccounts().map((account) => ({
    method: 'POST' as const,
    path: '/api/search',
    headers,
    body: JSON.stringify(account),
  }));
  // A short warm-up fills caches and prepares statements before the measured run.
  await autocannon({ url, connections, duration: 2, requests });
  const result = await autocannon({ url, connections, duration: durationSeconds, requests });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function measureServer(
  name: string,
  port: number,
  command: string[],
  environment: Record<string, string>,
) {
  return withServer(command, { PORT: String(port), ...environment }, () => measure(name, port));
}

const database = await createScratchPostgres(postgresAdminUrl, 'portal_bench');

const embeddedDataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const figures: Figures[] = [];
try {
  figures.push(
    await measureServer('bare Fastify route', 18301, ['bench/bare-server.ts', '18301'], {}),
  );
  figures.push(
    await measureServer('search on PostgreSQL', 18302, ['apps/server/src/main.ts'], {
      DATABASE_URL: database.url,
    }),
  );
  figures.push(
    // On disk, as `npm start` runs it, not in memory.
    await measureServer('search on embedded PGlite', 18303, ['apps/server/src/main.ts'], {
      DATA_DIR: embeddedDataDir,
    }),
  );
} finally {
  await database.drop();
  rmSync(embeddedDataDir, { recursive: true, force: true });
}

const [bare, postgres, embedded] = figures as [Figures, Figures, Figures];
console.log(`\nPOST /api/search, ${connections} connections, ${durationSeconds} s each:`);
for (const figure of figures) {
  console.log(
    `  ${figure.name.padEnd(26)} ${figure.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(figure.p50).padStart(4)} ms   p99 ${String(figure.p99).padStart(4)} ms   errors ${figure.errors}`,
  );
}
const checks = [
  {
    label: `PostgreSQL keeps >= 15% of the bare route's throughput (${((postgres.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(1)}%)`,
    pass: postgres.requestsPerSecond >= 0.15 * bare.requestsPerSecond,
  },
  { label: `PostgreSQL p99 < 20 ms (${postgres.p99} ms)`, pass: postgres.p99 < 20 },
  {
    label: `embedded keeps >= 35% of PostgreSQL's throughput (${((embedded.requestsPerSecond / postgres.requestsPerSecond) * 100).toFixed(1)}%)`,
    pass: embedded.requestsPerSecond >= 0.35 * postgres.requestsPerSecond,
  },
  { label: `embedded p99 < 50 ms (${embedded.p99} ms)`, pass: embedded.p99 < 50 },
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
