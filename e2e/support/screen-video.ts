// The fake camera's video made from screenshots of the running app: each screenshot warped to a
// 640 × 480 camera by a perspective, dimmed, blurred and noisy, with a real trainer's weak laser
// dot at the places the member shot. Used by the browser test (e2e/laser-screens.spec.ts) and
// by `npm run bench -- laser`, which reads the screenshots that test keeps.
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import sharp from 'sharp';
import {
  blur,
  cameraPointOf,
  cameraViewOf,
  frameOf,
  noiseTable,
  screenToCameraFor,
  seededRandom,
  toI420,
} from '@club/laser/scene';
import type { LaserDot, Picture, ScreenCorners, Screenshot } from '@club/laser/scene';

export const CAMERA_WIDTH = 640;
export const CAMERA_HEIGHT = 480;
export const CAMERA_FPS = 30;

/**
 * Screens seen by cameras nobody tuned the detector on: from below left, from above right,
 * nearly square but small and turned, steeply from the left. Corners of the whole screenshot.
 */
export const PERSPECTIVES: Readonly<Record<string, ScreenCorners>> = {
  'below-left': [
    { x: 58, y: 72 },
    { x: 602, y: 112 },
    { x: 584, y: 402 },
    { x: 76, y: 428 },
  ],
  'above-right': [
    { x: 38, y: 118 },
    { x: 592, y: 58 },
    { x: 612, y: 440 },
    { x: 30, y: 382 },
  ],
  'small-turned': [
    { x: 112, y: 108 },
    { x: 542, y: 92 },
    { x: 549, y: 344 },
    { x: 119, y: 362 },
  ],
  'steep-left': [
    { x: 16, y: 52 },
    { x: 624, y: 128 },
    { x: 622, y: 362 },
    { x: 18, y: 426 },
  ],
};

/** One shot the member fired by clicking: where on the page, and what the app scored. */
export interface ClickedShot {
  readonly pageX: number;
  readonly pageY: number;
  readonly zone: string;
  /** The app's stage position of the click (`data-position`). */
  readonly position: { readonly x: number; readonly y: number };
}

/** What the app showed: the marks, the stage before any shot, and after each shot (markers on). */
export interface AppScreens {
  readonly width: number;
  readonly height: number;
  readonly marks: Buffer;
  readonly steps: readonly Buffer[];
  readonly shots: readonly ClickedShot[];
}

export async function decodePng(png: Buffer): Promise<Screenshot> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** How the camera sees the screen: the perspective, and how dim, soft and noisy it is. */
export interface CameraLook {
  readonly corners: ScreenCorners;
  readonly brightness: number;
  readonly blurRadius: number;
  readonly noise: number;
}

export const DEFAULT_LOOK = { brightness: 0.78, blurRadius: 1, noise: 4 } as const;

/** A weak dot of a real trainer at a camera pixel: its red rises by 80 at the centre (clipped on white). */
export const dotAt = (point: { x: number; y: number }): LaserDot => ({ ...point, colour: 'red', sigma: 1.4, rise: 80 });

/** The frames of the video: which picture, which dots, in order. */
export interface VideoScript {
  readonly pictures: readonly Picture[];
  readonly frames: readonly { readonly picture: number; readonly dots: readonly LaserDot[] }[];
  /** Camera pixel of each shot. */
  readonly shotPoints: readonly { x: number; y: number }[];
  /** The frame where each shot's dot first shows. */
  readonly shotFrames: readonly number[];
}

export const MARK_FRAMES = 105;
export const STAGE_FRAMES = 90;
export const SHOT_EVERY = 30;
export const DOT_FRAMES = 3;
export const TAIL_FRAMES = 60;

/** The script: the marks, the stage, then each shot's dot over the stage as it was, then the stage with its marker. */
export async function scriptFor(screens: AppScreens, look: CameraLook): Promise<VideoScript> {
  const view = async (png: Buffer) =>
    blur(cameraViewOf(await decodePng(png), CAMERA_WIDTH, CAMERA_HEIGHT, look.corners, look.brightness), look.blurRadius);
  const pictures = [await view(screens.marks)];
  for (const step of screens.steps) pictures.push(await view(step));
  const toCamera = screenToCameraFor(screens, look.corners);
  const shotPoints = screens.shots.map((shot) =>
    cameraPointOf(toCamera, { positionX: shot.pageX, positionY: shot.pageY }),
  );
  const frames: { picture: number; dots: LaserDot[] }[] = [];
  const shotFrames: number[] = [];
  for (let index = 0; index < MARK_FRAMES; index += 1) frames.push({ picture: 0, dots: [] });
  for (let index = 0; index < STAGE_FRAMES; index += 1) frames.push({ picture: 1, dots: [] });
  shotPoints.forEach((point, shot) => {
    shotFrames.push(frames.length);
    for (let index = 0; index < DOT_FRAMES; index += 1) frames.push({ picture: shot + 1, dots: [dotAt(point)] });
    for (let index = DOT_FRAMES; index < SHOT_EVERY; index += 1) frames.push({ picture: shot + 2, dots: [] });
  });
  for (let index = 0; index < TAIL_FRAMES; index += 1) frames.push({ picture: pictures.length - 1, dots: [] });
  return { pictures, frames, shotPoints, shotFrames };
}

/** Each frame of a script as RGBA, with sensor noise and a little flicker. */
export function* framesOf(script: VideoScript, noise: number, seed = 2026): Generator<Uint8ClampedArray> {
  const random = seededRandom(seed);
  const table = noiseTable(random);
  for (const [index, frame] of script.frames.entries()) {
    const gain = 1 + 0.03 * Math.sin(index * 0.7);
    yield frameOf(script.pictures[frame.picture]!, { gain, noise, dots: frame.dots, random, table });
  }
}

/** Writes a script as a y4m video for Chromium's fake camera. */
export function writeY4m(file: string, script: VideoScript, noise: number): void {
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, `YUV4MPEG2 W${CAMERA_WIDTH} H${CAMERA_HEIGHT} F${CAMERA_FPS}:1 Ip A1:1 C420jpeg\n`);
    for (const rgba of framesOf(script, noise)) {
      writeSync(fd, 'FRAME\n');
      writeSync(fd, toI420(rgba, CAMERA_WIDTH, CAMERA_HEIGHT));
    }
  } finally {
    closeSync(fd);
  }
}

/** Writes a one-frame dark video, for the runs that only need a camera open (it sees no marks). */
export function writeDarkVideo(file: string): void {
  const frame = Buffer.alloc(CAMERA_WIDTH * CAMERA_HEIGHT * 1.5, 16);
  frame.fill(128, CAMERA_WIDTH * CAMERA_HEIGHT);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${CAMERA_WIDTH} H${CAMERA_HEIGHT} F${CAMERA_FPS}:1 Ip A1:1 C420jpeg\nFRAME\n`), frame]));
}
