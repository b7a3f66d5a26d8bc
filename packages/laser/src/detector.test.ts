// @vitest-environment node
import { createElement, addElement, createEmptyStage, patchElement } from '@club/stage-engine/model';
import type { StageElement } from '@club/stage-engine/model';
import { describe, expect, it } from 'vitest';
import { blur, frameOf, noiseTable, renderStage, seededRandom, stageToCameraFor } from './scene.ts';
import type { LaserDot, Picture } from './scene.ts';
import { LaserDetector } from './detector.ts';

const WIDTH = 640;
const HEIGHT = 480;
const FPS = 30;

function twoTargets() {
  let stage = createEmptyStage();
  stage = addElement(
    stage,
    patchElement(createElement('full-shootable', { newId: () => 'a' }), { positionX: -2500 }),
  );
  stage = addElement(
    stage,
    patchElement(createElement('full-no-shoot', { newId: () => 'b' }), { positionX: 2500 }),
  );
  return stage;
}

function stagePicture(): Picture {
  return blur(renderStage(WIDTH, HEIGHT, stageToCameraFor(WIDTH, HEIGHT), twoTargets()), 1);
}

// Pictures are rendered and analysed for real: on a busy machine that takes seconds (a minute of
// frames took 143 s at a load average of 40 on two cores).
describe('LaserDetector', { timeout: 300_000 }, () => {
  const picture = stagePicture();

  it("reports no shot in 60 s of a flickering, noisy picture with rolling bars, at the worker's detection size", () => {
    // The worker looks for dots on 320 × 240 frames (a 640 × 480 camera halved).
    const [width, height] = [WIDTH / 2, HEIGHT / 2];
    const small = blur(renderStage(width, height, stageToCameraFor(width, height), twoTargets()), 1);
    const random = seededRandom(11);
    const table = noiseTable(random);
    const detector = new LaserDetector({ colour: 'red', sensitivity: 7 });
    let shots = 0;
    for (let frame = 0; frame < 60 * FPS; frame += 1) {
      // Mains flicker beating against the camera, a slow exposure drift and random brightness jumps.
      const gain = 1 + 0.08 * Math.sin(frame * 0.9) + 0.05 * Math.sin(frame / 40) + (random() - 0.5) * 0.06;
      const rgba = frameOf(small, { gain, noise: 7, random, table });
      // A rolling bar of a TV filmed by a camera: a band 20 rows high, 12 % brighter, moving down.
      const barTop = (frame * 4) % height;
      for (let y = barTop; y < Math.min(height, barTop + 20); y += 1) {
        for (let byte = y * width * 4; byte < (y + 1) * width * 4; byte += 4) {
          rgba[byte] = rgba[byte]! * 1.12;
          rgba[byte + 1] = rgba[byte + 1]! * 1.12;
          rgba[byte + 2] = rgba[byte + 2]! * 1.12;
        }
      }
      if (detector.process(rgba, width, height).shot !== null) shots += 1;
    }
    expect(shots).toBe(0);
  });

  it('finds each dot once, where it is, however many frames it lasts', () => {
    const random = seededRandom(5);
    const table = noiseTable(random);
    const detector = new LaserDetector({ colour: 'red', sensitivity: 5 });
    // Frame where each dot starts, how many frames it lasts (33 ms each: flashes of 33–100 ms), and where.
    const dots: { frame: number; frames: number; x: number; y: number }[] = [
      { frame: 30, frames: 1, x: 200.4, y: 220.7 },
      { frame: 40, frames: 3, x: 420.2, y: 260.1 },
      // Right after the previous one, elsewhere: a second shot.
      { frame: 43, frames: 2, x: 300.8, y: 180.5 },
      { frame: 60, frames: 2, x: 301.5, y: 181.0 },
    ];
    const found: { frame: number; x: number; y: number }[] = [];
    for (let frame = 0; frame < 80; frame += 1) {
      const inView: LaserDot[] = dots
        .filter((dot) => frame >= dot.frame && frame < dot.frame + dot.frames)
        .map((dot) => ({ x: dot.x, y: dot.y, colour: 'red' }));
      const result = detector.process(
        frameOf(picture, { noise: 6, dots: inView, random, table }),
        WIDTH,
        HEIGHT,
      );
      if (result.shot !== null) found.push({ frame, x: result.shot.x, y: result.shot.y });
    }
    expect(found.map((shot) => shot.frame)).toEqual(dots.map((dot) => dot.frame));
    found.forEach((shot, index) => {
      expect(Math.abs(shot.x - dots[index]!.x)).toBeLessThan(0.75);
      expect(Math.abs(shot.y - dots[index]!.y)).toBeLessThan(0.75);
    });
  });

  it('sees a green dot only when set to green', () => {
    const random = seededRandom(9);
    const table = noiseTable(random);
    const run = (colour: 'red' | 'green') => {
      const detector = new LaserDetector({ colour, sensitivity: 5 });
      let shots = 0;
      for (let frame = 0; frame < 30; frame += 1) {
        const inView: LaserDot[] = frame === 20 ? [{ x: 320, y: 240, colour: 'green' }] : [];
        if (detector.process(frameOf(picture, { noise: 6, dots: inView, random, table }), WIDTH, HEIGHT).shot)
          shots += 1;
      }
      return shots;
    };
    expect(run('green')).toBe(1);
    expect(run('red')).toBe(0);
  });
});

/**
 * The frames at which a detector takes a shot while a card crosses the stage in front of `under`
 * (a swinger or a mover): one of its places a frame, there and back, with a dot at `dotFrame`.
 */
function shotsWhileACardSwings(
  seed: number,
  places: readonly number[],
  frames: number,
  options: { under?: StageElement; dotFrame?: number } = {},
): number[] {
  const random = seededRandom(seed);
  const table = noiseTable(random);
  const stageToCamera = stageToCameraFor(WIDTH, HEIGHT);
  const backdrop = options.under ? addElement(createEmptyStage(), options.under) : createEmptyStage();
  const pictures = places.map((positionX) =>
    blur(
      renderStage(
        WIDTH,
        HEIGHT,
        stageToCamera,
        addElement(
          backdrop,
          patchElement(createElement('full-shootable', { newId: () => 'm' }), { positionX }),
        ),
      ),
      1,
    ),
  );
  const detector = new LaserDetector({ colour: 'red', sensitivity: 7 });
  const shots: number[] = [];
  for (let frame = 0; frame < frames; frame += 1) {
    const step = frame % 8;
    const picture = pictures[step < 5 ? step : 8 - step]!;
    const dots: LaserDot[] = frame === options.dotFrame ? [{ x: 320, y: 250, colour: 'red' }] : [];
    if (detector.process(frameOf(picture, { noise: 6, dots, random, table }), WIDTH, HEIGHT).shot)
      shots.push(frame);
  }
  return shots;
}

describe('LaserDetector with moving targets', { timeout: 120_000 }, () => {
  it('takes no shot from a card swinging across the picture, and still finds a dot on it', () => {
    expect(shotsWhileACardSwings(13, [-3000, -1500, 0, 1500, 3000], 120, { dotFrame: 90 })).toEqual([90]);
  });

  it('takes no shot from a tan card swinging across the white no-shoot card, where red is at the clip', () => {
    // The card crosses in front of the no-shoot, a little further each frame, and back.
    const noShoot = patchElement(createElement('full-no-shoot', { newId: () => 'ns' }), { positionX: 2500 });
    expect(shotsWhileACardSwings(17, [1700, 2100, 2500, 2900, 3300], 100, { under: noShoot })).toEqual([]);
  });
});

describe('LaserDetector with dots of a real trainer', { timeout: 120_000 }, () => {
  // Flat areas as a webcam sees them: the white no-shoot card (about 210), a tan card, a black hard cover.
  const AREAS = { white: [210, 210, 208], tan: [190, 156, 104], black: [24, 24, 26] } as const;
  const flat = (colour: readonly number[]): Picture => {
    const [width, height] = [WIDTH / 2, HEIGHT / 2];
    const rgb = new Float32Array(width * height * 3);
    for (let index = 0; index < rgb.length; index += 3) rgb.set(colour, index);
    return { width, height, rgb };
  };

  for (const [area, colour] of Object.entries(AREAS)) {
    it(`finds a dot on ${area} that beats the other channels by 45 at most, and nothing else`, () => {
      const picture = flat(colour);
      const random = seededRandom(area.length * 17);
      const table = noiseTable(random);
      const detector = new LaserDetector({ colour: 'red', sensitivity: 6 });
      // Worker size (320 × 240), noise of a webcam in a living room, a little flicker.
      const dots = [
        { frame: 40, x: 80.3, y: 60.6 },
        { frame: 70, x: 240.7, y: 180.2 },
        { frame: 100, x: 160.5, y: 120.5 },
      ];
      const found: { frame: number; x: number; y: number }[] = [];
      for (let frame = 0; frame < 130; frame += 1) {
        const inView: LaserDot[] = dots
          .filter((dot) => frame >= dot.frame && frame < dot.frame + 2)
          .map((dot) => ({ x: dot.x, y: dot.y, colour: 'red', sigma: 1, rise: 60 }));
        const rgba = frameOf(picture, {
          gain: 1 + 0.02 * Math.sin(frame),
          noise: 3,
          dots: inView,
          random,
          table,
        });
        if (area === 'white' && inView.length > 0) {
          // The dot as the camera gives it: red clipped, beating green and blue by at most 45.
          const dot = inView[0]!;
          const byte = (Math.floor(dot.y) * (WIDTH / 2) + Math.floor(dot.x)) * 4;
          expect(rgba[byte]! - Math.max(rgba[byte + 1]!, rgba[byte + 2]!)).toBeLessThanOrEqual(45);
        }
        const result = detector.process(rgba, WIDTH / 2, HEIGHT / 2);
        if (result.shot !== null) found.push({ frame, x: result.shot.x, y: result.shot.y });
      }
      expect(found.map((shot) => shot.frame)).toEqual(dots.map((dot) => dot.frame));
      found.forEach((shot, index) => {
        expect(Math.hypot(shot.x - dots[index]!.x, shot.y - dots[index]!.y)).toBeLessThan(0.75);
      });
    });
  }
});

describe('LaserDetector next to what the app has just drawn', { timeout: 120_000 }, () => {
  it("finds a dot's centre when the pixels on one side of it are masked (a hit marker a few pixels away)", () => {
    // A tan card at the worker's size; a shot lands 5 pixels right of the previous one, whose
    // marker the app has just drawn: the engine masks the marker's box and a margin (up to the
    // pixel under the new dot's left half). A small, weak dot, as a far camera sees it.
    const [width, height] = [WIDTH / 2, HEIGHT / 2];
    const rgb = new Float32Array(width * height * 3);
    for (let index = 0; index < rgb.length; index += 3) rgb.set([190, 156, 104], index);
    const picture: Picture = { width, height, rgb };
    const drawn = new Uint8Array(width * height);
    for (let y = 50; y <= 70; y += 1) for (let x = 88; x <= 100; x += 1) drawn[y * width + x] = 1;
    const random = seededRandom(31);
    const table = noiseTable(random);
    const errors: number[] = [];
    for (const [index, at] of [
      { x: 100.9, y: 60.4 },
      { x: 101.2, y: 60.7 },
      { x: 101.05, y: 59.8 },
    ].entries()) {
      const detector = new LaserDetector({ colour: 'red', sensitivity: 6 });
      let shot: { x: number; y: number } | null = null;
      for (let frame = 0; frame < 40; frame += 1) {
        const dots: LaserDot[] = frame === 30 ? [{ ...at, colour: 'red', sigma: 0.9, rise: 90 }] : [];
        const rgba = frameOf(picture, { noise: 3, dots, random, table });
        const result = detector.process(rgba, width, height, { drawn: frame >= 28 ? drawn : null });
        if (result.shot) shot = result.shot;
      }
      expect(shot, `dot ${index}`).not.toBeNull();
      errors.push(Math.hypot(shot!.x - at.x, shot!.y - at.y));
    }
    // A tenth of a detection pixel is a few millimetres when the stage fills 150 of them.
    expect(Math.max(...errors)).toBeLessThan(0.3);
  });
});
