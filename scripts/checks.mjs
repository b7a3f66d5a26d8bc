#!/usr/bin/env node
// The static checks of `npm test`, two at a time (the machines that run the suite have two
// cores, and ESLint and each TypeScript project use one): ESLint, the import-cycle check and
// the type check of every workspace and of the browser tests. Each one's output is printed
// whole when it ends; the exit code is non-zero when any failed. `checks.mjs lint` runs the lint
// and the import-cycle check only, `checks.mjs types` the type checks only (`npm run lint`,
// `npm run typecheck`).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const eslint = path.join(root, 'node_modules/eslint/bin/eslint.js');

/** Each check: a name and the command, run from the repository root. */
const ALL_CHECKS = [
  // The slowest first, so the two slots end together.
  ['type check: web', [tsc, '-p', 'web', '--noEmit']],
  ['lint', [eslint, '.', '--max-warnings=0']],
  ['type check: server', [tsc, '-p', 'server', '--noEmit']],
  ['type check: browser tests', [tsc, '-p', 'e2e/tsconfig.json', '--noEmit']],
  ['type check: stage engine', [tsc, '-p', 'packages/stage-engine', '--noEmit']],
  ['type check: laser', [tsc, '-p', 'packages/laser', '--noEmit']],
  ['type check: contract', [tsc, '-p', 'packages/contract', '--noEmit']],
  ['import cycles', [path.join(root, 'scripts/check-cycles.mjs')]],
];

const GROUPS = {
  lint: (name) => name === 'lint' || name === 'import cycles',
  types: (name) => name.startsWith('type check'),
};
const group = process.argv[2];
if (group !== undefined && !(group in GROUPS)) {
  process.stderr.write(`checks.mjs: no group "${group}" (${Object.keys(GROUPS).join(', ')})\n`);
  process.exit(2);
}
const CHECKS = group === undefined ? ALL_CHECKS : ALL_CHECKS.filter(([name]) => GROUPS[group](name));

const slots = Math.max(1, Math.min(Number(process.env.CHECK_JOBS ?? 2), os.availableParallelism()));

function run([name, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)\n`);
      if (output.trim() !== '') process.stdout.write(`${output.trimEnd()}\n`);
      resolve(code === 0);
    });
  });
}

const queue = [...CHECKS];
const results = [];
await Promise.all(
  Array.from({ length: slots }, async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) results.push(await run(next));
  }),
);
if (results.some((passed) => !passed)) {
  process.stdout.write('Some checks failed (above).\n');
  process.exit(1);
}
