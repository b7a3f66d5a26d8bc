import { expect, test as base } from '@playwright/test';
import type { Page } from '@playwright/test';

/**
 * Waits until the app has replaced the drawn page: the test build marks `<html>` with
 * `data-app="started"` when its first screen commits (web/src/main.tsx). Until then the page
 * is the drawing the HTML brings, whose controls are inert: a focus taken or a key pressed there
 * is lost when the app replaces it.
 */
export async function appStarted(page: Page, timeout?: number): Promise<void> {
  // A light page (`data-start="intent"` on `<html>`, web/build/starter-source.ts) starts its app
  // only once the visitor acts on it: here the test acts, with the scroll a reading visitor makes.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const root = document.documentElement;
          if (root.dataset.start === 'intent' && root.dataset.app !== 'started') dispatchEvent(new Event('scroll'));
          return root.dataset.app ?? null;
        }),
      timeout === undefined ? {} : { timeout },
    )
    .toBe('started');
}

/**
 * The browser tests' `test`: its page's `goto` and `reload`, called without `waitUntil`, return
 * once the page has loaded and the app has started, so a test acts on the app and never on the
 * drawing. A test that looks at the drawing itself names the moment it wants (`waitUntil`).
 */
/**
 * Holds back the page's requests to `url` until the function it gives back is called: a test
 * makes its step happen before them, whatever the machine's speed.
 */
export async function holdBack(page: Page, url: RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil === undefined) await appStarted(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (options?.waitUntil === undefined) await appStarted(page);
      return response;
    };
    await use(page);
  },
});

export { expect };
