// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { applyHomography, fitHomography, invertHomography, residuals } from './homography.ts';
import type { Homography, Point } from './homography.ts';

// A camera looking at the stage from the left and below: stage units to camera pixels.
const truth: Homography = [0.045, 0.004, 330, -0.002, 0.03, 240, 0.0000012, 0.0000035, 1];
const stagePoints: Point[] = [
  { x: -4200, y: -4000 },
  { x: 4200, y: -4000 },
  { x: 4200, y: 4000 },
  { x: -4200, y: 4000 },
  { x: 0, y: 0 },
  { x: 0, y: -4000 },
  { x: 4200, y: 0 },
  { x: 0, y: 4000 },
  { x: -4200, y: 0 },
];
const cameraPoints = stagePoints.map((point) => applyHomography(truth, point)!);

describe('fitHomography', () => {
  it('recovers a perspective exactly from four points', () => {
    const fitted = fitHomography(stagePoints.slice(0, 4), cameraPoints.slice(0, 4))!;
    for (const point of stagePoints) {
      const expected = applyHomography(truth, point)!;
      const got = applyHomography(fitted, point)!;
      expect(got.x).toBeCloseTo(expected.x, 6);
      expect(got.y).toBeCloseTo(expected.y, 6);
    }
  });

  it('fits nine noisy points by least squares with sub-pixel residuals', () => {
    const wobble = [0.3, -0.2, 0.1, -0.4, 0.25, -0.1, 0.35, -0.3, 0.05];
    const noisy = cameraPoints.map((point, index) => ({
      x: point.x + wobble[index]!,
      y: point.y - wobble[8 - index]!,
    }));
    const fitted = fitHomography(noisy, stagePoints)!;
    const errors = residuals(fitted, cameraPoints, stagePoints);
    // A quarter pixel of the camera is about 25 stage units here; the fit stays well inside that.
    expect(Math.max(...errors)).toBeLessThan(20);
  });

  it('inverts: camera to stage and back', () => {
    const inverse = invertHomography(truth)!;
    const back = applyHomography(inverse, cameraPoints[4]!)!;
    expect(back.x).toBeCloseTo(0, 6);
    expect(back.y).toBeCloseTo(0, 6);
  });

  it('refuses degenerate points: fewer than four, or all on one line', () => {
    expect(fitHomography(stagePoints.slice(0, 3), cameraPoints.slice(0, 3))).toBeNull();
    const line = [0, 1, 2, 3].map((k) => ({ x: k * 100, y: k * 50 }));
    expect(
      fitHomography(
        line,
        line.map((p) => ({ x: p.x * 2, y: p.y * 2 })),
      ),
    ).toBeNull();
  });
});
