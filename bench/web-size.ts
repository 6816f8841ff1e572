/**
 * `npm run bench:web`: builds the web app (docs/decisions/0027-web-weight-per-route.md) and weighs,
 * gzip compressed, what a phone downloads:
 *
 * - the home route (the entry script, the modules it preloads, the stylesheets index.html links and
 *   the words it fetches in Malay) against the budget: 120 KB of JS and 15 KB of CSS, in one
 *   stylesheet at most (each one blocks the first paint until it has arrived);
 * - every other route's own weight: what its first visit adds to the home route (its lazy chunk,
 *   the chunks that one imports and the words it fetches);
 * - which routes pull the form layer (zod, react-hook-form, components/form) into their first
 *   load: only those that show a form at once may;
 * - which words each load holds: only its own language's, and no other route's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';

const budget = { js: 120_000, css: 15_000, stylesheets: 1 };
const webRoot = resolve('apps/web');
const routeTable = join(webRoot, 'src/app/routes.tsx');

/**
 * Routes whose screen is a form from its first paint (a search, a sign-up, the back office's
 * filters, settings and bill file), so the form layer is part of it.
 */
const formAtOnce = new Set([
  'SearchPage',
  'CheckoutPage',
  'RegistrationPage',
  'ResetPasswordPage',
  'ProfilePage',
  'LicencesPage',
  'DigitalLicencePage',
  'OfficeLayout',
  'OfficePaymentsPage',
  'OfficePaymentPage',
  'SettlementPage',
  'RefundQueuePage',
  'SwitchesPage',
  'ApplicationsPage',
  'CouncilProfilePage',
  'RenewalRulesPage',
  'BillImportPage',
  'CouncilApiPage',
  'StaffPage',
  'SiteSettingsPage',
  'ContentEditorPage',
  'EnrolPage',
  'AuditPage',
]);
const formLayer =
  /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]|apps[\\/]web[\\/]src[\\/]components[\\/]form[\\/]/;
const wordsModule = /packages[\\/]domain[\\/]src[\\/]words[\\/](.+)\.json$/;
const languages = ['ms', 'en', 'zh'] as const;
const shownLanguage = 'ms';

const output = (await build({
  root: webRoot,
  logLevel: 'warn',
  build: { write: false },
})) as Rolldown.RolldownOutput;
const chunks = new Map(
  output.output
    .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
    .map((chunk) => [chunk.fileName, chunk]),
);
const assets = new Map(
  output.output
    .filter((item): item is Rolldown.OutputAsset => item.type === 'asset')
    .map((asset) => [asset.fileName, asset]),
);

const gzipCache = new Map<string, number>();
function gzipBytes(fileName: string): number {
  let bytes = gzipCache.get(fileName);
  if (bytes === undefined) {
    const chunk = chunks.get(fileName);
    const content = chunk ? chunk.code : assets.get(fileName)!.source;
    bytes = gzipSync(content, { level: 9 }).length;
    gzipCache.set(fileName, bytes);
  }
  return bytes;
}

/** A chunk and every chunk it imports statically: what arrives before its code runs. */
function staticClosure(fileNames: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const fileName of fileNames) visit(fileName);
  return seen;
}

/** The words a chunk holds, as `screens/ms`-like names of their catalogue files. */
function wordsIn(fileName: string): string[] {
  return (chunks.get(fileName)?.moduleIds ?? []).flatMap((id) => {
    const match = wordsModule.exec(id);
    return match ? [match[1]!.replaceAll('\\', '/')] : [];
  });
}
const languageOf = (words: string) =>
  languages.find((language) => words.endsWith(`/${language}`) || words.includes(`/${language}/`));

/** The chunks holding a part of the words (`words/screens/<part>/<language>.json`) and theirs. */
function wordsPart(part: string, language: string): Set<string> {
  const chunk = [...chunks.values()].find((candidate) =>
    candidate.moduleIds.some((id) =>
      id.replaceAll('\\', '/').endsWith(`/words/screens/${part}/${language}.json`),
    ),
  );
  if (!chunk) throw new Error(`no chunk holds the words ${part}/${language}`);
  return staticClosure([chunk.fileName]);
}

const html = assets.get('index.html')!.source.toString();
const referenced = [
  ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g),
].map((match) => match[1]!.replace(/^\//, ''));
const homeScripts = staticClosure(referenced.filter((file) => chunks.has(file)));
const homeStylesheets = referenced.filter((file) => file.endsWith('.css'));
// The shell's words are fetched before the first paint (i18n.ts), in the language shown.
const home = new Set([...homeScripts, ...wordsPart('shell', shownLanguage), ...homeStylesheets]);

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const kindOf = (file: string) => (file.endsWith('.css') ? ('css' as const) : ('js' as const));
const total = (files: Iterable<string>, kind: 'js' | 'css') =>
  [...files]
    .filter((file) => kindOf(file) === kind)
    .reduce((sum, file) => sum + gzipBytes(file), 0);

console.log('\nHome route, gzip:');
for (const file of home) console.log(`  ${kb(gzipBytes(file)).padStart(9)}  ${file}`);
const results = (['js', 'css'] as const).map((kind) => ({
  kind,
  size: total(home, kind),
  limit: budget[kind],
}));
for (const { kind, size, limit } of results) {
  console.log(`  ${kind.toUpperCase()} total ${kb(size)} of ${kb(limit)} budget`);
}
console.log(
  `  ${homeStylesheets.length} render-blocking stylesheet(s) of ${budget.stylesheets} at most`,
);

/**
 * The lazy routes: each screen or layout the route table imports, by its chunk, with the parts of
 * the words fetched beside it (`withWords([...parts], import(...))`).
 */
const routeModules = [
  ...readFileSync(routeTable, 'utf8').matchAll(
    /(?:withWords\(\s*\[([^\]]*)\],\s*)?import\('([^']+)'\)/g,
  ),
]
  .map((match) => ({
    parts: [...(match[1] ?? '').matchAll(/'([\w-]+)'/g)].map((part) => part[1]!),
    path: resolve(dirname(routeTable), match[2]!),
  }))
  .filter((route) => /(Page|Layout)$/.test(route.path));
const routes = [...new Map(routeModules.map((route) => [route.path, route])).values()].map(
  ({ parts, path }) => {
    const chunk = [...chunks.values()].find(
      (candidate) => candidate.facadeModuleId?.replace(/\.tsx?$/, '') === path,
    );
    if (!chunk) throw new Error(`no chunk for the route module ${path}`);
    const scripts = staticClosure([chunk.fileName]);
    const css = [...scripts].flatMap((file) => [
      ...(chunks.get(file)?.viteMetadata?.importedCss ?? []),
    ]);
    const words = parts.flatMap((part) => [...wordsPart(part, shownLanguage)]);
    const load = new Set([...scripts, ...words, ...css]);
    return {
      name: basename(path),
      parts,
      code: chunk.fileName,
      own: [...load].filter((file) => !home.has(file)),
    };
  },
);
if (routes.length === 0) throw new Error(`no lazy route found in ${routeTable}`);

console.log('\nEach route, gzip it adds to the home route on its first visit:');
for (const route of routes) {
  console.log(
    `  ${route.name.padEnd(22)} JS ${kb(total(route.own, 'js')).padStart(8)}  CSS ${kb(total(route.own, 'css')).padStart(7)}`,
  );
}

/** What each load adds: the home route's files once, then each route's own. */
const loads = [
  { name: 'home', files: [...home] },
  ...routes.map((route) => ({ name: route.name, files: route.own })),
];

const formLibraries = (files: string[]) => [
  ...new Set(
    files.flatMap((file) =>
      (chunks.get(file)?.moduleIds ?? []).flatMap((id) => {
        const match = formLayer.exec(id);
        return match ? [match[1] ?? 'components/form'] : [];
      }),
    ),
  ),
];
const formProblems = loads
  .filter((route) => !formAtOnce.has(route.name))
  .map((route) => ({ name: route.name, libraries: formLibraries(route.files) }))
  .filter((route) => route.libraries.length > 0)
  .map((route) => `${route.name} loads ${route.libraries.join(', ')} before its first paint`);
console.log(
  `\nForm layer before the first paint: only ${[...formAtOnce].join(', ')} show a form at once`,
);
for (const problem of formProblems) console.log(`  ${problem}`);

/** Which part of the screens' words holds each section (`words/screens/<part>/ms.json`). */
const screensWords = resolve('packages/domain/src/words/screens');
const partOfSection = new Map(
  readdirSync(screensWords, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((part) =>
      Object.keys(
        JSON.parse(readFileSync(join(screensWords, part.name, `${shownLanguage}.json`), 'utf8')),
      ).map((section) => [section, part.name] as const),
    ),
);

/**
 * The parts a route's code reads: each `'section.…'` key or `'section'` name in its modules, the home route's aside
 * (their words are the shell's), and in the screens and dialogs it fetches later too.
 */
function partsRead(code: string): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    const chunk = chunks.get(file);
    if (!chunk || files.has(file) || home.has(file) || wordsIn(file).length > 0) return;
    files.add(file);
    for (const imported of [...chunk.imports, ...chunk.dynamicImports]) visit(imported);
  };
  visit(code);
  const sources = [...files]
    .flatMap((file) => chunks.get(file)!.moduleIds)
    .filter((id) => /\.tsx?$/.test(id) && !id.includes('node_modules'));
  const sections = new Set<string>();
  for (const id of sources) {
    // A key anywhere (`'section.name'`); a bare `'section',` only in the web app's own code, which
    // names a section to read a code's words under it (the domain's `'history'` is a field path).
    const keys = id.includes(`${webRoot}/`)
      ? /'([a-zA-Z]+)'[,)]|['"`]([a-zA-Z]+)\./g
      : /['"`]([a-zA-Z]+)\./g;
    for (const match of readFileSync(id, 'utf8').matchAll(keys)) {
      sections.add((match[1] ?? match[2])!);
    }
  }
  return new Set(
    [...sections].flatMap((section) => {
      const part = partOfSection.get(section);
      return part && part !== 'shell' ? [part] : [];
    }),
  );
}

const wordsProblems = [
  ...loads.flatMap((route) => {
    const otherLanguage = route.files
      .flatMap(wordsIn)
      .filter((part) => languageOf(part) !== shownLanguage);
    return otherLanguage.length > 0
      ? [`${route.name} loads words of another language: ${otherLanguage.join(', ')}`]
      : [];
  }),
  ...routes.flatMap((route) => {
    const read = partsRead(route.code);
    const missing = [...read].filter((part) => !route.parts.includes(part));
    const unread = route.parts.filter((part) => !read.has(part));
    return [
      ...(missing.length > 0
        ? [`${route.name} shows words it does not fetch: ${missing.join(', ')}`]
        : []),
      ...(unread.length > 0
        ? [`${route.name} fetches words it does not show: ${unread.join(', ')}`]
        : []),
    ];
  }),
];
console.log(`\nWords: ${shownLanguage} only, each route the parts it shows and no others`);
for (const route of routes) console.log(`  ${route.name.padEnd(22)} ${route.parts.join(', ')}`);
for (const problem of wordsProblems) console.log(`  ${problem}`);

const problems = [
  // A page that loads no script would weigh 0 KB and pass: the build or this reading broke.
  ...(homeScripts.size > 0 ? [] : ['no script found in index.html']),
  ...results
    .filter((result) => result.size > result.limit)
    .map((result) => `${result.kind.toUpperCase()} ${kb(result.size)} > ${kb(result.limit)}`),
  ...(homeStylesheets.length > budget.stylesheets
    ? [`${homeStylesheets.length} stylesheets > ${budget.stylesheets}`]
    : []),
  ...(formProblems.length > 0 ? [`${formProblems.length} route(s) load the form layer early`] : []),
  ...(wordsProblems.length > 0 ? [`${wordsProblems.length} words problem(s)`] : []),
];
console.log(
  problems.length === 0
    ? `\nVERDICT: PASS (JS ${kb(total(home, 'js'))} <= ${kb(budget.js)}, CSS ${kb(total(home, 'css'))} <= ${kb(budget.css)}, ${homeStylesheets.length} stylesheet)`
    : `\nVERDICT: FAIL (${problems.join(', ')})`,
);
process.exitCode = problems.length === 0 ? 0 : 1;
