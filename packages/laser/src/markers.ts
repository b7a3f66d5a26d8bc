// Calibration marks: nine white squares on black at known stage places (corners, edge middles,
// centre). The camera picture is searched for them with no clicking; their centres give the
// homography from camera pixels to stage units, and what is left over says how good it is, in
// millimetres of the stage the targets are drawn on.
import { STAGE_LIMITS, StageElementType, TargetType } from '@club/contract/stage';
import type { StagePoint } from '@club/stage-engine/coordinates';
import { shapeFor } from '@club/stage-engine/shapes';
import { applyHomography, fitHomography, invertHomography } from './homography.ts';
import type { Homography, Point } from './homography.ts';

const GRID_X = [-4200, 0, 4200];
const GRID_Y = [-4000, 0, 4000];

/** Stage places of the marks, row by row from the top left. */
export const MARKER_POSITIONS: readonly StagePoint[] = GRID_Y.flatMap((positionY) =>
  GRID_X.map((positionX) => ({ positionX, positionY })),
);
/** Side of a mark as a share of the stage height. */
export const MARKER_SIDE = 0.07;

/** Half the side of a mark in stage units on each axis (units differ per axis on a wide stage). */
export function markerHalfSize(designWidth: number, designHeight: number): StagePoint {
  const halfY = MARKER_SIDE * 5000;
  return { positionX: (halfY * designHeight) / designWidth, positionY: halfY };
}

/** Millimetres of the drawn stage per stage unit on each axis: a card at scale 1 is 580 mm tall. */
export function millimetresPerUnit(designWidth: number, designHeight: number): StagePoint {
  const cardMillimetres = shapeFor(StageElementType.tarjetaIpsc, TargetType.fullShootable).height;
  const millimetresPerDesignPixel = cardMillimetres / ((STAGE_LIMITS.elementHeight / 100) * designHeight);
  return {
    positionX: (designWidth / 10000) * millimetresPerDesignPixel,
    positionY: (designHeight / 10000) * millimetresPerDesignPixel,
  };
}

/** A bright blob of the camera picture. */
export interface Blob {
  readonly x: number;
  readonly y: number;
  readonly area: number;
}

/** Otsu's threshold of an 8-bit picture: the level that best splits it into dark and bright. */
export function otsuThreshold(gray: Uint8Array): number {
  const histogram = new Float64Array(256);
  for (let index = 0; index < gray.length; index += 1) histogram[gray[index]!]! += 1;
  let sumAll = 0;
  for (let level = 0; level < 256; level += 1) sumAll += level * histogram[level]!;
  let weightDark = 0;
  let sumDark = 0;
  let best = 0;
  let threshold = 128;
  for (let level = 0; level < 256; level += 1) {
    weightDark += histogram[level]!;
    if (weightDark === 0) continue;
    const weightBright = gray.length - weightDark;
    if (weightBright === 0) break;
    sumDark += level * histogram[level]!;
    const meanDark = sumDark / weightDark;
    const meanBright = (sumAll - sumDark) / weightBright;
    const between = weightDark * weightBright * (meanDark - meanBright) ** 2;
    if (between > best) {
      best = between;
      threshold = level;
    }
  }
  return threshold;
}

/** Squarish bright blobs of a picture, each with its brightness-weighted centre. */
export function findBrightBlobs(gray: Uint8Array, width: number, height: number): Blob[] {
  const threshold = otsuThreshold(gray);
  const labels = new Int32Array(width * height);
  const stack: number[] = [];
  const blobs: Blob[] = [];
  let label = 0;
  for (let start = 0; start < gray.length; start += 1) {
    if (labels[start] !== 0 || gray[start]! <= threshold) continue;
    label += 1;
    labels[start] = label;
    stack.push(start);
    let area = 0;
    let minX = width;
    let maxX = 0;
    let minY = height;
    let maxY = 0;
    while (stack.length > 0) {
      const index = stack.pop()!;
      const x = index % width;
      const y = (index - x) / width;
      area += 1;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      const neighbours = [
        x > 0 ? index - 1 : -1,
        x < width - 1 ? index + 1 : -1,
        index - width,
        index + width,
      ];
      for (const next of neighbours) {
        if (next < 0 || next >= gray.length || labels[next] !== 0 || gray[next]! <= threshold) continue;
        labels[next] = label;
        stack.push(next);
      }
    }
    const boxWidth = maxX - minX + 1;
    const boxHeight = maxY - minY + 1;
    const squarish =
      boxWidth / boxHeight < 3 && boxHeight / boxWidth < 3 && area / (boxWidth * boxHeight) > 0.45;
    const onEdge = minX === 0 || minY === 0 || maxX === width - 1 || maxY === height - 1;
    if (area < 6 || area > (width * height) / 40 || !squarish || onEdge) continue;
    // The centre weighs each pixel by how far it stands above the threshold, over the blob and a
    // rim of two pixels, so blur spreads the weight evenly and the centre lands between pixels.
    let sum = 0;
    let sumX = 0;
    let sumY = 0;
    for (let y = Math.max(0, minY - 2); y <= Math.min(height - 1, maxY + 2); y += 1) {
      for (let x = Math.max(0, minX - 2); x <= Math.min(width - 1, maxX + 2); x += 1) {
        const index = y * width + x;
        if (labels[index] !== label && labels[index] !== 0) continue;
        const weight = Math.max(0, gray[index]! - threshold);
        sum += weight;
        sumX += weight * x;
        sumY += weight * y;
      }
    }
    if (sum > 0) blobs.push({ x: sumX / sum + 0.5, y: sumY / sum + 0.5, area });
  }
  return blobs;
}

/** A calibration: camera pixels to stage units, its fit in millimetres, and where the marks were seen. */
export interface Calibration {
  readonly cameraToStage: Homography;
  readonly meanErrorMm: number;
  readonly maxErrorMm: number;
  readonly markers: readonly Point[];
  readonly cameraWidth: number;
  readonly cameraHeight: number;
}

const toPoint = (point: StagePoint): Point => ({ x: point.positionX, y: point.positionY });

/** Finds the nine marks in a camera picture (8-bit grey) and calibrates; null when they are not all seen. */
export function calibrateFromPicture(
  gray: Uint8Array,
  width: number,
  height: number,
  design: { designWidth: number; designHeight: number },
): Calibration | null {
  const all = findBrightBlobs(gray, width, height);
  if (all.length < MARKER_POSITIONS.length) return null;
  // The marks are the same size: drop blobs far from the typical size (lamps, reflections).
  const areas = all.map((blob) => blob.area).sort((a, b) => a - b);
  const median = areas[Math.floor(areas.length / 2)]!;
  const blobs = all.filter((blob) => blob.area > median / 4 && blob.area < median * 4);
  if (blobs.length < MARKER_POSITIONS.length) return null;
  // Corners first: the extremes of x + y and x − y, which survive any moderate perspective.
  const pick = (score: (blob: Blob) => number) =>
    blobs.reduce((best, blob) => (score(blob) > score(best) ? blob : best));
  const corners = [
    pick((b) => -b.x - b.y),
    pick((b) => b.x - b.y),
    pick((b) => -b.x + b.y),
    pick((b) => b.x + b.y),
  ];
  const gridCorners = [
    MARKER_POSITIONS[0]!,
    MARKER_POSITIONS[2]!,
    MARKER_POSITIONS[6]!,
    MARKER_POSITIONS[8]!,
  ].map(toPoint);
  const rough = fitHomography(corners, gridCorners);
  if (rough === null) return null;
  const seen: Point[] = [];
  const expected: Point[] = [];
  for (const place of MARKER_POSITIONS.map(toPoint)) {
    let best: Blob | null = null;
    let bestDistance = 1200;
    for (const blob of blobs) {
      const mapped = applyHomography(rough, blob);
      if (mapped === null) continue;
      const distance = Math.hypot(mapped.x - place.x, mapped.y - place.y);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = blob;
      }
    }
    if (best === null || seen.includes(best)) return null;
    seen.push(best);
    expected.push(place);
  }
  const first = fitHomography(seen, expected);
  if (first === null) return null;
  // A square's centroid in perspective is not the image of its centre: move each seen centre by
  // that difference, found from the first fit, and fit again.
  const stageToCamera = invertHomography(first);
  const half = markerHalfSize(design.designWidth, design.designHeight);
  const corrected =
    stageToCamera === null
      ? seen
      : seen.map((point, index) => {
          const centre = expected[index]!;
          const quad = [
            [-1, -1],
            [1, -1],
            [1, 1],
            [-1, 1],
          ].map(([sx, sy]) =>
            applyHomography(stageToCamera, {
              x: centre.x + sx! * half.positionX,
              y: centre.y + sy! * half.positionY,
            }),
          );
          const image = applyHomography(stageToCamera, centre);
          if (image === null || quad.some((corner) => corner === null)) return point;
          const centroid = polygonCentroid(quad as Point[]);
          return { x: point.x - (centroid.x - image.x), y: point.y - (centroid.y - image.y) };
        });
  const cameraToStage = fitHomography(corrected, expected) ?? first;
  const perUnit = millimetresPerUnit(design.designWidth, design.designHeight);
  const errors = corrected.map((point, index) => {
    const mapped = applyHomography(cameraToStage, point);
    if (mapped === null) return Infinity;
    return Math.hypot(
      (mapped.x - expected[index]!.x) * perUnit.positionX,
      (mapped.y - expected[index]!.y) * perUnit.positionY,
    );
  });
  return {
    cameraToStage,
    meanErrorMm: errors.reduce((sum, value) => sum + value, 0) / errors.length,
    maxErrorMm: Math.max(...errors),
    markers: seen,
    cameraWidth: width,
    cameraHeight: height,
  };
}

function polygonCentroid(points: readonly Point[]): Point {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let index = 0; index < points.length; index += 1) {
    const a = points[index]!;
    const b = points[(index + 1) % points.length]!;
    const cross = a.x * b.y - b.x * a.y;
    area += cross;
    cx += (a.x + b.x) * cross;
    cy += (a.y + b.y) * cross;
  }
  return { x: cx / (3 * area), y: cy / (3 * area) };
}
