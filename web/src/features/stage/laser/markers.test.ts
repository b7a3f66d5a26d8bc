// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  blur,
  cameraPointOf,
  frameOf,
  grayOf,
  noiseTable,
  renderMarkers,
  seededRandom,
  stageToCameraFor,
} from './laser-scene.ts';
import { applyHomography } from './homography.ts';
import { calibrateFromPicture, MARKER_POSITIONS } from './markers.ts';

const design = { designWidth: 1280, designHeight: 720 };

describe('calibrateFromPicture', { timeout: 60_000 }, () => {
  const stageToCamera = stageToCameraFor(640, 480);
  const random = seededRandom(7);
  const table = noiseTable(random);
  const picture = blur(renderMarkers(640, 480, stageToCamera), 1);
  const frame = frameOf(picture, { noise: 6, random, table });

  it('finds the nine marks at an angle, through blur and noise, within 5 mm', () => {
    const calibration = calibrateFromPicture(grayOf(frame, 640, 480), 640, 480, design)!;
    expect(calibration).not.toBeNull();
    expect(calibration.markers).toHaveLength(9);
    expect(calibration.meanErrorMm).toBeLessThanOrEqual(5);
    // The true image of a stage point maps back to it: the fit is right, not only self-consistent.
    for (const point of [
      { positionX: 1234, positionY: -2345 },
      { positionX: -3000, positionY: 2500 },
    ]) {
      const back = applyHomography(calibration.cameraToStage, cameraPointOf(stageToCamera, point))!;
      expect(Math.abs(back.x - point.positionX)).toBeLessThan(40);
      expect(Math.abs(back.y - point.positionY)).toBeLessThan(40);
    }
  });

  it('says nothing when a mark is hidden', () => {
    const hidden = frameOf(picture, { noise: 6, random, table });
    const centre = cameraPointOf(stageToCamera, MARKER_POSITIONS[4]!);
    for (let y = Math.round(centre.y) - 20; y < centre.y + 20; y += 1) {
      for (let x = Math.round(centre.x) - 20; x < centre.x + 20; x += 1)
        hidden.fill(20, (y * 640 + x) * 4, (y * 640 + x) * 4 + 3);
    }
    expect(calibrateFromPicture(grayOf(hidden, 640, 480), 640, 480, design)).toBeNull();
  });
});
