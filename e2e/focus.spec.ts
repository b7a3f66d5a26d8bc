import { expect, test } from './support/test.ts';
import type { Page } from '@playwright/test';
import { openScreen, roleContext, settled } from './support/screens.ts';
import type { Role } from './support/screens.ts';

interface FocusRing {
  what: string;
  width: number;
  contrast: number;
  inGallery: boolean;
  inContactForm: boolean;
}

/**
 * What the focused element shows: its outline's width and the contrast (WCAG formula) of the
 * outline's colour against the background it is drawn on, the first painted background of the
 * element's ancestors (for a gradient, the worst of its colours). Null when nothing is focused.
 */
function readFocusRing(): FocusRing | null {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  const parse = (color: string): [number, number, number, number] | null => {
    const match = /rgba?\(([^)]+)\)/.exec(color);
    if (!match) return null;
    const parts = match[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
  };
  const luminance = ([r, g, b]: [number, number, number, number]) => {
    const channel = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const ratio = (a: [number, number, number, number], b: [number, number, number, number]) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const backgrounds: Array<[number, number, number, number]> = [];
  for (let node = element.parentElement; node && backgrounds.length === 0; node = node.parentElement) {
    const style = getComputedStyle(node);
    const color = parse(style.backgroundColor);
    if (color && color[3] > 0.5) backgrounds.push(color);
    else if (style.backgroundImage.includes('gradient')) {
      for (const stop of style.backgroundImage.match(/rgba?\([^)]+\)/g) ?? []) {
        const parsed = parse(stop);
        if (parsed) backgrounds.push(parsed);
      }
    }
  }
  if (backgrounds.length === 0) backgrounds.push([255, 255, 255, 1]);
  const style = getComputedStyle(element);
  const outline = parse(style.outlineColor);
  const width = style.outlineStyle === 'none' || !outline || outline[3] === 0 ? 0 : Number.parseFloat(style.outlineWidth);
  const label = (element.getAttribute('aria-label') ?? (element as HTMLElement).innerText ?? '').trim().slice(0, 40);
  return {
    what: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${label}"`,
    width,
    contrast: outline ? Math.min(...backgrounds.map((bg) => ratio(outline, bg))) : 0,
    inGallery: element.closest('#gallery') !== null,
    inContactForm: element.closest('#contact form') !== null,
  };
}

/**
 * Tabs through the page until the focus comes back round to the first element it reached (or
 * `limit` presses) and reads the ring of each element once. The looping gallery moves its slides
 * in the page as the focus goes through them (a focused slide is brought to the centre), so an
 * element already passed can come again before the order has come round: only the first
 * element's return says it has.
 */
async function tabThrough(page: Page, limit: number): Promise<FocusRing[]> {
  const rings: FocusRing[] = [];
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const seen = await page.evaluate((first) => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return 'none';
      if (first) element.dataset.tabFirst = 'true';
      else if (element.dataset.tabFirst === 'true') return 'round';
      const again = element.dataset.tabSeen === 'true';
      element.dataset.tabSeen = 'true';
      return again ? 'again' : 'new';
    }, rings.length === 0);
    if (seen === 'round') break;
    if (seen !== 'new') continue;
    const ring = await page.evaluate(readFocusRing);
    if (ring) rings.push(ring);
  }
  return rings;
}

const SCREENS: ReadonlyArray<{ role: Role; path: string; limit: number }> = [
  { role: 'visitor', path: '/', limit: 160 },
  { role: 'visitor', path: '/login', limit: 40 },
  { role: 'member', path: '/calendar', limit: 120 },
  { role: 'member', path: '/user-profile', limit: 80 },
  { role: 'staff', path: '/admin/events', limit: 120 },
  { role: 'member', path: '/stage-designer', limit: 120 },
];

test.describe('the keyboard focus is always visible', () => {
  for (const width of [1366, 390]) {
    test(`every focused element shows a ring of at least 3:1 at ${width} px`, async ({ browser }) => {
      test.setTimeout(240_000);
      const faint: string[] = [];
      for (const role of ['visitor', 'member', 'staff'] as const) {
        const context = await roleContext(browser, role, { width, height: 900, mobile: false });
        const page = await context.newPage();
        for (const screen of SCREENS.filter((s) => s.role === role)) {
          await openScreen(page, screen.path);
          if (screen.path === '/') {
            // A visitor's first Tab brings in the code of both sections that otherwise load on
            // approach: the gallery's carousel and the contact form, two chunks that arrive
            // separately. A person takes seconds to tab that far, this sweep a fraction of one,
            // so it lets both arrive before it goes on (without that first Tab's load neither
            // would). Waiting for the carousel alone left the form to chance: on a busy machine
            // the sweep passed the contact section while it still held the form's placeholder,
            // and came round without reaching a field.
            // The two sections then draw what they fetched (the gallery's photos, the form's
            // texts) and may redraw once more: a field focused while its section is redrawn is
            // taken away, the focus falls back to the page and the next Tab starts again from the
            // top. So the sweep also waits until nothing the Tab started is still in flight.
            await page.keyboard.press('Tab');
            await expect(page.locator('#gallery').getByRole('button').first()).toBeVisible();
            await expect(page.locator('#contact form').getByRole('textbox').first()).toBeVisible();
            await settled(page, '/ after the first Tab');
          }
          const rings = await tabThrough(page, screen.limit);
          expect(rings.length, `${screen.path} has focusable elements`).toBeGreaterThan(2);
          for (const ring of rings) {
            if (ring.width < 2 || ring.contrast < 3) faint.push(`${screen.path} ${ring.what}: ${ring.width}px at ${ring.contrast.toFixed(2)}:1`);
          }
          if (screen.path === '/' && width === 1366) {
            // Keyboard visitors reach the pictures and the contact form without scrolling first.
            expect(rings.some((ring) => ring.inGallery), 'tab reaches the gallery').toBe(true);
            expect(rings.some((ring) => ring.inContactForm), 'tab reaches the contact form').toBe(true);
          }
        }
        await context.close();
      }
      expect(faint, 'focused elements without a visible ring').toEqual([]);
    });
  }

  test('the language buttons are named by what they show', async ({ page }) => {
    await page.goto('/');
    for (const [code, name] of [['ES', 'Español'], ['CA', 'Catalán'], ['EN', 'Inglés']]) {
      const button = page.getByRole('banner').getByRole('button', { name: new RegExp(`^${code}\\b.*${name}`) });
      await expect(button).toHaveText(new RegExp(`^${code}`));
    }
  });
});

test('Tab goes through the gallery pictures in view and on to its controls, never round the loop', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  // The first Tab brings the carousel in (it loads on approach); then the focus starts on the
  // first picture in view.
  await page.keyboard.press('Tab');
  await expect(page.locator('#gallery button.gallery-open').first()).toBeVisible();
  await settled(page, '/ after the first Tab');
  await page.evaluate(() => {
    const track = document.querySelector('#gallery .swiper')!.getBoundingClientRect();
    const inView = Array.from(document.querySelectorAll<HTMLButtonElement>('#gallery button.gallery-open')).find((button) => {
      const box = button.getBoundingClientRect();
      return box.left >= track.left - 1 && box.right <= track.right + 1;
    });
    inView!.focus();
  });
  const passed: string[] = [];
  for (let press = 0; press < 12; press += 1) {
    const now = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const slide = element.closest('[data-gallery-id]');
      if (!slide) return { id: element.getAttribute('aria-label') ?? element.tagName, inView: true };
      const track = document.querySelector('#gallery .swiper')!.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return { id: slide.getAttribute('data-gallery-id')!, inView: box.left >= track.left - 1 && box.right <= track.right + 1 };
    });
    if (now.id === 'Imagen anterior') break;
    expect(now.inView, `${now.id} is in view when it has the focus`).toBe(true);
    expect(passed, `${now.id} comes once`).not.toContain(now.id);
    passed.push(now.id);
    await page.keyboard.press('Tab');
  }
  await expect(page.getByRole('button', { name: 'Imagen anterior' })).toBeFocused();
  expect(passed.length).toBeGreaterThan(1);
});
