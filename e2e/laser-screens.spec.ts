import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { createViewport, stageToCanvas } from '../packages/stage-engine/src/coordinates.ts';
import type { StagePoint } from '../packages/stage-engine/src/coordinates.ts';
import { stageToWire } from '../packages/stage-engine/src/model.ts';
import { millimetresPerUnit } from '@club/laser/markers';
import { BODY_Y, CARD_UNITS_PER_MM_X, browserFilming, laserStage } from './support/laser-stage.ts';
import { DEFAULT_LOOK, PERSPECTIVES, scriptFor, writeDarkVideo, writeY4m } from './support/screen-video.ts';
import type { AppScreens, ClickedShot } from './support/screen-video.ts';

// The laser camera judged from outside: screenshots of the running app (site header and viewer
// bar on screen, or the app's full screen), with the calibration marks as the app draws them
// and its own hit markers after each shot, warped as a camera sees a screen from an angle,
// dimmed, blurred and noisy, with a weak laser dot where a member clicked first. The zones are
// the app's own click scoring of those places. Chromium plays the video as its fake camera: the
// app must report exactly the shots fired, in the same zones, within 5 mm.

/** Places the member shoots at, meant as A, C, D, a miss and the no-shoot; the app says what they are. */
const PLACES: readonly StagePoint[] = [
  { positionX: -3000, positionY: BODY_Y },
  { positionX: -3000 + 120 * CARD_UNITS_PER_MM_X, positionY: BODY_Y },
  { positionX: -3000 + 200 * CARD_UNITS_PER_MM_X, positionY: BODY_Y },
  { positionX: -1500, positionY: -3300 },
  { positionX: 2200, positionY: 700 },
];

interface Setting {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly fullscreen: boolean;
  readonly perspective: keyof typeof PERSPECTIVES;
}

const SETTINGS: readonly Setting[] = [
  { name: '1280-window', width: 1280, height: 720, fullscreen: false, perspective: 'below-left' },
  { name: '1280-full', width: 1280, height: 720, fullscreen: true, perspective: 'steep-left' },
  { name: '1920-window', width: 1920, height: 1080, fullscreen: false, perspective: 'above-right' },
  { name: '1920-full', width: 1920, height: 1080, fullscreen: true, perspective: 'small-turned' },
];

/** Where the bench finds the screenshots this test took (npm run bench -- laser). */
const KEEP = path.join(import.meta.dirname, '..', 'bench', 'results', 'laser-screens');

async function openPlayer(page: Page, setting: Setting) {
  await page.addInitScript(
    (wire) => {
      localStorage.setItem('ipsc-club.lang', 'en');
      localStorage.setItem('ipsc-club.custom-stage', wire);
    },
    JSON.stringify(stageToWire(laserStage())),
  );
  await page.goto('/dry-training');
  await expect(page.getByTestId('viewer-canvas').locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  if (setting.fullscreen) {
    await page.getByRole('button', { name: 'Full screen' }).click();
    await page.waitForFunction(() => document.fullscreenElement !== null);
  }
  await page.getByRole('button', { name: 'Shot timer and scoring' }).click();
  // The panel opens in view, and so does the whole stage.
  await expect(page.getByRole('region', { name: 'Shot timer and score' })).toBeInViewport();
  await expect(page.getByTestId('viewer-canvas')).toBeInViewport({ ratio: 1 });
}

const shotsOf = (page: Page) =>
  page
    .getByTestId('shot-list')
    .locator('li')
    .evaluateAll((items) =>
      items.map((item) => {
        const [x, y] = (item.getAttribute('data-position') ?? '0,0').split(',').map(Number);
        return { zone: item.getAttribute('data-zone') ?? '', x: x!, y: y! };
      }),
    );

/** The app as the member sees it: the marks, then the stage before and after each clicked shot. */
async function captureScreens(baseURL: string, setting: Setting, blank: string): Promise<AppScreens> {
  const browser = await browserFilming(blank);
  try {
    const context = await browser.newContext({
      baseURL,
      permissions: ['camera'],
      viewport: { width: setting.width, height: setting.height },
    });
    const page = await context.newPage();
    await openPlayer(page, setting);
    await page.getByRole('button', { name: 'Laser camera' }).click();
    await page.getByRole('button', { name: 'Switch the camera on' }).click();
    await expect(page.getByTestId('calibration-marks')).toBeVisible();
    // The marks are not half under the site's header.
    await expect(page.getByTestId('calibration-marks')).toBeInViewport({ ratio: 1 });
    const marks = await page.screenshot();
    await page.getByRole('button', { name: 'Switch the camera off' }).click();
    await page.getByRole('button', { name: 'Click to shoot' }).click();
    const catcher = page.getByRole('button', { name: 'Stage: click or tap where you aim to take a shot' });
    const box = (await catcher.boundingBox())!;
    const stage = laserStage();
    const viewport = createViewport(box.width, box.height, stage.designWidth, stage.designHeight);
    const steps = [await page.screenshot()];
    const shots: ClickedShot[] = [];
    for (const [index, place] of PLACES.entries()) {
      const at = stageToCanvas(viewport, place);
      await page.mouse.click(box.x + at.x, box.y + at.y);
      await expect(page.locator('.hit-overlay .hit')).toHaveCount(index + 1);
      const scored = (await shotsOf(page))[index]!;
      shots.push({ pageX: box.x + at.x, pageY: box.y + at.y, zone: scored.zone, position: { x: scored.x, y: scored.y } });
      steps.push(await page.screenshot());
    }
    const screens = { width: setting.width, height: setting.height, marks, steps, shots };
    const keep = path.join(KEEP, setting.name);
    mkdirSync(keep, { recursive: true });
    writeFileSync(path.join(keep, 'marks.png'), marks);
    steps.forEach((step, index) => writeFileSync(path.join(keep, `step-${index}.png`), step));
    writeFileSync(path.join(keep, 'shots.json'), JSON.stringify({ width: setting.width, height: setting.height, shots }, null, 2));
    return screens;
  } finally {
    await browser.close();
  }
}

test.describe('laser camera on screenshots of the app @camera', () => {
  let dir = '';
  let blank = '';
  test.beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'club-laser-screens-'));
    // A dark video for the runs that only need the camera open.
    blank = path.join(dir, 'blank.y4m');
    writeDarkVideo(blank);
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const setting of SETTINGS) {
    test(`${setting.name}, seen ${setting.perspective}: exactly the shots fired, in their zones, within 5 mm`, async ({
      baseURL,
    }) => {
      // Two browsers, a video made in Node and a camera worker on a machine that may be shared: generous.
      test.setTimeout(600_000);
      const screens = await captureScreens(baseURL!, setting, blank);
      // The places are meant to be A, C, D, a miss and the no-shoot: the app's click scoring says so.
      expect(screens.shots.map((shot) => shot.zone)).toEqual(['A', 'C', 'D', 'M', 'NS']);
      const look = { ...DEFAULT_LOOK, corners: PERSPECTIVES[setting.perspective]! };
      const script = await scriptFor(screens, look);
      const video = path.join(dir, `${setting.name}.y4m`);
      writeY4m(video, script, look.noise);
      const browser = await browserFilming(video);
      try {
        const context = await browser.newContext({
          baseURL,
          permissions: ['camera'],
          viewport: { width: setting.width, height: setting.height },
        });
        const page = await context.newPage();
        await openPlayer(page, setting);
        await page.getByRole('button', { name: 'Laser camera' }).click();
        await page.evaluate(() => {
          const times: Record<string, number> = {};
          Object.assign(window, { statusTimes: times });
          new MutationObserver(() => {
            const status = document.querySelector('[data-testid="camera-status"]')?.getAttribute('data-status');
            if (status && !(status in times)) times[status] = performance.now();
          }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
        });
        await page.getByRole('button', { name: 'Switch the camera on' }).click();
        const status = page.getByTestId('camera-status');
        await expect(status).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
        const times = await page.evaluate(() => (window as unknown as { statusTimes: Record<string, number> }).statusTimes);
        const calibrationMs = times.ready! - times.calibrating!;
        const maxErrorMm = Number(await status.getAttribute('data-max-error-mm'));
        console.log(`${setting.name}: calibrated in ${Math.round(calibrationMs)} ms, worst error ${maxErrorMm} mm`);
        expect(maxErrorMm).toBeLessThanOrEqual(4.5);
        // The time is printed, not asserted (a busy machine's, not the app's): `npm run bench -- laser`
        // gives the calibration's own work per picture.
        const shots = page.getByTestId('shot-list').locator('li');
        await expect(shots)
          .toHaveCount(PLACES.length, { timeout: 40_000 })
          .catch(async (error: unknown) => {
            // Which shot went missing, and whether the worker kept up with the camera.
            console.log(
              `${setting.name}: detector fps, shots found, shots clicked`,
              await page.getByTestId('analysed-fps').textContent(),
              JSON.stringify(await shotsOf(page)),
              JSON.stringify(screens.shots.map((shot) => [shot.zone, shot.position])),
            );
            throw error;
          });
        // The last marker and the score drawn after the last shot stay on screen for two seconds more.
        await page.waitForTimeout(2000);
        await page.getByRole('button', { name: 'Switch the camera off' }).click();
        const found = await shotsOf(page);
        expect(found.map((shot) => shot.zone)).toEqual(screens.shots.map((shot) => shot.zone));
        const perUnit = millimetresPerUnit(1280, 720);
        found.forEach((shot, index) => {
          const clicked = screens.shots[index]!.position;
          const mm = Math.hypot((shot.x - clicked.x) * perUnit.positionX, (shot.y - clicked.y) * perUnit.positionY);
          console.log(`${setting.name}: shot ${index + 1} ${shot.zone} ${mm.toFixed(1)} mm from the click`);
          expect(mm).toBeLessThanOrEqual(5);
        });
      } finally {
        await browser.close();
      }
    });
  }
});
