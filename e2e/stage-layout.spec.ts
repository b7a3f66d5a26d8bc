import { expect, test } from './support/test.ts';
import type { Browser, Locator, Page } from '@playwright/test';
import { createMember } from './support/fixtures.ts';
import { signInByApi } from './support/session.ts';

// The stage designer and the viewer on a phone (390 × 844, and held sideways) and on a laptop
// (1366 × 768): what the settings panel covers, what the save buttons say, what a disabled
// preview looks like, and that the viewer's titles and stage fit the screen.

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const LANDSCAPE = { width: 844, height: 390 };

async function openPage(browser: Browser, size: { width: number; height: number }, mobile: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: size, isMobile: mobile, hasTouch: mobile });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('ipsc-club.lang', 'en'));
  return page;
}

const canvasHost = (page: Page) => page.getByTestId('designer-canvas');
const panel = (page: Page) => page.getByRole('complementary', { name: 'Element settings' });

async function openDesigner(page: Page) {
  await page.goto('/stage-designer');
  await expect(canvasHost(page).locator('canvas').last()).toBeVisible();
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found as Box;
}

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

const apart = (a: Box, b: Box) =>
  a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;

/**
 * Keeps the element layer's pixels, to find later what a change drew. The layer redraws in an
 * animation frame after a change (Konva batches its draws): two frames are let pass first, so a
 * redraw still due from the last change (a deselection) is in the snapshot and not counted as
 * drawn by the next one; on a busy machine it was, and the measured box took in an old element.
 */
async function snapshotElements(page: Page) {
  await canvasHost(page).evaluate(async (host) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const canvas = Array.from(host.querySelectorAll('canvas')).at(-1)!;
    const context = canvas.getContext('2d');
    (window as unknown as { __elements?: Uint8ClampedArray }).__elements = context?.getImageData(0, 0, canvas.width, canvas.height).data;
  });
}

/** The page box of the pixels of the element layer that changed since the snapshot. */
async function drawnSinceSnapshot(page: Page): Promise<Box | null> {
  return canvasHost(page).evaluate((host) => {
    const canvas = Array.from(host.querySelectorAll('canvas')).at(-1)!;
    const context = canvas.getContext('2d');
    const before = (window as unknown as { __elements?: Uint8ClampedArray }).__elements;
    if (!context || !before) return null;
    const now = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let left = Infinity;
    let top = Infinity;
    let right = -Infinity;
    let bottom = -Infinity;
    for (let y = 0; y < canvas.height; y += 1) {
      for (let x = 0; x < canvas.width; x += 1) {
        const index = (y * canvas.width + x) * 4 + 3;
        if (now[index] !== before[index]) {
          left = Math.min(left, x);
          right = Math.max(right, x);
          top = Math.min(top, y);
          bottom = Math.max(bottom, y);
        }
      }
    }
    if (right < left) return null;
    const rect = canvas.getBoundingClientRect();
    const ratio = canvas.width / rect.width;
    return {
      x: rect.left + left / ratio,
      y: rect.top + top / ratio,
      width: (right - left + 1) / ratio,
      height: (bottom - top + 1) / ratio,
    };
  });
}

/** Adds an element from the gallery and answers the box it was drawn in. */
async function addAndMeasure(page: Page, index: number, options: { scrollFirst?: boolean } = {}): Promise<Box> {
  await page.keyboard.press('Escape');
  await expect(canvasHost(page)).toHaveAttribute('data-selected-id', '');
  await snapshotElements(page);
  const before = JSON.parse((await canvasHost(page).getAttribute('data-stage')) ?? '{}') as { elements: unknown[] };
  const gallery = page.locator('.gallery-item').nth(index);
  // A click that does not scroll the page first, as a finger on an already visible button.
  if (options.scrollFirst) await gallery.dispatchEvent('click');
  else await gallery.click();
  await expect
    .poll(async () => ((JSON.parse((await canvasHost(page).getAttribute('data-stage')) ?? '{}') as { elements: unknown[] }).elements.length))
    .toBe(before.elements.length + 1);
  await expect.poll(() => drawnSinceSnapshot(page)).not.toBeNull();
  return (await drawnSinceSnapshot(page)) as Box;
}

test.describe('the designer on a laptop', () => {
  test('new elements are placed in the visible part of the stage, never under the settings panel', async ({ browser }) => {
    const page = await openPage(browser, LAPTOP, false);
    await openDesigner(page);
    await expect(panel(page)).toBeVisible();
    for (const kind of [1, 2, 3, 0]) {
      const drawn = await addAndMeasure(page, kind);
      const stage = await box(canvasHost(page));
      const settings = await box(panel(page));
      expect(inside(drawn, stage), `element ${kind} lies on the stage`).toBe(true);
      expect(apart(drawn, settings), `element ${kind} is not under the panel`).toBe(true);
    }
    // Docked on the left, the panel pushes new elements to the right.
    await panel(page).getByRole('button', { name: 'Dock top left' }).click();
    const drawn = await addAndMeasure(page, 4);
    expect(apart(drawn, await box(panel(page)))).toBe(true);
    expect(inside(drawn, await box(canvasHost(page)))).toBe(true);
    await page.context().close();
  });

  test('a preview that cannot play looks switched off, and lights up when it can', async ({ browser }) => {
    const page = await openPage(browser, LAPTOP, false);
    await openDesigner(page);
    await page.getByRole('button', { name: 'Add Full shootable target' }).click();
    const play = panel(page).getByRole('button', { name: 'Play the animation' });
    await expect(play).toBeDisabled();
    const colour = async () =>
      play.evaluate((button) => {
        const [r, g, b] = (getComputedStyle(button).backgroundColor.match(/\d+/g) ?? []).map(Number);
        return { r, g, b, opacity: Number(getComputedStyle(button).opacity) };
      });
    const off = await colour();
    // Grey: no channel stands out, and it is not a faded green.
    expect(Math.max(off.r, off.g, off.b) - Math.min(off.r, off.g, off.b)).toBeLessThan(24);
    expect(off.opacity).toBe(1);
    await panel(page).getByLabel('Animation', { exact: true }).selectOption({ label: 'Swinger' });
    await expect(play).toBeEnabled();
    // Read once the button's colour transition has run: green stands out.
    await expect.poll(async () => {
      const on = await colour();
      return on.g - on.r;
    }).toBeGreaterThan(40);
    await page.context().close();
  });

  test('the save buttons say where they save, and saving to the account needs a labelled name', async ({ browser }) => {
    const page = await openPage(browser, LAPTOP, false);
    const member = await createMember();
    await signInByApi(page, member);
    await openDesigner(page);
    const device = page.getByRole('button', { name: 'Save on this device' });
    const account = page.getByRole('button', { name: 'Save to your account' });
    await expect(device).toBeVisible();
    await expect(device).toHaveText('Save on this device');
    await expect(account).toHaveText('Save to your account');
    await account.click();
    const dialog = page.getByRole('dialog', { name: 'Your stages in your account (club server)' });
    const name = dialog.getByLabel('Stage name');
    await expect(name).toBeVisible();
    await name.fill('   ');
    await dialog.getByRole('button', { name: 'Save to your account' }).click();
    await expect(dialog.getByText('Give the stage a name.')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await page.context().close();
  });
});

test.describe('the designer on a phone', () => {
  test('the settings sheet sits below the stage, new elements are in view, and it collapses to a bar', async ({ browser }) => {
    const page = await openPage(browser, PHONE, true);
    await openDesigner(page);
    for (const kind of [1, 2, 0]) {
      const drawn = await addAndMeasure(page, kind);
      const stage = await box(canvasHost(page));
      const sheet = await box(panel(page));
      expect(inside(drawn, stage)).toBe(true);
      expect(apart(drawn, sheet)).toBe(true);
      // Between the site header and the bottom of the screen.
      expect(drawn.y).toBeGreaterThanOrEqual(64);
      expect(drawn.y + drawn.height).toBeLessThanOrEqual(PHONE.height);
    }
    const sheetBox = await box(panel(page));
    expect(Math.round(sheetBox.y + sheetBox.height)).toBeLessThanOrEqual(PHONE.height);
    const toggle = panel(page).getByRole('button', { name: /Element settings/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(panel(page).getByLabel('Element type')).toBeHidden();
    const bar = await box(panel(page));
    expect(bar.height).toBeLessThan(60);
    // The bar stays at the foot of the screen.
    expect(Math.abs(bar.y + bar.height - PHONE.height)).toBeLessThan(2);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.context().close();
  });

  test('selecting an element with the page scrolled brings the stage back into view', async ({ browser }) => {
    const page = await openPage(browser, PHONE, true);
    await openDesigner(page);
    await page.evaluate(() => window.scrollTo(0, 260));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    const drawn = await addAndMeasure(page, 1, { scrollFirst: true });
    const sheet = await box(panel(page));
    expect(drawn.y).toBeGreaterThanOrEqual(64);
    expect(drawn.y + drawn.height).toBeLessThanOrEqual(sheet.y);
    await page.context().close();
  });

  test('the save buttons keep their words on a phone', async ({ browser }) => {
    const page = await openPage(browser, PHONE, true);
    await openDesigner(page);
    for (const label of ['Save on this device', 'Save to your account']) {
      const button = page.getByRole('button', { name: label });
      await expect(button).toHaveText(label);
      const found = await box(button);
      expect(found.x).toBeGreaterThanOrEqual(0);
      expect(found.x + found.width).toBeLessThanOrEqual(PHONE.width);
    }
    await page.context().close();
  });
});

test.describe('the viewer on a phone', () => {
  const LONG_NAME = 'Plate rack and swinger practice for the Saturday group, long version';

  async function storeNamedStage(page: Page) {
    await openDesigner(page);
    await page.getByRole('button', { name: 'Add Popper' }).click();
    await page.getByRole('button', { name: 'Save on this device' }).click();
    await page.evaluate((name) => {
      const stored = JSON.parse(localStorage.getItem('ipsc-club.custom-stage') ?? '{}') as { name: string };
      localStorage.setItem('ipsc-club.custom-stage', JSON.stringify({ ...stored, name }));
    }, LONG_NAME);
  }

  test("the title and the stage's name fit at 390 px, the full name on hover", async ({ browser }) => {
    const page = await openPage(browser, PHONE, true);
    await storeNamedStage(page);
    await page.goto('/dry-training');
    await expect(page.getByTestId('viewer-canvas').locator('canvas').first()).toBeVisible();
    const title = page.getByRole('heading', { level: 1, name: 'Dry training' });
    await expect(title).toBeVisible();
    const fits = await title.evaluate((heading) => heading.scrollWidth <= heading.clientWidth + 1);
    expect(fits).toBe(true);
    const titleBox = await box(title);
    expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(PHONE.width);
    const name = page.locator('.viewer-stage-name');
    await expect(name).toBeVisible();
    await expect(name).toHaveAttribute('title', LONG_NAME);
    await expect(name).toContainText('Plate rack');
    const nameBox = await box(name);
    expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(PHONE.width);
    const canvas = await box(page.getByTestId('viewer-canvas'));
    expect(canvas.y + canvas.height).toBeLessThanOrEqual(PHONE.height + 0.5);
    await page.context().close();
  });

  test('held sideways, the whole stage is on the screen', async ({ browser }) => {
    const page = await openPage(browser, LANDSCAPE, true);
    await storeNamedStage(page);
    await page.goto('/dry-training');
    await expect(page.getByTestId('viewer-canvas').locator('canvas').first()).toBeVisible();
    const canvas = await box(page.getByTestId('viewer-canvas'));
    expect(canvas.height).toBeGreaterThan(150);
    expect(canvas.y).toBeGreaterThanOrEqual(64);
    expect(canvas.y + canvas.height).toBeLessThanOrEqual(LANDSCAPE.height + 0.5);
    expect(canvas.x + canvas.width).toBeLessThanOrEqual(LANDSCAPE.width + 0.5);
    await page.context().close();
  });
});
