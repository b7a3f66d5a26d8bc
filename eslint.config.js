import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { webBoundaries } from './eslint/web-boundaries.js';

// A server module's files other than its public entry, as named from outside modules/
// (plugins, db, app, cli: 'modules/x/service.ts') and from a sibling module ('../x/service.ts').
const moduleInternals = {
  regex: '(^|/)modules/[^/]+/(?!index\\.ts$)',
  message: "Use the module's public entry, modules/<module>/index.ts.",
};
const otherModuleInternals = {
  regex: '^\\.\\./(?!\\.\\.?/)[^/]+/(?!index\\.ts$)',
  message: "Use the other module's public entry, modules/<module>/index.ts.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      // The server tests' build (server/test/support/global-setup.ts), left behind by a run stopped
      // midway.
      'server/.test-dist-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Server module boundaries: a module is used by others only through its modules/x/index.ts.
  {
    files: ['server/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [moduleInternals] }] },
  },
  {
    files: ['server/src/modules/*/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [moduleInternals, otherModuleInternals] }] },
  },
  // A module's public entry never hands out its routes: modules/index.ts registers them, so using
  // a module never pulls in routes and the auth plugin (that is how the server's cycles formed).
  {
    files: ['server/src/modules/*/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            moduleInternals,
            otherModuleInternals,
            { regex: '^\\./routes\\.ts$', message: 'Routes are registered by modules/index.ts, never exported by a module.' },
          ],
        },
      ],
    },
  },
  // The server's lower layers serve the modules and never use one: a module is imported by
  // another module, modules/index.ts, app.ts, server.ts, cli.ts or seed/, nothing else.
  {
    files: ['server/src/{lib,db,jobs,mail,plugins}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules(/|$)',
              message: 'server/src/lib, db, jobs, mail and plugins must not import a module: hand them what they need (as app.ts hands the auth plugin its session lookup) or use a hook.',
            },
          ],
        },
      ],
    },
  },
  // Packages are shared by server and web (and run in the browser): they never depend on either
  // app, and their code uses no Node.js module (their tests may).
  {
    files: ['packages/**/*.ts'],
    ignores: ['packages/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@club/(server|web)|(\\.\\./)+(server|web|bench|e2e|scripts))(/|$)',
              message: 'Packages must not import the server, the web app or the repository\'s tools.',
            },
            {
              regex: '^node:|^(fs|path|os|crypto|child_process|url|util|stream|buffer|events|http|https|net|zlib|worker_threads|module|process)(/|$)',
              message: 'Packages run in the browser too: they must not import a Node.js module.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'packages/stage-engine/**/*.ts', 'packages/laser/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The match pages' service worker runs in a worker's scope (self, caches), not a page's.
    files: ['web/public/*-sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Web features never import each other; shared pieces live in web/src/lib or web/src/components.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { web: { rules: { boundaries: webBoundaries } } },
    rules: { 'web/boundaries': 'error' },
  },
  {
    files: ['e2e/**/*.ts', 'bench/**/*.{mjs,ts}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
