import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { stampFile, webBuildIsCurrent, webSourceStamp } from './web-source-stamp';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

function checkout() {
  const root = mkdtempSync(join(tmpdir(), 'stamp-'));
  roots.push(root);
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('apps/web/src/main.tsx', 'render()');
  write('packages/domain/src/money.ts', 'export const sen = 100;');
  write('package-lock.json', '{}');
  return { root, write };
}

test('npm start reuses a build made from the sources in place, and rebuilds after any change', () => {
  const { root, write } = checkout();
  expect(webBuildIsCurrent(root)).toBe(false);
  write(stampFile, webSourceStamp(root));
  expect(webBuildIsCurrent(root)).toBe(true);

  // The build's own files are not its sources.
  write('apps/web/dist/assets/shell.js', 'built');
  expect(webBuildIsCurrent(root)).toBe(true);

  write('packages/domain/src/money.ts', 'export const sen = 1;');
  expect(webBuildIsCurrent(root)).toBe(false);
  write(stampFile, webSourceStamp(root));
  write('apps/web/src/new-screen.tsx', 'screen()');
  expect(webBuildIsCurrent(root)).toBe(false);
});
