// `npm run bench`: runs every bench/*.bench.mjs in turn; each prints its own figures and
// asserts nothing. `npm run bench -- login` runs only the files whose name contains "login".
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const filter = process.argv[2];
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.mjs') && (!filter || name.includes(filter)))
  .sort();
for (const file of files) {
  process.stdout.write(`\n## ${file}\n`);
  const result = spawnSync(process.execPath, [path.join(here, file)], { stdio: 'inherit' });
  if (result.status !== 0) process.stdout.write(`(${file} ended with status ${result.status})\n`);
}
