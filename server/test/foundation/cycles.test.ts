// The cycle check of `npm run lint` (scripts/check-cycles.mjs), run on probe files written into
// the folders it guards: a cycle of two files, one of them closed by a type-only import, and one
// closed through the packages' names, must each be found.
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findCycles } from '../../../scripts/check-cycles.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const written: string[] = [];

afterEach(() => {
  for (const file of written.splice(0)) rmSync(path.join(root, file), { recursive: true, force: true });
});

function write(file: string, code: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), code);
}

describe('import cycles in lint', () => {
  it('finds a cycle of two server files, even one closed by a type-only import', async () => {
    const dir = `server/src/cycle-probe-${randomUUID()}`;
    written.push(dir);
    write(`${dir}/a.ts`, "import { b } from './b.ts';\nexport interface A { n: number }\nexport const a = b + 1;\n");
    write(`${dir}/b.ts`, "import type { A } from './a.ts';\nexport const b: A['n'] = 1;\n");
    const { cycles } = await findCycles(root, [dir]);
    expect(cycles).toEqual([[`${dir}/a.ts`, `${dir}/b.ts`]]);
  }, 120_000);

  it('finds a cycle in the web app and one between two packages through their names', async () => {
    const id = randomUUID();
    const web = `web/src/lib/cycle-probe-${id}`;
    const contract = `packages/contract/src/cycle-probe-${id}.ts`;
    const engine = `packages/stage-engine/src/cycle-probe-${id}.ts`;
    written.push(web, contract, engine);
    write(`${web}/a.tsx`, "import { b } from './b.tsx';\nexport const a = (): number => b;\n");
    write(`${web}/b.tsx`, "import { a } from './a.tsx';\nexport const b = 1;\nexport const later = a;\n");
    write(contract, `import { engine } from '@club/stage-engine/cycle-probe-${id}';\nexport const contract = engine;\n`);
    write(engine, `import { contract } from '@club/contract/cycle-probe-${id}';\nexport const engine = () => contract;\n`);
    const { cycles } = await findCycles(root, [web, 'packages/contract/src', 'packages/stage-engine/src']);
    expect(cycles).toContainEqual([`${web}/a.tsx`, `${web}/b.tsx`]);
    expect(cycles).toContainEqual([contract, engine]);
    expect(cycles).toHaveLength(2);
  }, 120_000);

  it('finds none where imports point one way', async () => {
    const dir = `server/src/cycle-probe-${randomUUID()}`;
    written.push(dir);
    write(`${dir}/a.ts`, "import { b } from './b.ts';\nexport const a = b + 1;\n");
    write(`${dir}/b.ts`, 'export const b = 1;\n');
    expect((await findCycles(root, [dir])).cycles).toEqual([]);
  }, 120_000);
});
