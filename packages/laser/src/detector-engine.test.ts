// @vitest-environment node
import { addElement, createElement, createEmptyStage, patchElement } from '@club/stage-engine/model';
import { describe, expect, it } from 'vitest';
import {
  blur,
  frameOf,
  noiseTable,
  renderMarkers,
  renderStage,
  seededRandom,
  stageToCameraFor,
} from './scene.ts';
import { DetectorEngine } from './detector-engine.ts';

const WIDTH = 640;
const HEIGHT = 480;

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
    const stageToCamera = stageToCameraFor(WIDTH, HEIGHT);
    const random = seededRandom(7);
    const table = noiseTable(random);
    const marks = blur(renderMarkers(WIDTH, HEIGHT, stageToCamera, stage), 1);
    const scene = blur(renderStage(WIDTH, HEIGHT, stageToCamera, stage), 1);
    const engine = new DetectorEngine({ colour: 'red', sensitivity: 6 });
    expect(
      engine.calibrate(frameOf(marks, { noise: 5, random, table }), WIDTH, HEIGHT, stage).calibration,
    ).not.toBeNull();
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
