import { expect, test } from './support/test.ts';
import type { Browser, Locator, Page } from '@playwright/test';
import { createMember } from './support/fixtures.ts';
import { signInByApi } from './support/session.ts';

// The stage designer and the dry-training viewer against the built site. State is read from
// what the screens expose for tests (the designer's stage in wire format on its canvas host,
// the viewer's engine state) and from the canvas pixels themselves.

interface WireElement {
  id: string;
  type: number;
  ipscTagetType?: number;
  positionX: number;
  positionY: number;
  scale: number;
  visibeTime: number;
  animationType: number;
  randomPosition: boolean;
  randomScale: boolean;
  visibleTimeType: number;
}
interface WireStage {
  id: string;
  name: string;
  elements: WireElement[];
}

const KINDS = [
  ['popper', 3, undefined],
  ['full-shootable', 1, 1],
  ['full-no-shoot', 1, 2],
  ['half-no-shoot-left', 1, 3],
  ['half-no-shoot-right', 1, 4],
  ['half-no-shoot-top', 1, 5],
  ['half-no-shoot-bottom', 1, 6],
  ['full-hardcover', 1, 7],
  ['half-hardcover-left', 1, 8],
  ['half-hardcover-right', 1, 9],
  ['half-hardcover-top', 1, 10],
  ['half-hardcover-bottom', 1, 11],
] as const;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ipsc-club.lang', 'en'));
});

const canvasHost = (page: Page) => page.getByTestId('designer-canvas');

async function designerStage(page: Page): Promise<WireStage> {
  return JSON.parse((await canvasHost(page).getAttribute('data-stage')) ?? '{}') as WireStage;
}

async function onlyElement(page: Page): Promise<WireElement> {
  const stage = await designerStage(page);
  expect(stage.elements).toHaveLength(1);
  return stage.elements[0];
}

async function openDesigner(page: Page, path = '/stage-designer') {
  await page.goto(path);
  await expect(canvasHost(page).locator('canvas').first()).toBeVisible();
}

/**
 * RGBA of a CSS pixel of the element layer (Konva's last canvas: the viewer over an image has no
 * layer under it), or the sum of its opaque pixels.
 */
async function elementPixel(host: Locator, x: number, y: number): Promise<number[]> {
  return host.evaluate(
    (element, [px, py]) => {
      const canvas = Array.from(element.querySelectorAll('canvas')).at(-1)!;
      const ratio = canvas.width / canvas.clientWidth;
      const context = canvas.getContext('2d');
      if (!context) return [];
      return Array.from(context.getImageData(Math.round(px * ratio), Math.round(py * ratio), 1, 1).data);
    },
    [x, y],
  );
}

async function opaquePixels(host: Locator): Promise<number> {
  return host.evaluate((element) => {
    const canvas = Array.from(element.querySelectorAll('canvas')).at(-1)!;
    const context = canvas.getContext('2d');
    if (!context) return -1;
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let count = 0;
    for (let index = 3; index < data.length; index += 4) if (data[index] > 0) count += 1;
    return count;
  });
}

/** A cheap fingerprint of the element layer's pixels, to see that a frame changed. */
async function layerHash(host: Locator): Promise<number> {
  return host.evaluate((element) => {
    const canvas = Array.from(element.querySelectorAll('canvas')).at(-1)!;
    const context = canvas.getContext('2d');
    if (!context) return -1;
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let hash = 0;
    for (let i = 0; i < data.length; i += 16) hash = (hash * 31 + data[i] + data[i + 3]) | 0;
    return hash;
  });
}

/** Canvas CSS pixel of a stage position (DECISIONS: centre 0,0; ±5000 at the edges; letterboxed 1280×720). */
async function canvasPointOf(host: Locator, positionX: number, positionY: number) {
  const box = await host.boundingBox();
  if (!box) throw new Error('no canvas');
  const scale = Math.min(box.width / 1280, box.height / 720);
  const offsetX = (box.width - 1280 * scale) / 2;
  const offsetY = (box.height - 720 * scale) / 2;
  return {
    x: offsetX + (positionX / 10000 + 0.5) * 1280 * scale,
    y: offsetY + (positionY / 10000 + 0.5) * 720 * scale,
    pageX: box.x + offsetX + (positionX / 10000 + 0.5) * 1280 * scale,
    pageY: box.y + offsetY + (positionY / 10000 + 0.5) * 720 * scale,
    unitsPerPixelX: 10000 / (1280 * scale),
    unitsPerPixelY: 10000 / (720 * scale),
  };
}

const panel = (page: Page) => page.getByRole('complementary', { name: 'Element settings' });

test.describe('stage designer', () => {
  test('adds each of the eleven targets and the popper from the gallery, drawn on the canvas', async ({ page }) => {
    await openDesigner(page);
    await expect(page.getByText('Add a target or popper from the bar above.')).toBeVisible();
    // Nothing selected: every setting and every step ("add") button is disabled; delete-all too.
    await expect(panel(page).getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
    await expect(panel(page).getByLabel('Element type')).toBeDisabled();
    await expect(panel(page).getByLabel('Animation', { exact: true })).toBeDisabled();
    await expect(panel(page).getByRole('button', { name: 'Play the animation' })).toBeDisabled();
    await expect(panel(page).getByRole('button', { name: 'Position X +200' })).toBeDisabled();
    await expect(panel(page).getByRole('button', { name: 'Scale +1' })).toBeDisabled();
    await expect(panel(page).getByRole('switch', { name: /Random position/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Delete all elements' })).toBeDisabled();
    const host = canvasHost(page);
    expect(await opaquePixels(host)).toBe(0);
    // The letterbox, the stage's rectangle, its grid and guides are boxes the browser draws under
    // the one canvas (the elements'), the rectangle on the stage's letterboxed place.
    await expect(host.locator('canvas')).toHaveCount(1);
    const drawnStage = await host.evaluate((element) =>
      (element.firstElementChild?.firstElementChild as HTMLElement | null)?.getBoundingClientRect().toJSON() as DOMRect | undefined,
    );
    const topLeft = await canvasPointOf(host, -5000, -5000);
    const bottomRight = await canvasPointOf(host, 5000, 5000);
    expect(Math.abs((drawnStage?.x ?? -1) - topLeft.pageX)).toBeLessThan(1);
    expect(Math.abs((drawnStage?.y ?? -1) - topLeft.pageY)).toBeLessThan(1);
    expect(Math.abs((drawnStage?.right ?? -1) - bottomRight.pageX)).toBeLessThan(1);
    expect(Math.abs((drawnStage?.bottom ?? -1) - bottomRight.pageY)).toBeLessThan(1);

    for (const [index, [kind, type, target]] of KINDS.entries()) {
      await page.getByRole('group', { name: 'Add an element' }).locator(`button[data-kind="${kind}"]`).click();
      // The drawing's stage follows the click once the designer has drawn it again.
      await expect.poll(async () => (await designerStage(page)).elements.length).toBe(index + 1);
      const stage = await designerStage(page);
      const added = stage.elements[stage.elements.length - 1];
      expect(added.type).toBe(type);
      expect(added.ipscTagetType).toBe(target);
      // The new element is selected, so the panel speaks about it.
      await expect(host).toHaveAttribute('data-selected-id', added.id);
    }
    expect((await designerStage(page)).elements).toHaveLength(12);
    expect(await opaquePixels(host)).toBeGreaterThan(10_000);
    // Each gallery button has an accessible name.
    await expect(page.getByRole('button', { name: 'Add Half hardcover, bottom' })).toBeVisible();
  });

  test('selecting an element and changing every setting changes the stage and the drawing', async ({ page }) => {
    await openDesigner(page);
    const host = canvasHost(page);
    await page.getByRole('button', { name: 'Add Full shootable target' }).click();
    const { id } = await onlyElement(page);
    const centre = await canvasPointOf(host, 0, 0);
    // Cardboard brown at the centre of a shootable card.
    const brown = await elementPixel(host, centre.x, centre.y + 20);
    expect(brown[0]).toBeGreaterThan(150);
    expect(brown[2]).toBeLessThan(140);

    // Element type: re-renders as a black hardcover.
    const typeSelect = panel(page).getByLabel('Element type');
    await typeSelect.selectOption('full-hardcover');
    expect((await onlyElement(page)).ipscTagetType).toBe(7);
    await expect.poll(async () => (await elementPixel(host, centre.x, centre.y + 20))[0]).toBeLessThan(40);

    // Animation: only the card animations are offered; play and stop preview it.
    const animation = panel(page).getByLabel('Animation', { exact: true });
    await expect(animation.locator('option')).toHaveText(['None', 'Swinger', 'Door', 'Rise and fall']);
    const play = panel(page).getByRole('button', { name: 'Play the animation' });
    const stop = panel(page).getByRole('button', { name: 'Stop the animation' });
    await expect(play).toBeDisabled();
    await animation.selectOption({ label: 'Swinger' });
    expect((await onlyElement(page)).animationType).toBe(1);
    await expect(play).toBeEnabled();
    await expect(stop).toBeDisabled();
    const resting = await layerHash(host);
    await play.click();
    await expect(host).toHaveAttribute('data-playing-id', id);
    await expect(typeSelect).toBeDisabled();
    await expect(play).toBeDisabled();
    await expect.poll(() => layerHash(host)).not.toBe(resting);
    const moving = await layerHash(host);
    await expect.poll(() => layerHash(host)).not.toBe(moving);
    await stop.click();
    await expect(host).toHaveAttribute('data-playing-id', '');
    await expect(typeSelect).toBeEnabled();
    await expect.poll(() => layerHash(host)).toBe(resting);

    // A popper cannot swing: its animations are none and rise-fall, and the swinger is dropped.
    await typeSelect.selectOption('popper');
    await expect(animation.locator('option')).toHaveText(['None', 'Popper rise and fall']);
    expect(await onlyElement(page)).toMatchObject({ type: 3, animationType: 0 });
    await expect(play).toBeDisabled();
    await animation.selectOption({ label: 'Popper rise and fall' });
    expect((await onlyElement(page)).animationType).toBe(4);
    await typeSelect.selectOption('full-shootable');

    // Position X and Y: step buttons and typing (clamped and snapped to 10).
    const positionX = panel(page).getByRole('spinbutton', { name: 'Position X' });
    await panel(page).getByRole('button', { name: 'Position X +200' }).click();
    await panel(page).getByRole('button', { name: 'Position X −50' }).click();
    expect((await onlyElement(page)).positionX).toBe(150);
    await positionX.fill('1234');
    await positionX.press('Enter');
    expect((await onlyElement(page)).positionX).toBe(1230);
    await expect(positionX).toHaveValue('1230');
    await positionX.fill('9000');
    await positionX.press('Enter');
    expect((await onlyElement(page)).positionX).toBe(5000);
    await positionX.fill('0');
    await positionX.press('Enter');
    await panel(page).getByRole('button', { name: 'Position Y +50' }).click();
    await panel(page).getByRole('button', { name: 'Position Y −200' }).click();
    expect((await onlyElement(page)).positionY).toBe(-150);
    await panel(page).getByRole('button', { name: 'Position Y +200' }).click();
    await panel(page).getByRole('button', { name: 'Position Y −50' }).click();
    expect((await onlyElement(page)).positionY).toBe(0);

    // Scale: steps and clamping; the drawing grows with it.
    const before = await opaquePixels(host);
    await panel(page).getByRole('button', { name: 'Scale +0.3' }).click();
    await panel(page).getByRole('button', { name: 'Scale +1' }).click();
    expect((await onlyElement(page)).scale).toBe(2.3);
    await expect.poll(() => opaquePixels(host)).toBeGreaterThan(before * 2);
    await panel(page).getByRole('button', { name: 'Scale −1' }).click();
    await panel(page).getByRole('button', { name: 'Scale −0.3' }).click();
    expect((await onlyElement(page)).scale).toBe(1);
    const scale = panel(page).getByRole('spinbutton', { name: 'Scale' });
    await scale.fill('0.1');
    await scale.press('Enter');
    expect((await onlyElement(page)).scale).toBe(0.3);
    await scale.fill('1');
    await scale.press('Enter');

    // Random position: position inputs off, visible-time modes on; duration only with fixed time.
    const duration = panel(page).getByRole('spinbutton', { name: 'Duration (s)' });
    const fixed = panel(page).getByRole('radio', { name: 'Fixed time' });
    await expect(fixed).toBeDisabled();
    await expect(duration).toBeDisabled();
    await panel(page).getByText('Random position').click();
    expect((await onlyElement(page)).randomPosition).toBe(true);
    await expect(positionX).toBeDisabled();
    await expect(panel(page).getByRole('button', { name: 'Position Y +50' })).toBeDisabled();
    await expect(fixed).toBeEnabled();
    await panel(page).getByText('Fixed time').click();
    expect((await onlyElement(page)).visibleTimeType).toBe(2);
    await expect(duration).toBeEnabled();
    await panel(page).getByRole('button', { name: 'Duration (s) +1' }).click();
    await panel(page).getByRole('button', { name: 'Duration (s) +0.1' }).click();
    expect((await onlyElement(page)).visibeTime).toBe(4.1);
    await panel(page).getByRole('button', { name: 'Duration (s) −1' }).click();
    await panel(page).getByRole('button', { name: 'Duration (s) −0.1' }).click();
    expect((await onlyElement(page)).visibeTime).toBe(3);
    await duration.fill('12');
    await duration.press('Enter');
    expect((await onlyElement(page)).visibeTime).toBe(10);
    await panel(page).getByText('Random time').click();
    expect((await onlyElement(page)).visibleTimeType).toBe(3);
    await expect(duration).toBeDisabled();
    await panel(page).getByText('Always', { exact: true }).click();
    expect((await onlyElement(page)).visibleTimeType).toBe(1);

    // Random scale: the scale input and its steps are off.
    await panel(page).getByText('Random scale').click();
    expect((await onlyElement(page)).randomScale).toBe(true);
    await expect(scale).toBeDisabled();
    await expect(panel(page).getByRole('button', { name: 'Scale +1' })).toBeDisabled();

    // Undo and redo, by button and keyboard.
    await page.getByRole('button', { name: 'Undo' }).click();
    expect((await onlyElement(page)).randomScale).toBe(false);
    await page.getByRole('button', { name: 'Redo' }).click();
    expect((await onlyElement(page)).randomScale).toBe(true);
    await host.focus();
    await page.keyboard.press('Control+z');
    expect((await onlyElement(page)).randomScale).toBe(false);
    await page.keyboard.press('Control+Shift+z');
    expect((await onlyElement(page)).randomScale).toBe(true);

    // The panel docks in each corner.
    for (const corner of ['Dock bottom left', 'Dock bottom right', 'Dock top left', 'Dock top right']) {
      await panel(page).getByRole('button', { name: corner }).click();
      await expect(panel(page)).toHaveAttribute('data-position', corner.replace('Dock ', '').replace(' ', '-'));
    }
    // The chevron hides and shows the panel's body.
    await panel(page).getByRole('button', { name: 'Element settings' }).click();
    await expect(panel(page).getByLabel('Element type')).toBeHidden();
    await panel(page).getByRole('button', { name: 'Element settings' }).click();
    await expect(panel(page).getByLabel('Element type')).toBeVisible();
  });

  test('clicking, dragging, keyboard moves, deselecting and deleting with confirmation', async ({ page }) => {
    await openDesigner(page);
    const host = canvasHost(page);
    await page.getByRole('button', { name: 'Add Full no-shoot' }).click();
    const { id } = await onlyElement(page);
    await page.keyboard.press('Escape');
    await expect(host).toHaveAttribute('data-selected-id', '');
    await expect(panel(page).getByLabel('Element type')).toBeDisabled();

    // Click selects, a second click deselects, a click on the empty stage deselects.
    const centre = await canvasPointOf(host, 0, 0);
    await page.mouse.click(centre.pageX, centre.pageY + 30);
    await expect(host).toHaveAttribute('data-selected-id', id);
    await page.mouse.click(centre.pageX, centre.pageY + 30);
    await expect(host).toHaveAttribute('data-selected-id', '');
    await page.mouse.click(centre.pageX, centre.pageY + 30);
    await expect(host).toHaveAttribute('data-selected-id', id);
    const corner = await canvasPointOf(host, -4800, 4800);
    await page.mouse.click(corner.pageX, corner.pageY);
    await expect(host).toHaveAttribute('data-selected-id', '');

    // Drag moves it by the pointer's distance, snapped to 10.
    await page.mouse.move(centre.pageX, centre.pageY + 30);
    await page.mouse.down();
    await page.mouse.move(centre.pageX + 40, centre.pageY + 50, { steps: 5 });
    await page.mouse.move(centre.pageX + 80, centre.pageY + 70, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await onlyElement(page)).positionX).toBeGreaterThan(0);
    const dragged = await onlyElement(page);
    expect(Math.abs(dragged.positionX - 80 * centre.unitsPerPixelX)).toBeLessThan(30);
    expect(Math.abs(dragged.positionY - 40 * centre.unitsPerPixelY)).toBeLessThan(30);
    expect(dragged.positionX % 10).toBe(0);
    await expect(host).toHaveAttribute('data-selected-id', id);

    // Arrows move by 10, with Shift by 50.
    await host.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowUp');
    const nudged = await onlyElement(page);
    expect(nudged.positionX).toBe(dragged.positionX + 10);
    expect(nudged.positionY).toBe(dragged.positionY - 50);

    // Delete asks first; cancel keeps it, confirm removes it.
    await page.keyboard.press('Delete');
    const dialog = page.getByRole('dialog', { name: 'Delete element' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await designerStage(page)).elements).toHaveLength(1);
    await panel(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete element' }).getByRole('button', { name: 'Delete' }).click();
    expect((await designerStage(page)).elements).toHaveLength(0);
    await expect(host).toHaveAttribute('data-selected-id', '');

    // Delete all asks too.
    await page.getByRole('button', { name: 'Add Popper' }).click();
    await page.getByRole('button', { name: 'Add Full hardcover' }).click();
    await page.getByRole('button', { name: 'Delete all elements' }).click();
    const clear = page.getByRole('dialog', { name: 'Delete all' });
    await expect(clear).toContainText('Delete all 2 elements of the stage?');
    await clear.getByRole('button', { name: 'Delete all elements' }).click();
    expect((await designerStage(page)).elements).toHaveLength(0);
  });

  test('the top bar collapses behind its tab, and a stage exports and imports as a JSON file', async ({ page }, testInfo) => {
    await openDesigner(page);
    await page.getByRole('button', { name: 'Add Popper' }).click();
    await page.getByRole('button', { name: 'Hide the top bar' }).click();
    await expect(page.getByRole('button', { name: 'Add Popper' })).toBeHidden();
    await page.getByRole('button', { name: 'Show the top bar' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export the stage as a file' }).click();
    const file = testInfo.outputPath('stage.json');
    await (await download).saveAs(file);
    await page.getByRole('button', { name: 'Add Full shootable target' }).click();
    expect((await designerStage(page)).elements).toHaveLength(2);
    await page.getByLabel('Stage file (JSON)').setInputFiles(file);
    await expect(page.getByText('Stage imported with 1 element.')).toBeVisible();
    expect((await designerStage(page)).elements.map((element) => element.type)).toEqual([3]);
    await page.getByLabel('Stage file (JSON)').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"elements": 5}') });
    await expect(page.getByText('That file is not a valid stage.')).toBeVisible();
  });
});

test.describe('saving and viewing', () => {
  test('a saved stage survives a reload, and the viewer plays it, runs a drill and draws real size', async ({ page }) => {
    await openDesigner(page);
    await page.getByRole('button', { name: 'Add Full shootable target' }).click();
    await panel(page).getByLabel('Animation', { exact: true }).selectOption({ label: 'Swinger' });
    await page.getByRole('button', { name: 'Add Popper' }).click();
    await panel(page).getByLabel('Animation', { exact: true }).selectOption({ label: 'Popper rise and fall' });
    const designed = await designerStage(page);
    await page.getByRole('button', { name: 'Save on this device' }).click();
    await expect(page.getByText('The stage is saved in this browser')).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem('ipsc-club.custom-stage'));
    expect(JSON.parse(stored ?? '{}')).toEqual(designed);

    await page.reload();
    await expect(canvasHost(page).locator('canvas').first()).toBeVisible();
    expect(await designerStage(page)).toEqual(designed);

    await page.goto('/dry-training');
    const viewer = page.getByTestId('viewer-canvas');
    await expect(viewer.locator('canvas').first()).toBeVisible();
    await expect(page.getByText('Custom stage · 2 elements')).toBeVisible();
    const box = await viewer.boundingBox();
    const viewport = page.viewportSize();
    // SPEC §2: the canvas is 100vh − 118 px tall.
    expect(Math.round(box?.height ?? 0)).toBe((viewport?.height ?? 0) - 118);
    // The range picture is the box's CSS background, painted by the browser: the viewer has one
    // canvas (the elements), none the size of the screen for the picture.
    await expect(viewer.locator('canvas')).toHaveCount(1);
    const picture = await viewer.evaluate((element) => getComputedStyle(element).backgroundImage);
    expect(picture).toContain('/images/stage/indoor-range.svg');
    const pictureWidth = await page.evaluate(
      (url) =>
        new Promise<number>((resolve) => {
          const image = new Image();
          image.onload = () => resolve(image.naturalWidth);
          image.onerror = () => resolve(0);
          image.src = url;
        }),
      picture.replace(/^url\("?|"?\)$/g, ''),
    );
    expect(pictureWidth).toBeGreaterThan(0);
    await expect(viewer).toHaveAttribute('data-engine-state', '3');
    const still = await layerHash(viewer);
    await page.getByRole('button', { name: 'Play the stage' }).click();
    await expect(viewer).toHaveAttribute('data-engine-state', '1');
    await expect.poll(() => layerHash(viewer)).not.toBe(still);
    const frames = Number(await viewer.getAttribute('data-frames'));
    await expect.poll(async () => Number(await viewer.getAttribute('data-frames'))).toBeGreaterThan(frames + 20);
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(viewer).toHaveAttribute('data-engine-state', '2');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(viewer).toHaveAttribute('data-engine-state', '3');

    // A drill: two 4 s repetitions with no start delay, a par beep, then the end.
    await page.getByRole('button', { name: 'Drill', exact: true }).click();
    const drill = page.getByRole('dialog', { name: 'Drill player' });
    await drill.getByLabel('Repetitions', { exact: true }).fill('2');
    await drill.getByLabel('Repetition length (s)').fill('4');
    await drill.getByLabel('Start delay from (s)').fill('0');
    await drill.getByLabel('Start delay to (s)').fill('0');
    await drill.getByLabel('Rest between repetitions (s)').fill('1');
    await drill.getByText('Par-time beep').click();
    await drill.getByLabel('Par time (s)').fill('0.5');
    await drill.getByRole('button', { name: 'Start the drill' }).click();
    await expect(viewer).toHaveAttribute('data-engine-state', '1');
    await expect(page.getByRole('status').filter({ hasText: 'Repetition 2/2' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Drill finished' })).toBeVisible({ timeout: 20_000 });
    const settings = JSON.parse((await page.evaluate(() => localStorage.getItem('ipsc-club.drill-settings'))) ?? '{}');
    expect(settings).toMatchObject({ repetitions: 2, parTimeEnabled: true, parTimeSeconds: 0.5 });
    // A finished drill leaves the viewer stopped, ready to play afresh.
    await expect(viewer).toHaveAttribute('data-engine-state', '3');
    await expect(page.getByRole('button', { name: 'Play the stage' })).toBeEnabled();

    // Real size: a 2 m wide picture, 10 m simulated, viewer at 1 m: a target 5.8 cm tall on the wall.
    const atStageSize = await opaquePixels(viewer);
    await page.getByRole('button', { name: 'Real-size calibration' }).click();
    const calibration = page.getByRole('dialog', { name: 'Real size' });
    await calibration.getByLabel('Width of the projected picture').fill('2');
    await calibration.getByLabel('Distance to simulate').fill('10');
    await calibration.getByLabel('Your distance to the screen').fill('1');
    await expect(calibration.getByRole('status')).toContainText('5.8 cm');
    await calibration.getByRole('button', { name: 'Use real size' }).click();
    await expect(page.getByText('Real size · 10 m')).toBeVisible();
    await expect.poll(() => opaquePixels(viewer)).toBeLessThan(atStageSize / 4);
    await page.reload();
    await expect(page.getByText('Real size · 10 m')).toBeVisible();
  });
});

async function anonymousPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.addInitScript(() => localStorage.setItem('ipsc-club.lang', 'en'));
  return other;
}

test.describe('stages on the club server', () => {
  test('a member saves a stage on the server, reopens it, and a public one opens from its link elsewhere', async ({ page, browser }) => {
    const member = createMember();
    await signInByApi(page, member);
    await openDesigner(page);
    await page.getByRole('button', { name: 'Add Full shootable target' }).click();
    await page.getByRole('button', { name: 'Add Popper' }).click();
    await page.getByRole('button', { name: 'Save to your account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your stages in your account (club server)' });
    await expect(dialog.getByText('You have no stages on the server yet.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save to your account' }).click();
    await expect(dialog.getByText('Give the stage a name.')).toBeVisible();
    await dialog.getByLabel('Stage name').fill('Plate rack practice');
    await dialog.getByRole('button', { name: 'Save to your account' }).click();
    await expect(page.getByText('“Plate rack practice” is saved in your account on the club server.')).toBeVisible();
    await expect(page).toHaveURL(/\/stage-designer\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop() ?? '';
    await expect(dialog.getByText('Plate rack practice')).toBeVisible();
    await expect(dialog.getByText('Private', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy the share link of “Plate rack practice”' })).toBeDisabled();

    // Private: another browser hears it does not exist.
    const other = await anonymousPage(browser);
    await other.goto(`/dry-training/${id}`);
    await expect(other.getByText('That stage could not be opened')).toBeVisible();
    await expect(other.getByText('Custom stage · 0 elements')).toBeVisible();

    // Public: the share link opens it elsewhere.
    await dialog.getByText('Public: anyone with the link can open it').click();
    await dialog.getByRole('button', { name: 'Update in your account' }).click();
    await expect(dialog.getByText('Public', { exact: true })).toBeVisible();
    const link = dialog.getByRole('textbox', { name: 'Share link of “Plate rack practice”' });
    await expect(link).toHaveValue(new RegExp(`/dry-training/${id}$`));
    const shared = await link.inputValue();
    await other.goto(shared);
    await expect(other.getByText('Plate rack practice · 2 elements')).toBeVisible();
    const viewer = other.getByTestId('viewer-canvas');
    await expect(viewer.locator('canvas').first()).toBeVisible();
    expect(await opaquePixels(viewer)).toBeGreaterThan(1000);
    await other.context().close();

    // Reopening from the list loads it from the server.
    await page.goto('/stage-designer');
    await page.getByRole('button', { name: 'Save to your account' }).click();
    await page.getByRole('button', { name: 'Open “Plate rack practice” in the designer' }).click();
    await expect(page).toHaveURL(new RegExp(`/stage-designer/${id}$`));
    await expect.poll(async () => (await designerStage(page)).elements.map((element) => element.type)).toEqual([1, 3]);
    expect((await designerStage(page)).name).toBe('Plate rack practice');
  });

  test('an anonymous visitor is asked to sign in before saving on the server', async ({ page }) => {
    await openDesigner(page);
    await page.getByRole('button', { name: 'Save to your account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your stages in your account (club server)' });
    await expect(dialog).toContainText('Sign in to keep your stages on the club server');
    await expect(dialog.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
