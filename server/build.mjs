// Bundles the server and the CLI, with their dependencies, into dist/ so that `npm start`
// runs one plain JavaScript file per entry: resolving hundreds of small modules at start
// costs more than the server's own work. Native addons stay external.
//
//   node build.mjs            into dist/
//   node build.mjs <folder>   into another folder beside dist/ (the server tests' processes run
//                             a bundle of the source they test: test/support/global-setup.ts)
import { build } from 'esbuild';

const external = ['better-sqlite3', '@node-rs/argon2', 'pg-native', 'pg-cloudflare'];

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  outdir: process.argv[2] ?? 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // Bundled CommonJS packages call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
