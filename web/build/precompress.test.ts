// @vitest-environment node
import { existsSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';

/** Runs the plugin's hooks as Vite would, on `outDir` under a fresh root; returns its warnings. */
function run(root: string, outDir: string): string[] {
  const plugin = precompress();
  const warnings: string[] = [];
  (plugin.configResolved as (config: unknown) => void)({ root, build: { outDir } });
  (plugin.closeBundle as (this: unknown) => void).call({ warn: (message: string) => warnings.push(message) });
  return warnings;
}

describe('precompress', () => {
  it('writes .gz and .br beside a text file, which the gzip program reads back whole', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    mkdirSync(path.join(root, 'dist/assets'), { recursive: true });
    const source = 'export const greeting = "hola";\n'.repeat(100);
    writeFileSync(path.join(root, 'dist/assets/app.js'), source);
    expect(run(root, 'dist')).toEqual([]);
    expect(execFileSync('gzip', ['-dc', path.join(root, 'dist/assets/app.js.gz')], { encoding: 'utf8' })).toBe(source);
    expect(existsSync(path.join(root, 'dist/assets/app.js.br'))).toBe(true);
  });

  it('says the bundle was not written when there is no output, instead of failing on the missing folder', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    expect(run(root, 'dist')).toEqual([expect.stringMatching(/dist to compress: the bundle was not written/)]);
  });
});
