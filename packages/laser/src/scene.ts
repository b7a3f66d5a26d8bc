// Synthetic camera pictures for the laser tests, the browser test's fake-camera video and the
// bench: the player's screen seen by a camera at an angle (a perspective homography), blurred
// and noisy, showing either the calibration marks or the stage with laser dots. Test support
// only; nothing here ships in the app.
import type { StagePoint } from '@club/stage-engine/coordinates';
import type { Stage } from '@club/stage-engine/model';
import { zoneAt } from '@club/stage-engine/zones';
import { applyHomography, fitHomography, invertHomography } from './homography.ts';
import type { Homography, Point } from './homography.ts';
import { MARKER_IDS, MARKER_MODULES, MARKER_POSITIONS, QUIET_MODULES, markerBits, markerHalfSize } from './markers.ts';

/** An RGB picture with float channels 0…255, row-major, three values a pixel. */
export interface Picture {
  readonly width: number;
  readonly height: number;
  readonly rgb: Float32Array;
}

/** Where the stage's corners (±5000 units) fall in a 640 × 480 camera looking from the left and below. */
export const CAMERA_CORNERS = [
  { x: 92, y: 84 },
  { x: 566, y: 118 },
  { x: 548, y: 398 },
  { x: 104, y: 372 },
] as const;

/** Stage units to camera pixels for a camera of the given size, from CAMERA_CORNERS scaled. */
export function stageToCameraFor(width: number, height: number): Homography {
  const sx = width / 640;
  const sy = height / 480;
  const homography = fitHomography(
    [
      { x: -5000, y: -5000 },
      { x: 5000, y: -5000 },
      { x: 5000, y: 5000 },
      { x: -5000, y: 5000 },
    ],
    CAMERA_CORNERS.map((corner) => ({ x: corner.x * sx, y: corner.y * sy })),
  );
  if (homography === null) throw new Error('camera corners are degenerate');
  return homography;
}

const ROOM = [58, 54, 50];
const MARK_DARK = [18, 18, 20];
const MARK_LIGHT = [236, 236, 236];
const ZONE_COLOURS: Record<string, readonly number[]> = {
  A: [201, 164, 108],
  C: [201, 164, 108],
  D: [201, 164, 108],
  NS: [247, 247, 244],
  HC: [20, 20, 20],
  P: [185, 192, 200],
};

function render(
  width: number,
  height: number,
  cameraToStage: Homography,
  samples: number,
  colourAt: (point: StagePoint) => readonly number[],
): Picture {
  const rgb = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const stage = applyHomography(cameraToStage, {
            x: x + (sx + 0.5) / samples,
            y: y + (sy + 0.5) / samples,
          });
          const colour =
            stage === null || Math.abs(stage.x) > 5000 || Math.abs(stage.y) > 5000
              ? ROOM
              : colourAt({ positionX: stage.x, positionY: stage.y });
          r += colour[0]!;
          g += colour[1]!;
          b += colour[2]!;
        }
      }
      const index = (y * width + x) * 3;
      const count = samples * samples;
      rgb[index] = r / count;
      rgb[index + 1] = g / count;
      rgb[index + 2] = b / count;
    }
  }
  return { width, height, rgb };
}

/** The calibration screen (nine coded marks in white squares on black) as the camera sees it. */
export function renderMarkers(
  width: number,
  height: number,
  stageToCamera: Homography,
  design = { designWidth: 1280, designHeight: 720 },
): Picture {
  const cameraToStage = invert(stageToCamera);
  const half = markerHalfSize(design.designWidth, design.designHeight);
  const bits = MARKER_IDS.map(markerBits);
  return render(width, height, cameraToStage, 4, (point) => {
    for (const [index, mark] of MARKER_POSITIONS.entries()) {
      // Module coordinates across the mark: 0…8 is the black square, −1 and 9 the white rim.
      const u = ((point.positionX - mark.positionX) / half.positionX + 1) * (MARKER_MODULES / 2);
      const v = ((point.positionY - mark.positionY) / half.positionY + 1) * (MARKER_MODULES / 2);
      if (u < -QUIET_MODULES || v < -QUIET_MODULES || u >= MARKER_MODULES + QUIET_MODULES || v >= MARKER_MODULES + QUIET_MODULES)
        continue;
      const column = Math.floor(u) - 1;
      const row = Math.floor(v) - 1;
      if (u < 0 || v < 0 || u >= MARKER_MODULES || v >= MARKER_MODULES) return MARK_LIGHT;
      if (column < 0 || row < 0 || column >= 6 || row >= 6) return MARK_DARK;
      return bits[index]![row * 6 + column] === 1 ? MARK_LIGHT : MARK_DARK;
    }
    return MARK_DARK;
  });
}

/** The stage at rest (backstop and targets by zone colour) as the camera sees it. */
export function renderStage(width: number, height: number, stageToCamera: Homography, stage: Stage): Picture {
  const cameraToStage = invert(stageToCamera);
  return render(width, height, cameraToStage, 2, (point) => {
    const hit = zoneAt(stage, point);
    if (hit.zone !== 'M') return ZONE_COLOURS[hit.zone]!;
    // A backstop with a soft vertical gradient, as the indoor range drawing has.
    const shade = 120 + (point.positionY / 5000) * 25;
    return [shade * 0.75, shade * 0.8, shade * 0.9];
  });
}

function invert(h: Homography): Homography {
  const inverse = invertHomography(h);
  if (inverse === null) throw new Error('not invertible');
  return inverse;
}

/** A box blur of the given radius, twice (close to a Gaussian): the camera's focus and lens. */
export function blur(picture: Picture, radius: number): Picture {
  let rgb = picture.rgb;
  const { width, height } = picture;
  for (let pass = 0; pass < 2; pass += 1) {
    const horizontal = new Float32Array(rgb.length);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        for (let c = 0; c < 3; c += 1) {
          let sum = 0;
          let count = 0;
          for (let k = -radius; k <= radius; k += 1) {
            const xx = Math.min(width - 1, Math.max(0, x + k));
            sum += rgb[(y * width + xx) * 3 + c]!;
            count += 1;
          }
          horizontal[(y * width + x) * 3 + c] = sum / count;
        }
      }
    }
    const vertical = new Float32Array(rgb.length);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        for (let c = 0; c < 3; c += 1) {
          let sum = 0;
          let count = 0;
          for (let k = -radius; k <= radius; k += 1) {
            const yy = Math.min(height - 1, Math.max(0, y + k));
            sum += horizontal[(yy * width + x) * 3 + c]!;
            count += 1;
          }
          vertical[(y * width + x) * 3 + c] = sum / count;
        }
      }
    }
    rgb = vertical;
  }
  return { width, height, rgb };
}

/** A laser dot: a bright core that saturates the camera inside a coloured glow. */
export interface LaserDot {
  readonly x: number;
  readonly y: number;
  readonly colour: 'red' | 'green';
  /** Glow radius in pixels (one standard deviation). */
  readonly sigma?: number;
  /**
   * A weak dot, as a real trainer seen by a webcam: at its centre the laser's channel rises by
   * this much (clipped at 255, so on a white card it barely shows) and the others by a tenth
   * of it (the sensor's bleed). Without it the dot is a saturated core in a coloured glow.
   */
  readonly rise?: number;
}

/** Seeded random numbers (mulberry32), so every generated video is the same. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A table of normal noise, read at random offsets: fast enough for minutes of video. */
export function noiseTable(random: () => number, size = 1 << 20): Float32Array {
  const table = new Float32Array(size);
  for (let index = 0; index < size; index += 2) {
    const u = Math.max(1e-12, random());
    const v = random();
    const radius = Math.sqrt(-2 * Math.log(u));
    table[index] = radius * Math.cos(2 * Math.PI * v);
    table[index + 1] = radius * Math.sin(2 * Math.PI * v);
  }
  return table;
}

/**
 * One camera frame as RGBA bytes: the picture times a brightness gain (flicker), plus laser
 * dots, plus sensor noise of the given standard deviation.
 */
export function frameOf(
  picture: Picture,
  options: {
    gain?: number;
    noise?: number;
    dots?: readonly LaserDot[];
    random: () => number;
    table: Float32Array;
  },
): Uint8ClampedArray {
  const { width, height, rgb } = picture;
  const out = new Uint8ClampedArray(width * height * 4);
  const gain = options.gain ?? 1;
  const noise = options.noise ?? 0;
  const { table } = options;
  let cursor = Math.floor(options.random() * table.length);
  for (let index = 0, byte = 0; index < rgb.length; index += 3, byte += 4) {
    cursor = cursor + 3 >= table.length ? 0 : cursor;
    out[byte] = rgb[index]! * gain + noise * table[cursor]!;
    out[byte + 1] = rgb[index + 1]! * gain + noise * table[cursor + 1]!;
    out[byte + 2] = rgb[index + 2]! * gain + noise * table[cursor + 2]!;
    out[byte + 3] = 255;
    cursor += 3;
  }
  for (const dot of options.dots ?? []) {
    const sigma = dot.sigma ?? 1.8;
    const reach = Math.ceil(sigma * 3);
    const [r, g, b] = dot.colour === 'red' ? [255, 40, 30] : [40, 255, 60];
    const laserChannel = dot.colour === 'red' ? 0 : 1;
    for (let y = Math.floor(dot.y) - reach; y <= Math.ceil(dot.y) + reach; y += 1) {
      for (let x = Math.floor(dot.x) - reach; x <= Math.ceil(dot.x) + reach; x += 1) {
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const d2 = (x + 0.5 - dot.x) ** 2 + (y + 0.5 - dot.y) ** 2;
        const glow = Math.exp(-d2 / (2 * sigma * sigma));
        const byte = (y * width + x) * 4;
        if (dot.rise !== undefined) {
          for (let channel = 0; channel < 3; channel += 1) {
            const rise = channel === laserChannel ? dot.rise : dot.rise / 10;
            out[byte + channel] = out[byte + channel]! + rise * glow;
          }
          continue;
        }
        out[byte] = out[byte]! * (1 - glow) + r * glow;
        out[byte + 1] = out[byte + 1]! * (1 - glow) + g * glow;
        out[byte + 2] = out[byte + 2]! * (1 - glow) + b * glow;
      }
    }
  }
  return out;
}

/** 8-bit grey (Rec. 601 luma) of an RGBA frame. */
export function grayOf(rgba: Uint8ClampedArray, width: number, height: number): Uint8Array {
  const gray = new Uint8Array(width * height);
  for (let index = 0, byte = 0; index < gray.length; index += 1, byte += 4) {
    gray[index] = Math.round(rgba[byte]! * 0.299 + rgba[byte + 1]! * 0.587 + rgba[byte + 2]! * 0.114);
  }
  return gray;
}

/** An RGBA frame as the I420 planes of a y4m video frame (Rec. 601, studio range). */
export function toI420(rgba: Uint8ClampedArray, width: number, height: number): Uint8Array {
  const out = new Uint8Array((width * height * 3) / 2);
  const uOffset = width * height;
  const vOffset = uOffset + (width * height) / 4;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const byte = (y * width + x) * 4;
      const r = rgba[byte]!;
      const g = rgba[byte + 1]!;
      const b = rgba[byte + 2]!;
      out[y * width + x] = Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b);
    }
  }
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const byte = ((y + dy) * width + x + dx) * 4;
        r += rgba[byte]!;
        g += rgba[byte + 1]!;
        b += rgba[byte + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const index = (y / 2) * (width / 2) + x / 2;
      out[uOffset + index] = Math.round(128 - 0.148 * r - 0.291 * g + 0.439 * b);
      out[vOffset + index] = Math.round(128 + 0.439 * r - 0.368 * g - 0.071 * b);
    }
  }
  return out;
}

/** Camera pixel of a stage point. */
export function cameraPointOf(stageToCamera: Homography, point: StagePoint): { x: number; y: number } {
  const mapped = applyHomography(stageToCamera, { x: point.positionX, y: point.positionY });
  if (mapped === null) throw new Error('point maps to infinity');
  return mapped;
}

/** An RGBA picture of another size, e.g. a screenshot of the running app. */
export interface Screenshot {
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8Array | Uint8ClampedArray;
}

/** Where the four corners of a screen (top left, top right, bottom right, bottom left) fall in a camera picture. */
export type ScreenCorners = readonly [Point, Point, Point, Point];

/** The homography from a screenshot's pixels to camera pixels for a screen seen with these corners. */
export function screenToCameraFor(screen: { width: number; height: number }, corners: ScreenCorners): Homography {
  const homography = fitHomography(
    [
      { x: 0, y: 0 },
      { x: screen.width, y: 0 },
      { x: screen.width, y: screen.height },
      { x: 0, y: screen.height },
    ],
    corners,
  );
  if (homography === null) throw new Error('screen corners are degenerate');
  return homography;
}

/**
 * A screenshot as a camera sees the screen showing it: warped by a perspective, each camera
 * pixel the mean of 4 × 4 samples (a 1920-pixel screen becomes a few hundred camera pixels),
 * times a brightness (a dim screen or an exposure that keeps white below the clip), with the
 * room's colour around the screen.
 */
export function cameraViewOf(
  screenshot: Screenshot,
  cameraWidth: number,
  cameraHeight: number,
  corners: ScreenCorners,
  brightness = 1,
): Picture {
  const cameraToScreen = invert(screenToCameraFor(screenshot, corners));
  const { width, height, rgba } = screenshot;
  const samples = 4;
  const rgb = new Float32Array(cameraWidth * cameraHeight * 3);
  for (let y = 0; y < cameraHeight; y += 1) {
    for (let x = 0; x < cameraWidth; x += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const point = applyHomography(cameraToScreen, { x: x + (sx + 0.5) / samples, y: y + (sy + 0.5) / samples });
          if (point === null || point.x < 0 || point.y < 0 || point.x >= width || point.y >= height) {
            r += ROOM[0]!;
            g += ROOM[1]!;
            b += ROOM[2]!;
            continue;
          }
          const byte = (Math.floor(point.y) * width + Math.floor(point.x)) * 4;
          r += rgba[byte]! * brightness;
          g += rgba[byte + 1]! * brightness;
          b += rgba[byte + 2]! * brightness;
        }
      }
      const index = (y * cameraWidth + x) * 3;
      const count = samples * samples;
      rgb[index] = r / count;
      rgb[index + 1] = g / count;
      rgb[index + 2] = b / count;
    }
  }
  return { width: cameraWidth, height: cameraHeight, rgb };
}
