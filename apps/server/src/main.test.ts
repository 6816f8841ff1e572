import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Starts the real entry point bare, as an image or a service manager does, with `environment`. */
function start(environment: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
    env: { PATH: process.env.PATH, DATA_DIR: 'memory://', ...environment },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: result.status, errorLines: result.stderr.trim().split('\n') };
}

describe('starting the server with a bad setting', () => {
  test('a bad PORT stops it at once with one line naming PORT', () => {
    const { status, errorLines } = start({ PORT: 'abc' });
    expect(status).toBe(1);
    expect(errorLines).toEqual([
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc")',
    ]);
  });

  test('without NODE_ENV it is a production server, and names each setting production needs', () => {
    const { status, errorLines } = start({ DATABASE_URL: 'postgres://portal@127.0.0.1:1/portal' });
    expect(status).toBe(1);
    expect(errorLines[0]).toBe('Invalid configuration for production:');
    expect(errorLines.slice(1).map((line) => line.trim().split(' ')[0])).toEqual([
      'PUBLIC_URL',
      'SMTP_URL',
      'MERCHANT_KEY',
      'GATEWAY_URL',
      'DATA_ENCRYPTION_KEY',
    ]);
  });

  test('an unreachable DATABASE_URL stops it with one line naming DATABASE_URL', () => {
    const { status, errorLines } = start({
      NODE_ENV: 'development',
      DATABASE_URL: 'postgres://portal@127.0.0.1:1/portal',
    });
    expect(status).toBe(1);
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toMatch(
      /^DATABASE_URL: cannot connect to PostgreSQL at 127\.0\.0\.1:1\/portal/,
    );
  });
});
