// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  blur,
  cameraPointOf,
  frameOf,
  noiseTable,
  renderMarkers,
  seededRandom,
  stageToCameraFor,
} from './scene.ts';
import { applyHomography, fitHomography } from './homography.ts';
import { calibrateFromPicture, MARKER_POSITIONS, MAX_ERROR_MM } from './markers.ts';

const design = { designWidth: 1280, designHeight: 720 };

describe('calibrateFromPicture', { timeout: 180_000 }, () => {
  const stageToCamera = stageToCameraFor(640, 480);
  const random = seededRandom(7);
  const table = noiseTable(random);
  const picture = blur(renderMarkers(640, 480, stageToCamera), 1);
  const frame = frameOf(picture, { noise: 6, random, table });

  it('finds the coded marks at an angle, through blur and noise, well within the limit', () => {
    const attempt = calibrateFromPicture(frame, 640, 480, design);
    const calibration = attempt.calibration!;
    expect(calibration).not.toBeNull();
    expect(calibration.markers.length).toBeGreaterThanOrEqual(8);
    expect(calibration.maxErrorMm).toBeLessThanOrEqual(MAX_ERROR_MM);
    // The true image of a stage point maps back to it: the fit is right, not only self-consistent.
    for (const point of [
      { positionX: 1234, positionY: -2345 },
      { positionX: -3000, positionY: 2500 },
    ]) {
      const back = applyHomography(calibration.cameraToStage, cameraPointOf(stageToCamera, point))!;
      // Ten stage units are under 1.5 mm at real size.
      expect(Math.abs(back.x - point.positionX)).toBeLessThan(10);
      expect(Math.abs(back.y - point.positionY)).toBeLessThan(10);
    }
  });

  it('calibrates on the marks it reads when some are hidden, and says the marks are cut off when most are outside', () => {
    const hidden = frameOf(picture, { noise: 6, random, table });
    const centre = cameraPointOf(stageToCamera, MARKER_POSITIONS[4]!);
    for (let y = Math.round(centre.y) - 30; y < centre.y + 30; y += 1) {
      for (let x = Math.round(centre.x) - 30; x < centre.x + 30; x += 1)
        hidden.fill(20, (y * 640 + x) * 4, (y * 640 + x) * 4 + 3);
    }
    const partial = calibrateFromPicture(hidden, 640, 480, design);
    expect(partial.calibration).not.toBeNull();
    expect(partial.calibration!.markers.length).toBeLessThan(9);
    // A camera too close, to the right: the screen's left part is outside its picture.
    const close = fitHomography(
      [
        { x: -5000, y: -5000 },
        { x: 5000, y: -5000 },
        { x: 5000, y: 5000 },
        { x: -5000, y: 5000 },
      ],
      [
        { x: -700, y: 60 },
        { x: 600, y: 40 },
        { x: 610, y: 440 },
        { x: -690, y: 420 },
      ],
    )!;
    const cut = frameOf(blur(renderMarkers(640, 480, close), 1), { noise: 6, random, table });
    const attempt = calibrateFromPicture(cut, 640, 480, design);
    expect(attempt.calibration).toBeNull();
    expect(attempt.problem).toBe('cut-off');
  });

  it('reads nothing from a picture without marks, and says so', () => {
    const dark = frameOf(blur(renderMarkers(640, 480, stageToCamera), 1), { gain: 0, noise: 3, random, table });
    const attempt = calibrateFromPicture(dark, 640, 480, design);
    expect(attempt.calibration).toBeNull();
    expect(attempt.problem).toBe('not-seen');
  });
});
