import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, test } from 'vitest';
import type { GroupMember } from './process-group';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true })));

/** A member that notes each start of its own in `log`, then stops with `code` after `ms`. */
const member = (name: string, log: string, stop?: { code: number; ms: number }): GroupMember => ({
  name,
  nodeArgs: [
    '-e',
    `require('fs').appendFileSync(${JSON.stringify(log)}, process.pid + '\\n');` +
      (stop
        ? `setTimeout(() => process.exit(${stop.code}), ${stop.ms});`
        : 'setInterval(() => {}, 1000);'),
  ],
});

/** Runs a group as `npm start` does, in a process of its own that the test can signal. */
function group(members: GroupMember[]) {
  const folder = mkdtempSync(join(tmpdir(), 'group-'));
  folders.push(folder);
  const driver = join(folder, 'driver.mts');
  writeFileSync(
    driver,
    `import { runProcessGroup } from ${JSON.stringify(join(import.meta.dirname, 'process-group.ts'))};
process.exit(await runProcessGroup(${JSON.stringify(members)}, { steadyAfterMs: 300, restartDelayMs: 50 }));`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', driver], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let said = '';
  child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, said: () => said };
}

const starts = (log: string) => {
  try {
    return readFileSync(log, 'utf8').trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
};

const isRunning = (pid: string) => {
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean) {
  while (!condition()) await sleep(20);
}

test('a member that stops after running a while is started again, and the others go on', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'logs-'));
  folders.push(folder);
  const portal = join(folder, 'portal');
  const sandbox = join(folder, 'sandbox');
  const {
    child: driver,
    exited,
    said,
  } = group([member('portal', portal, { code: 134, ms: 400 }), member('sandbox gateway', sandbox)]);
  await until(() => starts(portal).length >= 3);
  expect(starts(sandbox)).toHaveLength(1);
  expect(isRunning(starts(sandbox)[0]!)).toBe(true);
  expect(said()).toContain('portal stopped (code 134); starting it again');

  driver.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect([...starts(portal), ...starts(sandbox)].filter(isRunning)).toEqual([]);
});

test('a member that cannot start stops the whole group, with its exit code', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'logs-'));
  folders.push(folder);
  const sandbox = join(folder, 'sandbox');
  const { exited, said } = group([
    member('portal', join(folder, 'portal'), { code: 7, ms: 0 }),
    member('sandbox gateway', sandbox),
  ]);
  expect(await exited).toBe(7);
  expect(said()).toContain('portal stopped at its start (code 7)');
  expect(starts(sandbox).filter(isRunning)).toEqual([]);
});
