/**
 * What the load benchmarks share: the PostgreSQL they measure on (a fresh database per run, made
 * and dropped with the tests' `createScratchPostgres`), and portal processes started, awaited and
 * stopped one at a time, so that each measurement has the machine to itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

/** Where a run creates its database; the server itself connects to that new database. */
export const postgresAdminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/**
 * With BENCH_PROFILE_DIR set, each server writes a V8 CPU profile there when it stops (open it in
 * Chrome's DevTools): how to find where a benchmark's time goes.
 */
const profileDir = process.env.BENCH_PROFILE_DIR;

/** Runs a TypeScript entry point (`bench/bare-server.ts`, `apps/server/src/main.ts`) in its own process. */
function start(command: string[], environment: Record<string, string>): ChildProcess {
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return spawn(process.execPath, [...profiling, '--import', 'tsx', ...command], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...environment },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/**
 * Starts a server, runs `work` against it, and stops it whatever happens. A server that dies
 * first (a crash, a port in use) fails the run at once rather than after a minute of waiting.
 */
export async function withServer<T>(
  command: string[],
  environment: Record<string, string>,
  work: () => Promise<T>,
): Promise<T> {
  const server = start(command, environment);
  const died = new Promise<never>((_, reject) =>
    server.once('exit', (code, signal) =>
      reject(new Error(`${command.join(' ')} stopped (${signal ?? `exit code ${code}`})`)),
    ),
  );
  died.catch(() => {}); // stopping it at the end is no failure
  try {
    return await Promise.race([work(), died]);
  } finally {
    await stop(server);
  }
}

/** Waits until `url` answers `init` with anything but a 5xx: the server has started listening. */
export async function waitUntilAnswering(url: string, init: RequestInit = {}): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(url, init)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within a minute`);
}

/**
 * What a browser sends with each state-changing call once the portal's page has loaded: the
 * CSRF cookie from GET /api/auth/session, and its token echoed in a header.
 */
export async function csrfHeaders(baseUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/api/auth/session`);
  if (!response.ok) throw new Error(`GET /api/auth/session answered ${response.status}`);
  const { csrf_token: csrfToken } = (await response.json()) as { csrf_token: string };
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  return { cookie: cookies.join('; '), 'x-csrf-token': csrfToken };
}

/** What autocannon saw of one server: the figures every benchmark prints. */
export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Load the way a page searches: 50 connections posting JSON with the session's CSRF token. */
export async function postLoad(
  baseUrl: string,
  path: string,
  bodies: object[],
  seconds: number,
): Promise<LoadFigures> {
  const headers = { 'content-type': 'application/json', ...(await csrfHeaders(baseUrl)) };
  const requests = bodies.map((body) => ({
    method: 'POST' as const,
    path,
    headers,
    body: JSON.stringify(body),
  }));
  const connections = 50;
  // A short warm-up fills caches and prepares statements before the measured run.
  await autocannon({ url: baseUrl, connections, duration: 2, requests });
  const result = await autocannon({ url: baseUrl, connections, duration: seconds, requests });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * The yardstick every budget is a ratio to: a bare Fastify route doing no work, driven the same
 * way, on this machine in this run (its absolute figures swing threefold from run to run). Given
 * a PostgreSQL address, the route makes one prepared round trip to it instead.
 */
export async function measureBareRoute(
  port: number,
  seconds: number,
  databaseUrl?: string,
): Promise<LoadFigures> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const command = ['bench/bare-server.ts', String(port), ...(databaseUrl ? [databaseUrl] : [])];
  return withServer(command, {}, async () => {
    await waitUntilAnswering(`${baseUrl}/api/auth/session`);
    return postLoad(baseUrl, '/api/search', [{ council: 'mps' }], seconds);
  });
}
