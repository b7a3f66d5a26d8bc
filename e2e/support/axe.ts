import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/**
 * axe-core's WCAG rules that it still calls experimental and leaves out unless asked: among
 * them label-content-name-mismatch (a control's accessible name must contain its visible
 * text, as the ES/CA/EN buttons must).
 */
const EXPERIMENTAL_WCAG_RULES = [
  'label-content-name-mismatch',
  'p-as-heading',
  'table-fake-caption',
  'td-has-header',
  'css-orientation-lock',
] as const;

/**
 * Every default rule plus the experimental WCAG ones. Only the violations are reported in full:
 * axe still runs every rule, but does not gather every node that passed (on the calendar, 400 KB
 * of results a test never reads and the runner had to copy out of the page).
 */
const OPTIONS: RunOptions = {
  rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])),
  resultTypes: ['violations'],
};

/** axe-core as it ships, read once per test worker. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page itself, put there once per document: a test that checks a screen,
 * opens a dialog and checks again compiles axe once. (Playwright's AxeBuilder puts axe into the
 * page on every run and gathers its results in a blank page of its own: together about 1.5 s of
 * processor a check on these machines, for pages that have no frames to gather from.)
 */
async function runAxe(page: Page): Promise<AxeResults> {
  type WithAxe = { axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> } };
  if (!(await page.evaluate(() => (window as WithAxe).axe !== undefined))) await page.evaluate(AXE_SOURCE);
  return page.evaluate((options) => (window as WithAxe).axe!.run(document, options), OPTIONS);
}

/**
 * Waits until the page's finite CSS transitions and animations have ended (a spinner's endless
 * one is left alone). axe reads colours as they are painted: a button caught halfway through its
 * colour transition after a click (#1371fd on the way to #0d6efd) measured 4.36:1 and failed a
 * contrast its finished colours pass.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** axe's violations on the page, one line per rule with each node and axe's reason. */
export async function axeViolations(page: Page): Promise<string[]> {
  await transitionsEnded(page);
  const results = await runAxe(page);
  return results.violations.map((violation) => {
    const nodes = violation.nodes
      .map((node) => `${node.target.join(' ')} (${(node.any[0] ?? node.all[0] ?? node.none[0])?.message ?? ''})`)
      .join(' | ');
    return `${violation.id}: ${nodes}`;
  });
}
