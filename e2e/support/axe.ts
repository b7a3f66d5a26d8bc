import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

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

/** An axe run over the page with every default rule plus the experimental WCAG ones. */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({
    rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])),
  });
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
  const results = await axeBuilder(page).analyze();
  return results.violations.map((violation) => {
    const nodes = violation.nodes
      .map((node) => `${node.target.join(' ')} (${(node.any[0] ?? node.all[0] ?? node.none[0])?.message ?? ''})`)
      .join(' | ');
    return `${violation.id}: ${nodes}`;
  });
}
