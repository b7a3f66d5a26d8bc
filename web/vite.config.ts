import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { prerenderPages } from './build/prerender-pages.ts';
import { trimBootstrap } from './build/unused-bootstrap.ts';
import { webManifest } from './build/web-manifest.ts';

// `npm run build:test` (used by `npm run test:e2e`) sets VITE_TEST_HOOKS=true: the bundle then
// writes the attributes the browser tests read (src/lib/test-hooks.ts). Any other build leaves
// them out; the marker file lets the browser tests refuse such a build with a clear message.
const testHooks = process.env.VITE_TEST_HOOKS === 'true';
// playwright.config.ts checks for this file.
const TEST_BUILD_MARKER = '.test-hooks';

function testBuildMarker(): Plugin {
  return {
    name: 'club-test-build-marker',
    apply: 'build',
    generateBundle() {
      if (testHooks) this.emitFile({ type: 'asset', fileName: TEST_BUILD_MARKER, source: 'test hooks on\n' });
    },
  };
}

/**
 * js-aruco2 (the laser camera's marks) is written as a browser script that also runs in Node:
 * it exports by assigning to the top-level `this`, which a bundler takes for an ES module
 * without exports. Its two files are given CommonJS exports instead, in the page and the worker.
 */
function arucoAsCommonJs(): Plugin {
  return {
    name: 'club-aruco-commonjs',
    transform(code, id) {
      if (!/[\\/]js-aruco2[\\/]src[\\/](aruco|cv)\.js$/.test(id)) return null;
      return code
        .replace("var CV = this.CV || require('./cv').CV;", "var CV = require('./cv').CV;")
        .replace(/^this\.(CV|AR) = (CV|AR);$/m, 'module.exports.$1 = $2;');
    },
  };
}

/** The contract's stage, library and scoring modules and the stage engine's model. */
const STAGE_MODULES = /[\\/]packages[\\/](?:contract[\\/]src[\\/](library|stage|scoring)|stage-engine[\\/]src[\\/](model))\.ts$/;

export default defineConfig({
  plugins: [trimBootstrap(), react(), webManifest(), prerenderPages(), precompress(), testBuildMarker(), arucoAsCommonJs()],
  worker: { format: 'es', plugins: () => [arucoAsCommonJs()] },
  define: { 'import.meta.env.VITE_TEST_HOOKS': JSON.stringify(testHooks ? 'true' : 'false') },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // The libraries every screen starts with, each in its own chunk: the starter runs the
        // chunks one per task (build/prerender-pages.ts), so no single task runs them all.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
            { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/ },
            // The stage's modules and model, which the calendar's cards and the library need: each
            // module is a chunk of its own, named after it, so the starter runs them one per task
            // (the model does its work as it loads; the schemas are built on first use).
            {
              name: (id: string) => {
                const match = STAGE_MODULES.exec(id);
                return match === null ? null : (match[1] ?? match[2]);
              },
              test: STAGE_MODULES,
              // The module alone: what it imports stays where it was.
              includeDependenciesRecursively: false,
            },
            // The app's start with every small module it imports (the club's settings, the HTTP
            // and session helpers, the routes' names...): one request, where each was a chunk of
            // its own that every screen asked for. A server on HTTP/1.1 takes six at a time.
            { name: 'start-app', test: /[\\/]web[\\/]src[\\/]app[\\/]start-app\.tsx$/ },
            // The scoring screen with its outbox, its calls and idb, in one chunk for a range
            // officer's phone (decision 0060); the setup and match-day screens share some of it.
            {
              name: 'scoring-page',
              test: /[\\/]web[\\/]src[\\/]features[\\/]match[\\/](scoring[\\/][a-z-]+|api[\\/](scores|competitors))\.tsx?$|[\\/]node_modules[\\/]idb[\\/]/,
              includeDependenciesRecursively: false,
            },
            // The contract's small modules that screens read their calls with (the session, the
            // match, forms' rules, texts, error bodies): one chunk, not six requests of a few
            // hundred bytes to 3 KB each. Their schemas are built on first use, not as the modules
            // run (packages/contract/src/lazy-schema.ts), so running the chunk costs little.
            {
              name: 'contract',
              test: /[\\/]packages[\\/]contract[\\/]src[\\/](schemas|match|forms|text|errors|messages)\.ts$|[\\/]web[\\/]src[\\/]lib[\\/]number-format\.ts$/,
              includeDependenciesRecursively: false,
            },
            // Zod, with the helper that builds the contract's schemas on first use.
            {
              name: 'zod-core',
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]contract[\\/]src[\\/]lazy-schema\.ts$/,
              includeDependenciesRecursively: false,
            },
            // The helper every lazy import goes through stays out of the entry, so the chunks
            // that import lazily need nothing of the entry and can run before it.
            { name: 'preload', test: /vite[\\/]preload-helper/ },
          ],
        },
      },
    },
  },
});
