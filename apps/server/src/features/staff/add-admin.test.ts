import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from '../../db/database';
import { buildTestApp } from '../../test/test-app';
import { TestBrowser } from '../../test/test-browser';

const command = fileURLToPath(new URL('./add-admin.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'portal-add-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function addAdmin(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', command, ...args], {
    env: { PATH: process.env.PATH, NODE_ENV: 'development', DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, out: result.stdout, err: result.stderr.trim() };
}

test('the first admin is made by the command, logs in with what it printed, and only once', async () => {
  expect(addAdmin('--email', 'ketua@example.gov.my').err).toMatch(
    /^Usage: npm run staff:add-admin/,
  );

  const made = addAdmin('--email', 'Ketua@Example.gov.my', '--name', 'Ketua Pentadbir');
  expect(made.status, made.err).toBe(0);
  const password = /Password:\s+(\S+)/.exec(made.out)?.[1];
  const secret = /Authenticator secret:\s+(\S+)/.exec(made.out)?.[1];
  expect(password).toHaveLength(20);
  expect(made.out.match(/^ {2}[A-Z2-7]{5}-[A-Z2-7]{5}$/gm)).toHaveLength(10);

  const again = addAdmin('--email', 'ketua@example.gov.my', '--name', 'Someone Else');
  expect(again).toMatchObject({
    status: 1,
    err: 'A staff account with this e-mail exists already.',
  });

  const database = await openDatabase({ dataDir });
  let app: FastifyInstance | undefined;
  try {
    app = await buildTestApp(database.db);
    const response = await new TestBrowser(() => app!).post('/api/office/login', {
      email: 'ketua@example.gov.my',
      password: password!,
      code: TOTP.generate({ secret: Secret.fromBase32(secret!) }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().staff).toMatchObject({ role: '_admin', council: null });
  } finally {
    await app?.close();
    await database.close();
  }
}, 120_000);
