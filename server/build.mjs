// Bundles the server and the CLI, with their dependencies, into dist/ so that `npm start`
// runs one plain JavaScript file per entry: resolving hundreds of small modules at start
// costs more than the server's own work. Native addons stay external.
import { build } from 'esbuild';

const external = ['better-sqlite3', '@node-rs/argon2', 'pg-native', 'pg-cloudflare'];

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
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
