// Calibration marks: nine ArUco marks (the ARUCO_MIP_36h12 dictionary: 6 × 6 code bits inside a
// black border, any two codes at least 12 bits apart) in white squares on black, at known stage
// places. The camera picture is searched for them by shape and code (js-aruco2 finds black
// quadrilaterals and reads their bits), so the site header, the viewer bar, text, icons or a room
// behind the screen are never taken for a mark, and a mark is known by its number, not by where
// it seems to be. Each mark's four corners are then refined to a fraction of a pixel from its
// edges, and the 36 corners give the homography from camera pixels to stage units. What is left
// over says how good it is, in millimetres at the targets' real size.
// js-aruco2 ships no types: ours travel with the module that uses it, into every program that
// compiles it (the web app, the browser tests, the bench).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./js-aruco2.d.ts" />
import aruco from 'js-aruco2';
import type { StagePoint } from '@club/stage-engine/coordinates';
import { STAGE_LIMITS } from '@club/contract/stage';
import { applyHomography, fitHomography, invertHomography } from './homography.ts';
import type { Homography, Point } from './homography.ts';

const GRID_X = [-4200, 0, 4200];
const GRID_Y = [-3700, 0, 3700];

/** Stage places of the marks' centres, row by row from the top left; mark n carries code n. */
export const MARKER_POSITIONS: readonly StagePoint[] = GRID_Y.flatMap((positionY) =>
  GRID_X.map((positionX) => ({ positionX, positionY })),
);
/** The dictionary's code numbers of the marks, in MARKER_POSITIONS order. */
export const MARKER_IDS: readonly number[] = [11, 23, 37, 42, 58, 61, 77, 89, 95];
/** Side of a mark's black square as a share of the stage height. */
export const MARKER_SIDE = 0.18;
/** Modules (code cells) across a mark: a black border, six code bits, a black border. */
export const MARKER_MODULES = 8;
/** Modules of white around the black square, so its edge stands out on any background. */
export const QUIET_MODULES = 1;

const dictionary = new aruco.AR.Dictionary('ARUCO_MIP_36h12');

/** The 36 code bits of a mark, row by row (1 is white). */
export function markerBits(id: number): readonly number[] {
  const code = dictionary.codeList[id];
  if (code === undefined) throw new Error(`no mark ${id}`);
  return [...code].map((bit) => (bit === '1' ? 1 : 0));
}

/** Half the side of a mark's black square in stage units on each axis (units differ per axis on a wide stage). */
export function markerHalfSize(designWidth: number, designHeight: number): StagePoint {
  const halfY = MARKER_SIDE * 5000;
  return { positionX: (halfY * designHeight) / designWidth, positionY: halfY };
}

/** Real-size figures the calibration reports in: the height of the IPSC card in millimetres. */
export interface RealSize {
  readonly cardHeightMm: number;
}

/** The card's height when the club has not measured its own (IPSC Appendix B2 gives 580 mm). */
export const DEFAULT_CARD_HEIGHT_MM = 580;

/** Millimetres at real size per stage unit on each axis: the card, at scale 1, is its real height. */
export function millimetresPerUnit(
  designWidth: number,
  designHeight: number,
  cardHeightMm: number = DEFAULT_CARD_HEIGHT_MM,
): StagePoint {
  const millimetresPerDesignPixel = cardHeightMm / ((STAGE_LIMITS.elementHeight / 100) * designHeight);
  return {
    positionX: (designWidth / 10000) * millimetresPerDesignPixel,
    positionY: (designHeight / 10000) * millimetresPerDesignPixel,
  };
}

/**
 * The largest calibration error accepted, in millimetres at real size (the worst of the 36
 * corners). A hit is called by the bullet's edge: a 9 mm bullet touching a line scores the
 * better zone, so a shot placed within its radius (4.5 mm) of the truth is called as a real
 * bullet's edge would be in all but hits that a real bullet would leave on the line itself.
 */
export const MAX_ERROR_MM = 4.5;
/** Fewest marks to calibrate on: four spread marks fix a homography with sixteen corners. */
export const MIN_MARKS = 4;

/** Why the marks could not be used, for the hint the member is shown. */
export type CalibrationProblem =
  /** Nothing mark-like at all: the camera does not see the screen, or sees it black. */
  | 'not-seen'
  /** Marks were found, and those missing would fall outside the picture. */
  | 'cut-off'
  /** Mark-shaped squares too small to read: the camera is too far or the screen too small. */
  | 'too-small'
  /** Missing marks where the picture is burnt white: a reflection or a lamp on the screen. */
  | 'glare'
  /** Squares found but not read: out of focus, or the picture moves. */
  | 'blurred'
  /** Found, but the fit is worse than MAX_ERROR_MM: a curved screen, a wide-angle lens, a shaking camera. */
  | 'imprecise';

/** A calibration: camera pixels to stage units, its fit in millimetres, and where the marks were seen. */
export interface Calibration {
  readonly cameraToStage: Homography;
  readonly meanErrorMm: number;
  readonly maxErrorMm: number;
  /** Centres of the marks found, in camera pixels. */
  readonly markers: readonly Point[];
  readonly cameraWidth: number;
  readonly cameraHeight: number;
}

/** What one picture gave: a calibration good enough to use, or the problem and what was found. */
export interface CalibrationAttempt {
  readonly calibration: Calibration | null;
  /** The best fit found even when refused (its errors say why). */
  readonly rejected: Calibration | null;
  readonly problem: CalibrationProblem | null;
  readonly marksFound: number;
}

interface Found {
  readonly index: number;
  readonly corners: readonly Point[];
}

/** Stage corners of mark `index`'s black square, clockwise from its top left (as the detector gives them). */
function stageCorners(index: number, half: StagePoint): Point[] {
  const centre = MARKER_POSITIONS[index]!;
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([sx, sy]) => ({
    x: centre.positionX + sx! * half.positionX,
    y: centre.positionY + sy! * half.positionY,
  }));
}

/** The grey level of a picture at a point between pixels (bilinear). */
function sample(gray: Uint8Array, width: number, height: number, x: number, y: number): number {
  const x0 = Math.max(0, Math.min(width - 2, Math.floor(x - 0.5)));
  const y0 = Math.max(0, Math.min(height - 2, Math.floor(y - 0.5)));
  const fx = Math.max(0, Math.min(1, x - 0.5 - x0));
  const fy = Math.max(0, Math.min(1, y - 0.5 - y0));
  const index = y0 * width + x0;
  const top = gray[index]! * (1 - fx) + gray[index + 1]! * fx;
  const bottom = gray[index + width]! * (1 - fx) + gray[index + width + 1]! * fx;
  return top * (1 - fy) + bottom * fy;
}

/** A line a·x + b·y = c with (a, b) a unit normal. */
interface Line {
  readonly a: number;
  readonly b: number;
  readonly c: number;
}

/**
 * Refines one edge of a black square (from corner p to corner q, dark on the inside): along
 * the edge, the place where the grey level crosses half-way between black and white is found
 * on the normal to a fraction of a pixel, and a line is fitted through those places.
 */
function refineEdge(
  gray: Uint8Array,
  width: number,
  height: number,
  p: Point,
  q: Point,
  inside: Point,
): Line | null {
  const length = Math.hypot(q.x - p.x, q.y - p.y);
  if (length < 6) return null;
  const ux = (q.x - p.x) / length;
  const uy = (q.y - p.y) / length;
  // The outward normal.
  let nx = -uy;
  let ny = ux;
  const mid = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
  if ((inside.x - mid.x) * nx + (inside.y - mid.y) * ny > 0) {
    nx = -nx;
    ny = -ny;
  }
  // How far to look each side: a module is an eighth of the side, the quiet zone one module.
  const reach = Math.max(2, Math.min(6, length / 10));
  const points: Point[] = [];
  const steps = Math.max(6, Math.round(length / 2));
  for (let step = 1; step < steps; step += 1) {
    const t = 0.12 + (0.76 * step) / steps;
    const base = { x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t };
    const profile: number[] = [];
    const count = Math.ceil(reach * 4);
    for (let k = -count; k <= count; k += 1) {
      const d = k / 4;
      const x = base.x + nx * d;
      const y = base.y + ny * d;
      if (x < 1 || y < 1 || x > width - 1 || y > height - 1) {
        profile.length = 0;
        break;
      }
      profile.push(sample(gray, width, height, x, y));
    }
    if (profile.length === 0) continue;
    const dark = Math.min(...profile.slice(0, count));
    const light = Math.max(...profile.slice(count + 1));
    if (light - dark < 25) continue;
    const half = (dark + light) / 2;
    // The last crossing from dark to light going outwards, between samples.
    let crossing: number | null = null;
    for (let k = 0; k < profile.length - 1; k += 1) {
      const a = profile[k]!;
      const b = profile[k + 1]!;
      if (a < half && b >= half) crossing = (k + (half - a) / (b - a)) / 4 - count / 4;
    }
    if (crossing === null) continue;
    points.push({ x: base.x + nx * crossing, y: base.y + ny * crossing });
  }
  if (points.length < 4) return null;
  // Total least squares: the line through the centroid along the principal direction.
  let cx = 0;
  let cy = 0;
  for (const point of points) {
    cx += point.x;
    cy += point.y;
  }
  cx /= points.length;
  cy /= points.length;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const point of points) {
    sxx += (point.x - cx) ** 2;
    sxy += (point.x - cx) * (point.y - cy);
    syy += (point.y - cy) ** 2;
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const a = -Math.sin(angle);
  const b = Math.cos(angle);
  return { a, b, c: a * cx + b * cy };
}

function intersect(l: Line, m: Line): Point | null {
  const det = l.a * m.b - l.b * m.a;
  if (Math.abs(det) < 1e-9) return null;
  return { x: (l.c * m.b - l.b * m.c) / det, y: (l.a * m.c - l.c * m.a) / det };
}

/** The square's corners to a fraction of a pixel; the detector's own where an edge cannot be read. */
function refineCorners(gray: Uint8Array, width: number, height: number, corners: readonly Point[]): Point[] {
  // The detector's corners are pixel positions on the contour: pixel centres are at +0.5.
  const rough = corners.map((corner) => ({ x: corner.x + 0.5, y: corner.y + 0.5 }));
  const centre = {
    x: rough.reduce((sum, point) => sum + point.x, 0) / 4,
    y: rough.reduce((sum, point) => sum + point.y, 0) / 4,
  };
  const lines = rough.map((p, index) => refineEdge(gray, width, height, p, rough[(index + 1) % 4]!, centre));
  return rough.map((point, index) => {
    const before = lines[(index + 3) % 4];
    const after = lines[index];
    if (!before || !after) return point;
    const refined = intersect(before, after);
    // A refinement that wanders more than two pixels read something else: keep the rough corner.
    return refined !== null && Math.hypot(refined.x - point.x, refined.y - point.y) < 2 ? refined : point;
  });
}

/** 8-bit grey (Rec. 601 luma) of an RGBA picture. */
export function grayOf(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Uint8Array {
  const gray = new Uint8Array(width * height);
  for (let index = 0, byte = 0; index < gray.length; index += 1, byte += 4) {
    gray[index] = (rgba[byte]! * 77 + rgba[byte + 1]! * 150 + rgba[byte + 2]! * 29) >> 8;
  }
  return gray;
}

/** A 3 × 3 box average of a grey picture, as RGBA (grey in every channel) for the detector. */
function softened(gray: Uint8Array, width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let sum = 0;
      let count = 0;
      for (let dy = -1; dy <= 1; dy += 1) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          sum += gray[yy * width + xx]!;
          count += 1;
        }
      }
      const byte = (y * width + x) * 4;
      out[byte] = out[byte + 1] = out[byte + 2] = sum / count;
      out[byte + 3] = 255;
    }
  }
  return out;
}

/** Finds the marks in a camera picture (RGBA) and calibrates, or says why it cannot. */
export function calibrateFromPicture(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
  design: { designWidth: number; designHeight: number; cardHeightMm?: number },
): CalibrationAttempt {
  const detector = new aruco.AR.Detector({ dictionaryName: 'ARUCO_MIP_36h12', maxHammingDistance: 3 });
  const gray = grayOf(rgba, width, height);
  // A webcam's noise breaks the detector's thresholded outlines: it reads a softened copy.
  const markers = detector.detect({ width, height, data: softened(gray, width, height) });
  const byIndex = new Map<number, Found>();
  for (const marker of markers) {
    const index = MARKER_IDS.indexOf(marker.id);
    if (index < 0 || byIndex.has(index)) continue;
    byIndex.set(index, { index, corners: refineCorners(gray, width, height, marker.corners) });
  }
  const found = [...byIndex.values()];
  const half = markerHalfSize(design.designWidth, design.designHeight);
  if (found.length < MIN_MARKS) {
    return {
      calibration: null,
      rejected: null,
      problem: diagnose(gray, width, height, found, detector.candidates, half),
      marksFound: found.length,
    };
  }
  const seen = found.flatMap((mark) => mark.corners);
  const expected = found.flatMap((mark) => stageCorners(mark.index, half));
  const cameraToStage = fitHomography(seen, expected);
  if (cameraToStage === null)
    return { calibration: null, rejected: null, problem: 'blurred', marksFound: found.length };
  const perUnit = millimetresPerUnit(design.designWidth, design.designHeight, design.cardHeightMm);
  const errors = seen.map((point, index) => {
    const mapped = applyHomography(cameraToStage, point);
    if (mapped === null) return Infinity;
    return Math.hypot(
      (mapped.x - expected[index]!.x) * perUnit.positionX,
      (mapped.y - expected[index]!.y) * perUnit.positionY,
    );
  });
  const calibration: Calibration = {
    cameraToStage,
    meanErrorMm: errors.reduce((sum, value) => sum + value, 0) / errors.length,
    maxErrorMm: Math.max(...errors),
    markers: found.map((mark) => ({
      x: mark.corners.reduce((sum, point) => sum + point.x, 0) / 4,
      y: mark.corners.reduce((sum, point) => sum + point.y, 0) / 4,
    })),
    cameraWidth: width,
    cameraHeight: height,
  };
  if (calibration.maxErrorMm > MAX_ERROR_MM)
    return { calibration: null, rejected: calibration, problem: 'imprecise', marksFound: found.length };
  return { calibration, rejected: null, problem: null, marksFound: found.length };
}

/** The likeliest reason the marks were not all read, from what the picture shows. */
function diagnose(
  gray: Uint8Array,
  width: number,
  height: number,
  found: readonly Found[],
  candidates: readonly (readonly Point[])[],
  half: StagePoint,
): CalibrationProblem {
  if (found.length >= 2) {
    // Where the missing marks would be, from the ones read (a similarity is enough to say where).
    const seen = found.flatMap((mark) => mark.corners);
    const expected = found.flatMap((mark) => stageCorners(mark.index, half));
    const stageToCamera = fitHomography(expected, seen);
    if (stageToCamera !== null && invertHomography(stageToCamera) !== null) {
      const missing = MARKER_POSITIONS.map((_, index) => index).filter(
        (index) => !found.some((mark) => mark.index === index),
      );
      const places = missing.map((index) =>
        applyHomography(stageToCamera, {
          x: MARKER_POSITIONS[index]!.positionX,
          y: MARKER_POSITIONS[index]!.positionY,
        }),
      );
      const outside = places.filter(
        (place) => place === null || place.x < 0 || place.y < 0 || place.x >= width || place.y >= height,
      ).length;
      if (outside * 2 >= missing.length) return 'cut-off';
      const burnt = places.filter((place) => {
        if (place === null || place.x < 0 || place.y < 0 || place.x >= width || place.y >= height) return false;
        return gray[Math.floor(place.y) * width + Math.floor(place.x)]! >= 250;
      }).length;
      if (burnt > 0) return 'glare';
    }
  }
  const burntShare = gray.reduce((count, value) => count + (value >= 250 ? 1 : 0), 0) / gray.length;
  if (burntShare > 0.2) return 'glare';
  if (found.length === 0 && candidates.length === 0) return 'not-seen';
  // Square candidates whose code cells would be under three pixels cannot be read.
  const sides = candidates.map((quad) => Math.min(
    ...quad.map((p, index) => Math.hypot(quad[(index + 1) % 4]!.x - p.x, quad[(index + 1) % 4]!.y - p.y)),
  ));
  const readable = sides.filter((side) => side >= MARKER_MODULES * 3).length;
  if (sides.length > 0 && readable === 0) return 'too-small';
  return 'blurred';
}
