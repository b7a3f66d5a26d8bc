// @vitest-environment node
import { addElement, createElement, createEmptyStage, patchElement } from '@club/stage-engine/model';
import { describe, expect, it } from 'vitest';
import {
  blur,
  frameOf,
  noiseTable,
  renderStage,
  seededRandom,
  stageToCameraFor,
} from './scene.ts';
import { fitHomography } from './homography.ts';
import { cameraMoved, thumbnailOf } from './camera-moved.ts';

const stage = addElement(
  addElement(
    createEmptyStage(),
    patchElement(createElement('full-shootable', { newId: () => 'a' }), { positionX: -2500 }),
  ),
  patchElement(createElement('popper', { newId: () => 'b' }), { positionX: 2500 }),
);
const random = seededRandom(3);
const table = noiseTable(random);
const view = (stageToCamera: ReturnType<typeof stageToCameraFor>, gain = 1) =>
  thumbnailOf(
    frameOf(blur(renderStage(640, 480, stageToCamera, stage), 1), { gain, noise: 6, random, table }),
    640,
    480,
  );

describe('cameraMoved', { timeout: 60_000 }, () => {
  const home = stageToCameraFor(640, 480);
  const reference = view(home);

  it('stays quiet while the camera stays put, noise and flicker included', () => {
    expect(cameraMoved(reference, view(home, 1.15))).toBe(false);
  });

  it('notices a camera turned by about two degrees', () => {
    // Two degrees of a 60° lens across 640 pixels is about 21 pixels sideways.
    const corners = [
      { x: -5000, y: -5000 },
      { x: 5000, y: -5000 },
      { x: 5000, y: 5000 },
      { x: -5000, y: 5000 },
    ];
    const turned = fitHomography(corners, [
      { x: 113, y: 86 },
      { x: 587, y: 118 },
      { x: 569, y: 398 },
      { x: 125, y: 372 },
    ])!;
    expect(cameraMoved(reference, view(turned))).toBe(true);
  });
});
