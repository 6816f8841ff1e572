import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

test.each(['abc', '0', '70000', '80.5'])(
  'GATEWAY_PORT=%s stops the sandbox at once with one line naming it',
  (port) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, GATEWAY_PORT: port },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `Invalid configuration: GATEWAY_PORT must be a whole number from 1 to 65535 (got "${port}")`,
    ]);
  },
);

test('a card page lifetime of no seconds stops the sandbox at once with one line naming it', () => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
    env: { PATH: process.env.PATH, GATEWAY_PAGE_TIMEOUT_SECONDS: '0' },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr.trim().split('\n')).toEqual([
    'Invalid configuration: GATEWAY_PAGE_TIMEOUT_SECONDS must be a whole number from 1 to 86400 (got "0")',
  ]);
});
