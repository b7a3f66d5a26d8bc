import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript budgets of the drawn public pages, in bytes of gzip (level 9, as the build
 * sends them): `first` is what runs before the page is interactive without the visitor doing
 * anything (the starter, plus everything it starts by itself), `total` what the page runs once the
 * app has started. The build stops when a page grows past its budget (decision 0044).
 */
export interface ScriptBudget {
  first: number;
  total: number;
}

const KB = 1024;

/** Budgets by page name (`pages/{name}.{lang}.html`); a team page is named `team/{slug}`. */
export function budgetOf(name: string): ScriptBudget | undefined {
  // Pages whose drawing is the whole page (home, each news item's and instructor's page, drawn
  // from the live content; decisions 0044, 0052): the starter alone until the visitor acts.
  if (name === 'home' || name === 'terms' || name === 'privacy' || name === 'news' || name.startsWith('team/'))
    return { first: 60 * KB, total: 150 * KB };
  // The sign-in and register forms, light too (decision 0054): once started, their form code and
  // the contract's schemas, not the calendar's.
  if (name === 'login' || name === 'register' || name === 'forgoten') return { first: 60 * KB, total: 195 * KB };
  // The visitor's calendar, drawn by the server with the month's events (decision 0073): light
  // too; once started, the calendar's screen with its dialogs and the schemas it reads.
  if (name === 'calendar') return { first: 60 * KB, total: 230 * KB };
  return undefined;
}

/** The scripts a drawn page runs: its starter's own file and what the starter imports. */
export interface PageScripts {
  name: string;
  /** Runs the app only once the visitor acts on the page. */
  light: boolean;
  starter: string;
  /** Every script the app's start runs or preloads, the entry included (paths under the output folder). */
  app: readonly string[];
}

export interface PageWeight {
  name: string;
  first: number;
  total: number;
  budget: ScriptBudget | undefined;
}

/** Bytes of gzip of one file of the output, read once. */
export function gzipSizes(outDir: string): (file: string) => number {
  const sizes = new Map<string, number>();
  return (file) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
}

/** What each page runs before it is interactive and in all, against its budget. */
export function pageWeight(page: PageScripts, sizeOf: (file: string) => number): PageWeight {
  const all = [...new Set([page.starter, ...page.app])];
  const total = all.reduce((sum, file) => sum + sizeOf(file), 0);
  const first = page.light ? sizeOf(page.starter) : total;
  return { name: page.name, first, total, budget: budgetOf(page.name) };
}

/** One line per page over its budget (none when every page fits). */
export function overBudget(weights: readonly PageWeight[]): string[] {
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  return weights.flatMap(({ name, first, total, budget }) => {
    if (!budget) return [];
    const lines: string[] = [];
    if (first > budget.first)
      lines.push(`${name}: ${kb(first)} gzip of JavaScript before it is interactive, budget ${kb(budget.first)}`);
    if (total > budget.total) lines.push(`${name}: ${kb(total)} gzip of JavaScript in all, budget ${kb(budget.total)}`);
    return lines;
  });
}
