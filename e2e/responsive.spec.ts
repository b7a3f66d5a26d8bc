import { expect, test } from './support/test.ts';
import type { Page } from '@playwright/test';
import { APP_SCREENS, openScreen, openScreenInApp, roleContext } from './support/screens.ts';
import type { Role } from './support/screens.ts';

/**
 * The narrowest phone in common use and a tablet held upright. A 390 px phone was swept too, but
 * no stylesheet changes its layout between 360 and 576 px (the first break, `sm`), so what fits
 * 360 fits it; the header test below still opens the site at 390.
 */
const WIDTHS = [360, 768] as const;
const ROLES: readonly Role[] = ['visitor', 'member', 'staff'];
/**
 * Open bug, listed so the rest of the sweep guards everything else: at 768 px (between the
 * phone cards and the desktop table) the members table stretches the page to ~1100 px instead
 * of scrolling in its region. The test fails once it fits, so this entry is removed with the fix.
 */
const KNOWN_TOO_WIDE = new Set<string>([]);

/**
 * Scrolls the page to its end by screenfuls (so content that appears on scroll is drawn) and
 * returns the widest the page and the layout viewport got on the way. With phone emulation a
 * page wider than the screen is zoomed out to fit, so `innerWidth` grows with it: both figures
 * must stay within the width asked for.
 */
async function widestWhileScrolling(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    let scrollWidth = 0;
    let innerWidth = 0;
    const measure = () => {
      scrollWidth = Math.max(scrollWidth, document.documentElement.scrollWidth, document.body.scrollWidth);
      innerWidth = Math.max(innerWidth, window.innerWidth);
    };
    measure();
    for (let y = 0; y < document.documentElement.scrollHeight; y += Math.max(200, window.innerHeight * 0.8)) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await frame();
      measure();
    }
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    await frame();
    measure();
    return { scrollWidth, innerWidth };
  });
}

test.describe('every screen fits the screen it is shown on', () => {
  for (const role of ROLES) {
    for (const width of WIDTHS) {
      test(`${role} at ${width} px`, async ({ browser }) => {
        test.setTimeout(180_000);
        const context = await roleContext(browser, role, { width });
        const page = await context.newPage();
        const tooWide: string[] = [];
        for (const [index, path] of APP_SCREENS.entries()) {
          await (index === 0 ? openScreen(page, path) : openScreenInApp(page, path));
          const widest = await widestWhileScrolling(page);
          const wide = widest.scrollWidth > width || widest.innerWidth > width;
          if (KNOWN_TOO_WIDE.has(`${path}@${width}`)) {
            if (!wide) tooWide.push(`${path} (asked ${width}) fits now: remove it from KNOWN_TOO_WIDE`);
          } else if (wide) {
            tooWide.push(`${path} (asked ${width}): scrollWidth ${widest.scrollWidth}, innerWidth ${widest.innerWidth}`);
          }
        }
        await context.close();
        expect(tooWide, 'screens wider than the device').toEqual([]);
      });
    }
  }

  test('after scrolling, the fixed header spans the phone and the open menu is opaque over the hero', async ({ browser }) => {
    const context = await roleContext(browser, 'visitor', { width: 390 });
    const page = await context.newPage();
    await openScreen(page, '/');
    await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    const box = await header.boundingBox();
    expect(box?.width).toBe(390);
    // The menu toggle is inside the screen, not cut off at its right edge.
    const toggle = page.getByRole('button', { name: /menú/i });
    const toggleBox = await toggle.boundingBox();
    expect((toggleBox?.x ?? 0) + (toggleBox?.width ?? 0)).toBeLessThanOrEqual(390);

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await toggle.click();
    await expect(page.locator('#main-navigation')).toBeVisible();
    // Whatever draws behind the open menu, its links sit on a fully opaque background (once the
    // header's colour transition has run).
    const alpha = () =>
      page.locator('#main-navigation').evaluate((element) => {
        for (let node: Element | null = element; node; node = node.parentElement) {
          const match = /rgba?\(([^)]+)\)/.exec(getComputedStyle(node).backgroundColor);
          const parts = match?.[1]?.split(',').map(Number) ?? [];
          const a = parts.length === 4 ? parts[3] : parts.length === 3 ? 1 : 0;
          if (a > 0) return a;
        }
        return 0;
      });
    await expect.poll(alpha).toBe(1);
    await context.close();
  });
});
