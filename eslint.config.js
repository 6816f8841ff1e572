import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    // Features do not import each other (STYLE.md 5): from a file at the top of a feature folder,
    // "../x" can only be a sibling feature.
    files: ['apps/web/src/features/*/*.{ts,tsx}', 'apps/server/src/features/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./(?!\\.\\.)', message: 'Features do not import each other.' },
          ],
        },
      ],
    },
  },
  {
    // Shared code does not import features; only the app's composition root (src/app) does.
    files: [
      'apps/web/src/{components,lib,i18n}/**/*.{ts,tsx}',
      'apps/server/src/{db,lib,plugins}/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/**'], message: 'Shared code does not import features.' },
          ],
        },
      ],
    },
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
