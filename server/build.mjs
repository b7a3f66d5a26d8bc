// Bundles the server and the CLI into dist/ so that `npm start` runs plain JavaScript (fast
// start). Packages from node_modules stay external; the workspace's TypeScript packages
// (@club/*) are bundled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies)
  .filter((name) => !name.startsWith('@club/'))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
