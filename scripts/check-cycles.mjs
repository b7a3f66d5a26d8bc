// Fails on any import cycle in server/src, web/src or packages (`npm run lint` runs it). Madge
// reads the imports (type-only imports included: a cycle of types is still a knot) and resolves
// the packages' names (`@club/contract/x`) to their sources, so a cycle through a package counts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import madge from 'madge';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CYCLE_ROOTS = ['server/src', 'web/src', 'packages'];

/** Each package's name mapped to its sources, as its package.json "exports" ("./*": "./src/*.ts") give them. */
function packagePaths(root) {
  const paths = {};
  const dir = path.join(root, 'packages');
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const manifest = path.join(dir, name, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const { name: packageName } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    paths[`${packageName}/*`] = [`packages/${name}/src/*`];
  }
  return paths;
}

/** The import cycles under `roots` (relative to `root`), each as the list of files around it. */
export async function findCycles(root = repoRoot, roots = CYCLE_ROOTS) {
  const result = await madge(
    roots.map((dir) => path.join(root, dir)),
    {
      baseDir: root,
      fileExtensions: ['ts', 'tsx', 'js', 'mjs'],
      excludeRegExp: [/node_modules/, /[/\\]dist[/\\]/],
      tsConfig: {
        compilerOptions: {
          module: 'ESNext',
          moduleResolution: 'Bundler',
          jsx: 'react-jsx',
          allowImportingTsExtensions: true,
          resolveJsonModule: true,
          baseUrl: root,
          paths: packagePaths(root),
        },
      },
      detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
    },
  );
  return { cycles: result.circular(), files: Object.keys(result.obj()).length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { cycles, files } = await findCycles();
  if (cycles.length > 0) {
    process.stderr.write(`Import cycles (${cycles.length}) in ${CYCLE_ROOTS.join(', ')}:\n`);
    for (const cycle of cycles) process.stderr.write(`  ${[...cycle, cycle[0]].join(' > ')}\n`);
    process.exit(1);
  }
  process.stdout.write(`No import cycle in ${files} files of ${CYCLE_ROOTS.join(', ')}.\n`);
}
