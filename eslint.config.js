import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The feature folders of an app, read from disk so that a new feature is fenced in at once. */
const featuresOf = (app) =>
  readdirSync(`apps/${app}/src/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The server's shared code: infrastructure every feature may use. */
const serverShared = ['db', 'lib', 'plugins', 'sessions', 'mail', 'gateway'];

/**
 * Who may import whom. A feature imports only itself and shared code; shared code imports no
 * feature and not the composition root; the server and the web app never import each other or
 * the sandbox gateway; the domain imports no app.
 */
const boundaryZones = [
  ...['web', 'server'].flatMap((app) =>
    featuresOf(app).map((feature, _index, features) => ({
      target: `./apps/${app}/src/features/${feature}`,
      from: `./apps/${app}/src/features`,
      // Another feature only through its public entry, when it has one (the web cart does).
      except: [
        `./${feature}`,
        ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
      ],
      message:
        "A feature imports another only through that feature's index.ts, never a file inside it.",
    })),
  ),
  ...['components', 'lib', 'i18n', 'shared', 'styles'].map((shared) => ({
    target: `./apps/web/src/${shared}`,
    from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/main.tsx'],
    message: 'Shared code does not import features or the app shell.',
  })),
  ...serverShared.map((shared) => ({
    target: `./apps/server/src/${shared}`,
    from: [
      './apps/server/src/features',
      './apps/server/src/app.ts',
      './apps/server/src/main.ts',
      './apps/server/src/background-jobs.ts',
    ],
    message: 'Shared server code does not import features or the composition root.',
  })),
  {
    target: './apps/server',
    from: './apps/web',
    message: 'The server does not import the web app.',
  },
  {
    target: './apps/web',
    from: './apps/server',
    message: 'The web app does not import the server.',
  },
  {
    target: './apps/gateway-sandbox',
    from: ['./apps/server', './apps/web'],
    message: 'The sandbox gateway knows nothing of the portal but the protocol.',
  },
  {
    target: './packages',
    from: './apps',
    message: 'The shared packages import no app.',
  },
];

/** Tests may seed the demo data and start a sandbox of their own; the code they test may not. */
const productionZones = [
  ...boundaryZones,
  {
    target: [
      './apps/server/src/features',
      ...serverShared.map((shared) => `./apps/server/src/${shared}`),
    ],
    from: './apps/server/src/demo',
    message: 'Only the composition roots use the demo data, a seed step of its own.',
  },
  {
    target: ['./apps/server', './apps/web'],
    from: './apps/gateway-sandbox',
    message: 'The portal never imports the sandbox gateway; it is a process of its own.',
  },
];

const testFiles = ['**/*.test.{ts,tsx}', 'apps/*/src/test/**'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    // With noUncheckedIndexedAccess, `items[i]!` after a bounds check is the plain idiom.
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Boundaries on where an import resolves, however it is spelled (docs/decisions/0007).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // How import-x reads a TypeScript file it follows, for the cycle check.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/*/tsconfig.json',
            'packages/*/tsconfig.json',
            '{e2e,bench,scripts}/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: productionZones }],
    },
  },
  {
    files: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from config.ts.' },
      ],
    },
  },
);
