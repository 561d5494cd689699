// ESLint 9 flat config for the whole workspace (`npm run lint` = eslint + prettier --check).
//
// - typescript-eslint's recommended rules everywhere (not type-aware: keeps a full run well under a minute
//   on the 2-core machines; `npm run typecheck` covers types).
// - react-hooks for apps/web.
// - Import boundaries (eslint-plugin-boundaries), bulletproof-react style for apps/web/src:
//     features/<name>  -> shared folders (api: calls several features make) and its own files; never
//                         another feature, never app
//     shared folders   -> other shared folders only; never features, never app
//     app (and main)   -> anything
//   and for apps/server/src: features/<name> never imports another feature, index.ts included (app.ts
//   passes what a feature needs of another as plugin options; code of no product area lives in lib/),
//   and the core (app.ts, main.ts, seed/, routes/, lib/, plugins/, db/, cli/) never reaches into a
//   feature's files: a feature's index.ts, its public surface, is the only way in.
// - No import cycles (eslint-plugin-import-x no-cycle) in the three source trees, dynamic imports
//   included: a cycle is broken by moving code to where it belongs, never by a lazy import.
// - Every eslint-disable comment says why (`-- reason`), and one that disables nothing is an error.
// Formatting is Prettier's job (.prettierrc.json); no stylistic lint rules here.
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** Shared folders of apps/web/src (bulletproof-react): usable by features and app, never the reverse. */
const WEB_SHARED = [
  'api',
  'components',
  'config',
  'lib',
  'stores',
  'hooks',
  'utils',
  'types',
  'testing',
  'assets',
  'styles',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/coverage/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.artifacts/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/.out/**',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@eslint-community/eslint-comments': eslintComments },
    // eslint-enable closes a described eslint-disable block; it needs no reason of its own.
    rules: { '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }] },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      // `_`-prefixed names mark intentionally unused parameters (Fastify handlers, callbacks).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-console': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'prefer-const': 'error',
    },
  },

  // The browser app.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@eav/server', '@eav/server/*'],
              message: 'The web app talks to the server over HTTP only; shared shapes live in @eav/contract.',
            },
          ],
        },
      ],
    },
  },

  // The contract runs in the browser too: no Node built-ins, no server code.
  {
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['packages/contract/src/**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: '@eav/contract is browser-safe: no Node built-ins.' },
            { group: ['**/apps/**', '@eav/server', '@eav/web'], message: '@eav/contract must not depend on the apps.' },
          ],
        },
      ],
    },
  },

  // Import boundaries.
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': root,
      'boundaries/include': ['apps/web/src/**/*', 'apps/server/src/**/*'],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': { [`${root}/eslint-resolver.cjs`]: {} },
      // First match wins: the most specific patterns come first.
      'boundaries/elements': [
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-app', pattern: 'apps/web/src/app' },
        { type: 'web-app', pattern: 'apps/web/src/*.{ts,tsx}', mode: 'file' },
        { type: 'web-shared', pattern: `apps/web/src/{${WEB_SHARED.join(',')}}` },
        // A server feature's index.ts is its public surface to the core, the rest of the folder its insides.
        {
          type: 'server-feature-index',
          pattern: 'apps/server/src/features/*/index.ts',
          mode: 'file',
          capture: ['feature'],
        },
        { type: 'server-feature', pattern: 'apps/server/src/features/*', capture: ['feature'] },
        { type: 'server-core', pattern: 'apps/server/src' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              from: ['web-shared'],
              disallow: ['web-feature', 'web-app'],
              message:
                'Shared web code (api, components, config, lib, stores, hooks, utils, types, testing) must not import features or app: move the code to a shared folder or compose it in src/app.',
            },
            {
              from: ['web-feature'],
              disallow: ['web-app'],
              message: 'A feature must not import src/app: app composes features, not the other way round.',
            },
            {
              from: ['web-feature'],
              disallow: [['web-feature', { feature: '!${from.feature}' }]],
              message:
                'Feature "${file.feature}" must not import feature "${dependency.feature}": features never import each other; share through src/{api,components,lib,stores,hooks,...} or compose in src/app.',
            },
            {
              from: ['server-core'],
              disallow: ['server-feature'],
              message:
                'Server core code must not reach into feature "${dependency.feature}": import what its index.ts exports (add the export there).',
            },
            {
              from: ['server-feature', 'server-feature-index'],
              disallow: [
                ['server-feature', { feature: '!${from.feature}' }],
                ['server-feature-index', { feature: '!${from.feature}' }],
              ],
              message:
                'Server feature "${file.feature}" must not import feature "${dependency.feature}" (its index.ts included): features never import each other; pass what it needs from app.ts as plugin options, or move code of no product area to src/lib (docs/ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },

  // Import cycles. Type-only imports are erased at build time and are not counted.
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'packages/contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { [`${root}/eslint-resolver.cjs`]: {} },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },

  // Tests and test helpers run in Node but also touch the DOM (jsdom, Playwright's page.evaluate).
  {
    files: ['**/*.test.{ts,tsx}', '**/testing/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  // Playwright fixtures must destructure their first argument, even when they use no fixture: `async ({}, use)`.
  {
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  // CommonJS files (tool plugins that are loaded with require).
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
