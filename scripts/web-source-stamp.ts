/**
 * What the web app was built from: a hash of its sources, the domain it imports and the lock file.
 * The build writes it beside the output and `npm start` compares, so a start rebuilds only when a
 * source changed, and a machine with production dependencies only (no vite) starts from the
 * build it was given.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const sources = ['apps/web', 'packages/domain/src', 'package-lock.json'];
const skipped = new Set(['dist', 'node_modules']);

/** The stamp's name in the build's folder; the server does not serve dotfiles. */
export const stampName = '.source-stamp';
export const stampFile = `apps/web/dist/${stampName}`;

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !skipped.has(entry.name))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

export function webSourceStamp(root = '.'): string {
  const hash = createHash('sha256');
  for (const file of sources.flatMap((source) => filesUnder(join(root, source))).sort()) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Whether the web build in place was made from the sources in place. */
export function webBuildIsCurrent(root = '.'): boolean {
  const stamp = join(root, stampFile);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === webSourceStamp(root);
}
