import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { stageToWire } from '../packages/stage-engine/src/model.ts';
import { axeViolations } from './support/axe.ts';
import { browserFilming, laserStage } from './support/laser-stage.ts';
import { writeDarkVideo } from './support/screen-video.ts';
import { photograph } from './support/photos.ts';

// The laser screens a member sets up before the camera sees anything: the scoring panel, the
// calibration marks and the hint when the marks are not seen (a camera filming a dark picture),
// and the full screen the camera watches. Nothing here depends on the camera's frames arriving on
// time, so these run in the lanes beside the other files; the files whose camera films shots run
// alone (scripts/e2e.mjs).

/** The viewer with the laser stage, in `language`, in a new page of `context`. */
async function openViewer(context: BrowserContext, language: string): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(
    ([wire, lang]) => {
      localStorage.setItem('ipsc-club.lang', lang!);
      localStorage.setItem('ipsc-club.custom-stage', wire!);
    },
    [JSON.stringify(stageToWire(laserStage())), language],
  );
  await page.goto('/dry-training');
  await expect(page.getByTestId('viewer-canvas').locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  return page;
}

test.describe('the scoring flow as a member sees it @camera', () => {
  let dir = '';
  let blank = '';
  test.beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'club-laser-flow-'));
    blank = path.join(dir, 'blank.y4m');
    writeDarkVideo(blank);
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('panel in view, marks clear of the header, the hint names the cause, on a phone and a desktop in three languages', async ({
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const browser = await browserFilming(blank);
    const out = path.join(import.meta.dirname, '..', 'test-results', 'laser-flow');
    mkdirSync(out, { recursive: true });
    try {
      for (const [device, viewport] of [
        ['phone', { width: 390, height: 844 }],
        ['desktop', { width: 1366, height: 768 }],
      ] as const) {
        for (const language of ['es', 'ca', 'en'] as const) {
          const context = await browser.newContext({ baseURL, permissions: ['camera'], viewport });
          const page = await openViewer(context, language);
          await page.locator('.viewer-actions .btn-bar[aria-pressed]').nth(0).click();
          const panel = page.locator('.scoring-panel');
          await expect(panel).toBeInViewport();
          await photograph(page, path.join(out, `${device}-${language}-1-panel.png`));
          await panel.locator('.btn-group .btn').nth(1).click();
          await panel.locator('.camera-actions .btn').first().click();
          await expect(page.getByTestId('calibration-marks')).toBeInViewport({ ratio: 1 });
          await photograph(page, path.join(out, `${device}-${language}-2-marks.png`));
          // The camera sees only a dark picture: after a few seconds the hint says the marks are not seen.
          const status = page.getByTestId('camera-status');
          await expect(status).toHaveAttribute('data-problem', 'not-seen', { timeout: 20_000 });
          await expect(status).not.toHaveText('');
          await status.scrollIntoViewIfNeeded();
          await photograph(page, path.join(out, `${device}-${language}-3-hint.png`));
          await context.close();
        }
      }
    } finally {
      await browser.close();
    }
  });
});

test.describe('the full screen the camera watches @camera', () => {
  test('the stage alone fills the screen from top to bottom, the bar and the panel beside it; phone and desktop, three languages, axe 0', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const out = path.join(import.meta.dirname, '..', 'test-results', 'laser-fullscreen');
    mkdirSync(out, { recursive: true });
    for (const [device, viewport] of [
      ['desktop', { width: 1280, height: 720 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      for (const language of ['es', 'ca', 'en'] as const) {
        const context = await browser.newContext({ viewport });
        const page = await openViewer(context, language);
        const bar = page.locator('.viewer-bar');
        // Full screen, then the scoring panel, as a member sets up the camera.
        await bar.locator('.btn-bar').nth(-2).click();
        await page.waitForFunction(() => document.fullscreenElement !== null);
        await bar.locator('.btn-bar[aria-pressed]').nth(0).click();
        const panel = page.locator('.scoring-panel');
        await expect(panel).toBeInViewport();
        const stage = (await page.locator('.viewer-workspace').boundingBox())!;
        const barBox = (await bar.boundingBox())!;
        if (device === 'desktop') {
          // Nothing across the stage: it runs from the top of the screen to the bottom, the bar is beside it.
          expect(stage.y).toBe(0);
          expect(stage.height).toBe(viewport.height);
          expect(barBox.x).toBeGreaterThanOrEqual(stage.x + stage.width);
          const panelBox = (await panel.boundingBox())!;
          expect(panelBox.x).toBeGreaterThanOrEqual(stage.x + stage.width);
          expect(panelBox.y).toBeGreaterThanOrEqual(barBox.y + barBox.height - 1);
          expect(panelBox.y + panelBox.height).toBeLessThanOrEqual(viewport.height + 1);
          // Every button of the bar is on screen and usable in the side column.
          for (const button of await bar.locator('.btn').all()) await expect(button).toBeInViewport({ ratio: 1 });
        } else {
          // A phone keeps the bar above the stage and the panel below it.
          expect(barBox.y + barBox.height).toBeLessThanOrEqual(stage.y + 1);
        }
        await photograph(page, path.join(out, `${device}-${language}.png`));
        expect(await axeViolations(page)).toEqual([]);
        await context.close();
      }
    }
  });
});
