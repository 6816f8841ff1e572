/**
 * `npm run bench:web`: builds the web app and weighs what a phone downloads to show the home
 * route (the entry script, the modules it preloads and the stylesheets index.html links), gzip
 * compressed, against the budget.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const budget = { js: 150_000, css: 25_000 };
const dist = 'apps/web/dist';

execSync('npm run build', { stdio: 'inherit' });
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const referenced = [
  ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g),
].map((match) => match[1]!);

const files = [...new Set(referenced)].map((url) => {
  const bytes = gzipSync(readFileSync(join(dist, url)), { level: 9 }).length;
  return { url, kind: url.endsWith('.css') ? ('css' as const) : ('js' as const), bytes };
});
const total = (kind: 'js' | 'css') =>
  files.filter((file) => file.kind === kind).reduce((sum, file) => sum + file.bytes, 0);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

console.log('\nHome route, gzip:');
for (const file of files) console.log(`  ${kb(file.bytes).padStart(9)}  ${file.url}`);
const results = (['js', 'css'] as const).map((kind) => ({
  kind,
  size: total(kind),
  limit: budget[kind],
}));
for (const { kind, size, limit } of results) {
  console.log(`  ${kind.toUpperCase()} total ${kb(size)} of ${kb(limit)} budget`);
}
const over = results.filter((result) => result.size > result.limit);
console.log(
  over.length === 0
    ? `VERDICT: PASS (JS ${kb(total('js'))} <= ${kb(budget.js)}, CSS ${kb(total('css'))} <= ${kb(budget.css)})`
    : `VERDICT: FAIL (${over.map((result) => `${result.kind.toUpperCase()} ${kb(result.size)} > ${kb(result.limit)}`).join(', ')})`,
);
process.exitCode = over.length === 0 ? 0 : 1;
