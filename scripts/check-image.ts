/**
 * `npm run test:image`: does what the Dockerfile does, without Docker (docs/deploy.md). A clean
 * copy of the sources, the web app built with every dependency, then a second folder with the
 * production dependencies only and that build, started as the image starts it (NODE_ENV=production,
 * on PostgreSQL), its health check, one search, the first back-office admin made by the operator's
 * command (and no demo staff), and a stop signal that must end it cleanly.
 * Without PostgreSQL it says it was skipped, except under CI, which requires it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { Secret, TOTP } from 'otpauth';
import { demoStaff, demoStaffPassword } from '../apps/server/src/demo/demo-data';
import { createScratchPostgres } from '../apps/server/src/test/scratch-postgres';

const repository = join(import.meta.dirname, '..');
const adminUrl =
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const port = Number(process.env.IMAGE_CHECK_PORT ?? 18190);
const publicUrl = 'https://portal.example';
const metricsToken = 'image-check-metrics-token';

/** Every workspace, whose package.json the runtime stage needs for `npm ci` from the lock file. */
const { workspaces } = JSON.parse(readFileSync(join(repository, 'package.json'), 'utf8')) as {
  workspaces: string[];
};

/** The sources the runtime stage copies: what the server runs. */
const serverSources = ['packages', 'apps/server'];

function step(what: string) {
  console.log(`\n== ${what}`);
}

function run(command: string, args: string[], cwd: string) {
  execFileSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, CI: 'true' } });
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The Dockerfile must copy every workspace's manifest, or the image's `npm ci` fails. */
function checkDockerfileManifests() {
  const dockerfile = readFileSync(join(repository, 'Dockerfile'), 'utf8');
  const missing = workspaces.filter(
    (workspace) => !dockerfile.includes(`COPY ${workspace}/package.json ${workspace}/`),
  );
  if (missing.length > 0) {
    throw new Error(`the Dockerfile does not copy the package.json of ${missing.join(', ')}`);
  }
}

/** The build context: the files git would hand Docker (tracked, or new and not ignored). */
function cleanCopy(into: string) {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: repository,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && !file.startsWith('.ci/'));
  for (const file of files) {
    mkdirSync(dirname(join(into, file)), { recursive: true });
    cpSync(join(repository, file), join(into, file));
  }
}

async function waitForHealth(signal: AbortSignal) {
  for (let attempt = 0; attempt < 120; attempt++) {
    if (signal.aborted) throw new Error('the server stopped before it was healthy');
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server was not healthy within a minute');
}

/** A JSON POST as the portal's own pages send it, with the CSRF token of a fresh session. */
async function postAsPage(path: string, body: object): Promise<Response> {
  const session = await fetch(`http://127.0.0.1:${port}/api/auth/session`);
  const { csrf_token: csrfToken } = (await session.json()) as { csrf_token: string };
  const cookie = session.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie },
    body: JSON.stringify(body),
  });
}

async function searchOneBill() {
  const answer = await postAsPage('/api/search', {
    council: 'mps',
    payment_type: 'assessment',
    query: 'A01000137',
  });
  const body = await answer.text();
  if (!answer.ok || !body.includes('A01000137')) {
    throw new Error(`the search answered ${answer.status}: ${body.slice(0, 300)}`);
  }
}

/** The demo's state admin, with the right password and code: refused, as production has none. */
async function demoAdminRefused() {
  const admin = demoStaff.find((member) => member.role === '_admin')!;
  const answer = await postAsPage('/api/office/login', {
    email: admin.email,
    password: demoStaffPassword,
    code: TOTP.generate({ secret: Secret.fromBase32(admin.totpSecret) }),
  });
  if (answer.status !== 401) {
    throw new Error(`the demo admin's login answered ${answer.status} in production`);
  }
}

if (!(await postgresReachable())) {
  if (process.env.CI) throw new Error(`PostgreSQL is required under CI (${adminUrl})`);
  console.log(`SKIPPED: the image check needs PostgreSQL at ${adminUrl}`);
  process.exit(0);
}

checkDockerfileManifests();
const work = mkdtempSync(join(tmpdir(), 'portal-image-'));
const database = await createScratchPostgres(adminUrl, 'portal_image');
try {
  step('build stage: a clean copy, every dependency, the web app built once');
  const build = join(work, 'build');
  cleanCopy(build);
  run('npm', ['ci', '--no-audit', '--no-fund'], build);
  run('npm', ['run', 'build'], build);

  step('runtime stage: production dependencies only, the sources the server runs, the build');
  const runtime = join(work, 'runtime');
  for (const file of ['package.json', 'package-lock.json']) {
    cpSync(join(build, file), join(runtime, file));
  }
  for (const workspace of workspaces) {
    cpSync(join(build, workspace, 'package.json'), join(runtime, workspace, 'package.json'));
  }
  run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], runtime);
  for (const source of serverSources) {
    cpSync(join(build, source), join(runtime, source), {
      recursive: true,
      filter: (path) => !path.includes('node_modules'),
    });
  }
  cpSync(join(build, 'apps/web/dist'), join(runtime, 'apps/web/dist'), { recursive: true });

  step(
    'start: NODE_ENV=production on PostgreSQL, health check, one search, the first admin, SIGTERM',
  );
  const productionEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATABASE_URL: database.url,
    // Nothing listens there: a check sends no mail, and its queue waits.
    SMTP_URL: 'smtp://127.0.0.1:1',
    GATEWAY_URL: 'https://gateway.invalid',
    MERCHANT_CODE: 'CHECK01',
    MERCHANT_KEY: 'image-check-merchant-key',
    DATA_ENCRYPTION_KEY: 'image-check-key-of-at-least-thirty-two-characters',
    METRICS_TOKEN: metricsToken,
    // Bills to search for.
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
  };
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: runtime,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: productionEnv,
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  const stopped = new AbortController();
  void exited.then(() => stopped.abort());
  try {
    await waitForHealth(stopped.signal);
    await searchOneBill();
    // The developer's tools are not there: the settings switch answers 404, and the outbox's
    // address is only the web app's own page.
    const devSettings = await fetch(`http://127.0.0.1:${port}/dev/settings`, { method: 'PUT' });
    if (devSettings.status !== 404) {
      throw new Error(`PUT /dev/settings answered ${devSettings.status} in production`);
    }
    const devMail = await (await fetch(`http://127.0.0.1:${port}/dev/mail`)).text();
    if (devMail.includes('<table')) throw new Error('/dev/mail shows the outbox in production');
    // Production serves the metrics to the scraper with the token, with the pool's gauges.
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    const text = await metrics.text();
    if (!metrics.ok || !text.includes('portal_db_pool_connections{state="in_use"}')) {
      throw new Error(`/metrics answered ${metrics.status} without the pool's gauges`);
    }
    // The back office: no demo staff in production, even with the demo data; the operator's
    // command makes the first admin, as docs/deploy.md says.
    await demoAdminRefused();
    const made = execFileSync(
      'npm',
      ['run', '-s', 'staff:add-admin', '--', '--email', 'ops@image.check', '--name', 'Image Check'],
      { cwd: runtime, env: productionEnv, encoding: 'utf8' },
    );
    if (!made.includes('Created the state-wide admin ops@image.check')) {
      throw new Error(`npm run staff:add-admin printed: ${made.slice(0, 300)}`);
    }
  } finally {
    server.kill('SIGTERM');
  }
  const code = await Promise.race([
    exited,
    new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 15_000)),
  ]);
  if (code === 'hung') {
    server.kill('SIGKILL');
    throw new Error('the server did not stop within 15 s of SIGTERM');
  }
  if (code !== 0) throw new Error(`the server exited ${code} after SIGTERM`);
  console.log(
    '\nIMAGE CHECK PASSED: built, started in production, healthy, searched, first admin made, stopped',
  );
} finally {
  await database.drop().catch(() => {});
  rmSync(work, { recursive: true, force: true });
}
