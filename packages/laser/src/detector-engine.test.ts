// @vitest-environment node
import { addElement, createElement, createEmptyStage, patchElement } from '@club/stage-engine/model';
import type { Stage } from '@club/stage-engine/model';
import { describe, expect, it } from 'vitest';
import {
  blur,
  cameraPointOf,
  frameOf,
  noiseTable,
  renderMarkers,
  renderStage,
  seededRandom,
  stageToCameraFor,
  toI420,
} from './scene.ts';
import { DetectorEngine } from './detector-engine.ts';

const WIDTH = 640;
const HEIGHT = 480;

/** The camera's view of a stage (its marks and the stage, blurred) and an engine calibrated on the marks. */
function calibratedOn(stage: Stage, seed: number) {
  const stageToCamera = stageToCameraFor(WIDTH, HEIGHT);
  const random = seededRandom(seed);
  const table = noiseTable(random);
  const marks = blur(renderMarkers(WIDTH, HEIGHT, stageToCamera, stage), 1);
  const scene = blur(renderStage(WIDTH, HEIGHT, stageToCamera, stage), 1);
  const engine = new DetectorEngine({ colour: 'red', sensitivity: 6 });
  expect(
    engine.calibrate(frameOf(marks, { noise: 5, random, table }), WIDTH, HEIGHT, stage).calibration,
  ).not.toBeNull();
  return { stageToCamera, random, table, marks, scene, engine };
}

describe('DetectorEngine', () => {
  it('takes the moved-camera reference from the stage, not from marks still in view after calibration', () => {
    let stage = createEmptyStage();
    stage = addElement(
      stage,
      patchElement(createElement('full-shootable', { newId: () => 't1' }), { positionX: -3000 }),
    );
    stage = addElement(
      stage,
      patchElement(createElement('full-shootable', { newId: () => 't2' }), { positionX: 0 }),
    );
    const { random, table, marks, scene, engine } = calibratedOn(stage, 7);
    let moved = false;
    // The marks stay in the camera's view for more than a second (a slow screen), then the stage shows.
    for (let index = 0; index < 130; index += 1) {
      const picture = index < 40 ? marks : scene;
      const gain = 1 + 0.03 * Math.sin(index * 0.7);
      const output = engine.detect(frameOf(picture, { gain, noise: 5, random, table }), WIDTH, HEIGHT);
      moved ||= output.moved === true;
    }
    expect(moved).toBe(false);
  }, 120_000);
});

/** A frame as a webcam's 4:2:0 coding gives it back: BT.601 luma per pixel, colour per 2 × 2 block. */
function throughCameraCoding(rgba: Uint8ClampedArray, width: number, height: number): Uint8ClampedArray {
  const yuv = toI420(rgba, width, height);
  const out = new Uint8ClampedArray(width * height * 4);
  const quarter = (width * height) / 4;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const luma = yuv[y * width + x]! - 16;
      const block = (y >> 1) * (width / 2) + (x >> 1);
      const u = yuv[width * height + block]! - 128;
      const v = yuv[width * height + quarter + block]! - 128;
      const byte = (y * width + x) * 4;
      out[byte] = 1.164 * luma + 1.596 * v;
      out[byte + 1] = 1.164 * luma - 0.392 * u - 0.813 * v;
      out[byte + 2] = 1.164 * luma + 2.017 * u;
      out[byte + 3] = 255;
    }
  }
  return out;
}

/** The worker's reduction to the detection size: each 2 × 2 block averaged. */
function halved(rgba: Uint8ClampedArray, width: number, height: number): Uint8ClampedArray {
  const w = width >> 1;
  const out = new Uint8ClampedArray(w * (height >> 1) * 4);
  for (let y = 0; y < height >> 1; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const a = (2 * y * width + 2 * x) * 4;
      const b = a + width * 4;
      for (let c = 0; c < 4; c += 1)
        out[(y * w + x) * 4 + c] = (rgba[a + c]! + rgba[a + 4 + c]! + rgba[b + c]! + rgba[b + 4 + c]!) >> 2;
    }
  }
  return out;
}

/**
 * Eight dots over the white no-shoot card, each at its own place against the camera's 2 × 2
 * colour blocks, each far from the one before (whose hit marker the camera leaves alone for a
 * while), in frames as a webcam codes them and the worker halves them; `exposure` is the
 * camera's brightness at each frame over the 3 % flicker of a screen.
 */
function whiteCardRun(exposure: (frame: number) => number) {
  const stage = addElement(
    createEmptyStage(),
    patchElement(createElement('full-no-shoot', { newId: () => 'ns' }), { positionX: 2200, positionY: 500 }),
  );
  const { stageToCamera, random, table, marks, scene, engine } = calibratedOn(stage, 2024);
  const places = [
    [1800, -600],
    [2600, 0],
    [1800, 600],
    [2600, 1200],
    [2600, -600],
    [1800, 0],
    [2600, 600],
    [1800, 1200],
  ] as const;
  const dots = places.map(([positionX, positionY], n) => ({
    frame: 100 + n * 11,
    at: cameraPointOf(stageToCamera, { positionX: positionX + n * 17, positionY: positionY + n * 29 }),
  }));
  const shots: { x: number; y: number; frame: number }[] = [];
  for (let frame = 0; frame < 200; frame += 1) {
    const inView = dots
      .filter((dot) => frame >= dot.frame && frame < dot.frame + 3)
      .map((dot) => ({ ...dot.at, colour: 'red' as const }));
    const gain = exposure(frame) * (1 + 0.03 * Math.sin(frame * 0.7));
    const rgba = frameOf(frame < 20 ? marks : scene, { gain, noise: 5, dots: inView, random, table });
    const coded = halved(throughCameraCoding(rgba, WIDTH, HEIGHT), WIDTH, HEIGHT);
    const output = engine.detect(coded, WIDTH / 2, HEIGHT / 2, frame * 33);
    const shot = output.detection?.shot;
    if (shot) shots.push({ ...shot, frame });
  }
  return { dots, shots };
}

describe('a dot on the white no-shoot card', () => {
  it('is found once where it is after the camera codes its colour by blocks (the laser channel held at the clip)', () => {
    const { dots, shots } = whiteCardRun(() => 1);
    expect(shots.map((shot) => shot.frame)).toEqual(dots.map((dot) => dot.frame));
    // Within one pixel of the detection size (two of the camera's): its colour comes in 2 × 2 blocks.
    shots.forEach((shot, index) => {
      expect(Math.hypot(shot.x * 2 - dots[index]!.at.x, shot.y * 2 - dots[index]!.at.y)).toBeLessThan(2);
    });
  }, 120_000);

  it('is found on its first frame after the camera has brightened while it set its exposure', () => {
    // A webcam that has just started brightens its picture over a second or so. The background
    // must end up as bright as the card then is: learnt darker, a card at the clip looks grey
    // and a dot there falls short of the rule that finds it.
    const { dots, shots } = whiteCardRun((frame) => (frame < 45 ? 0.8 + (0.2 * frame) / 45 : 1));
    expect(shots.map((shot) => shot.frame)).toEqual(dots.map((dot) => dot.frame));
  }, 120_000);
});
