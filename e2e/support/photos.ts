import type { Locator, Page } from '@playwright/test';

/**
 * Photographs the page (or one element of it) into `file`, for a person to look at after the run:
 * no test reads the picture. With E2E_PHOTOS=off it takes none: .ci/run sets that, as it sets
 * E2E_TRACE=off, since nobody sees a CI machine's files and its output is the log alone, and a
 * full-page photograph costs 0.3–2.8 s of processor. A test that compares or decodes a screenshot
 * takes it itself with `screenshot()`: that one is an assertion.
 */
export async function photograph(page: Page, file: string, options?: { fullPage?: boolean }): Promise<void>;
export async function photograph(element: Locator, file: string): Promise<void>;
export async function photograph(
  target: Page | Locator,
  file: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (process.env.E2E_PHOTOS === 'off') return;
  if ('goto' in target) await target.screenshot({ path: file, fullPage: options.fullPage });
  else await target.screenshot({ path: file });
}
