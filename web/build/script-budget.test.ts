// @vitest-environment node
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { budgetOf, gzipSizes, overBudget, pageWeight } from './script-budget.ts';

/** An output folder with files of random bytes (gzip cannot shrink them) of the given sizes. */
function output(files: Record<string, number>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'script-budget-'));
  mkdirSync(path.join(dir, 'assets'));
  for (const [name, size] of Object.entries(files)) writeFileSync(path.join(dir, name), randomBytes(size));
  return dir;
}

describe('script budgets', () => {
  it('measures a file as the gzip program compresses it at level 9', () => {
    const dir = output({ 'assets/a.js': 0 });
    writeFileSync(path.join(dir, 'assets/a.js'), 'export const x = 1;\n'.repeat(400));
    const byGzip = execFileSync('gzip', ['-9', '-c', '-n', path.join(dir, 'assets/a.js')]).length;
    // gzip's header names the file unless -n; node writes none. Same deflate stream otherwise.
    expect(Math.abs(gzipSizes(dir)('assets/a.js') - byGzip)).toBeLessThanOrEqual(2);
  });

  it('counts only the starter before a light page is interactive, and everything in its total', () => {
    const dir = output({ 'assets/boot.js': 1500, 'assets/react.js': 70_000, 'assets/index.js': 20_000 });
    const weight = pageWeight(
      { name: 'terms', light: true, starter: 'assets/boot.js', app: ['assets/react.js', 'assets/index.js', 'assets/react.js'] },
      gzipSizes(dir),
    );
    expect(weight.first).toBeGreaterThan(1500);
    expect(weight.first).toBeLessThan(1600);
    expect(weight.total).toBeGreaterThan(91_500);
    expect(weight.total).toBeLessThan(92_000);
    expect(overBudget([weight])).toEqual([]);
  });

  it('names a page whose app runs at once and grew past its budget', () => {
    const dir = output({ 'assets/boot.js': 1500, 'assets/react.js': 70_000, 'assets/schemas.js': 90_000 });
    const page = { starter: 'assets/boot.js', app: ['assets/react.js', 'assets/schemas.js'] };
    // Sign-in is light (decision 0054): behind its starter the scripts are within both figures;
    // started at once, they are over the first.
    expect(overBudget([pageWeight({ ...page, name: 'login', light: true }, gzipSizes(dir))])).toEqual([]);
    expect(overBudget([pageWeight({ ...page, name: 'login', light: false }, gzipSizes(dir))])).toEqual([
      expect.stringMatching(/^login: 15\d\.\d KB gzip of JavaScript before it is interactive, budget 60\.0 KB$/),
    ]);
    // Home is a light page: the same scripts started at once are over both of its figures.
    const home = pageWeight({ ...page, name: 'home', light: false }, gzipSizes(dir));
    expect(overBudget([home])).toEqual([
      expect.stringMatching(/^home: 15\d\.\d KB gzip of JavaScript before it is interactive, budget 60\.0 KB$/),
      expect.stringMatching(/^home: 15\d\.\d KB gzip of JavaScript in all, budget 150\.0 KB$/),
    ]);
    // The same scripts behind a light page's starter are over its total only.
    const team = pageWeight({ ...page, name: 'team/marta-ribas', light: true }, gzipSizes(dir));
    expect(overBudget([team])).toEqual([expect.stringMatching(/^team\/marta-ribas: .* in all, budget 150\.0 KB$/)]);
  });

  it('holds the public pages to the targets and leaves the app screens to their own figures', () => {
    expect(budgetOf('terms')).toEqual({ first: 60 * 1024, total: 150 * 1024 });
    expect(budgetOf('team/jordi-puig')?.first).toBe(60 * 1024);
    expect(budgetOf('home')).toEqual({ first: 60 * 1024, total: 150 * 1024 });
    expect(budgetOf('login')).toEqual({ first: 60 * 1024, total: 195 * 1024 });
    expect(budgetOf('stage-designer')).toBeUndefined();
  });
});
