/**
 * `npm run bench:web`: builds the web app and weighs what a phone downloads to show the home
 * route (the entry script, the modules it preloads and the stylesheets index.html links), gzip
 * compressed, against the budget: 110 KB of JS and 25 KB of CSS, in one stylesheet at most (each
 * one blocks the first paint until it has arrived).
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const budget = { js: 110_000, css: 25_000, stylesheets: 1 };
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
const stylesheets = files.filter((file) => file.kind === 'css').length;
console.log(`  ${stylesheets} render-blocking stylesheet(s) of ${budget.stylesheets} at most`);
const problems = [
  // A page that loads no script would weigh 0 KB and pass: the build or this reading broke.
  ...(files.some((file) => file.kind === 'js') ? [] : ['no script found in index.html']),
  ...results
    .filter((result) => result.size > result.limit)
    .map((result) => `${result.kind.toUpperCase()} ${kb(result.size)} > ${kb(result.limit)}`),
  ...(stylesheets > budget.stylesheets
    ? [`${stylesheets} stylesheets > ${budget.stylesheets}`]
    : []),
];
console.log(
  problems.length === 0
    ? `VERDICT: PASS (JS ${kb(total('js'))} <= ${kb(budget.js)}, CSS ${kb(total('css'))} <= ${kb(budget.css)}, ${stylesheets} stylesheet)`
    : `VERDICT: FAIL (${problems.join(', ')})`,
);
process.exitCode = problems.length === 0 ? 0 : 1;
