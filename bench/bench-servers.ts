/**
 * What the load benchmarks share: the PostgreSQL they measure on (a fresh database per run, made
 * and dropped with the tests' `createScratchPostgres`), and portal processes started, awaited and
 * stopped one at a time, so that each measurement has the machine to itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** Where a run creates its database; the server itself connects to that new database. */
export const postgresAdminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** Runs a TypeScript entry point (`bench/bare-server.ts`, `apps/server/src/main.ts`) in its own process. */
function start(command: string[], environment: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...command], {
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
