import { describe, expect, it } from 'vitest';
import { createViewport } from '@club/stage-engine/coordinates';
import { addElement, createElement, createEmptyStage, patchElement } from '@club/stage-engine/model';
import { elementBox, overlaps, visibleSpot } from './placement.ts';

// A 1280 × 720 canvas shows the 1280 × 720 design one to one.
const viewport = createViewport(1280, 720);
const target = createElement('full-shootable', { name: 'Target' });

describe('visibleSpot', () => {
  it('puts the first element in the middle of an uncovered stage', () => {
    expect(visibleSpot(createEmptyStage(), viewport, null, target)).toEqual({ positionX: 0, positionY: 0 });
  });

  it('keeps the centre when the panel leaves it in view', () => {
    const panel = { x: 900, y: 12, width: 370, height: 420 };
    expect(visibleSpot(createEmptyStage(), viewport, panel, target)).toEqual({ positionX: 0, positionY: 0 });
  });

  it('keeps a new element out from under a panel over the right of the stage', () => {
    const panel = { x: 760, y: 12, width: 500, height: 420 };
    let stage = createEmptyStage();
    for (let index = 0; index < 3; index += 1) {
      const spot = visibleSpot(stage, viewport, panel, target);
      expect(spot).not.toBeNull();
      const placed = patchElement(createElement('full-shootable', { name: `T${index}` }), spot ?? {});
      const box = elementBox(viewport, placed);
      expect(overlaps(box, panel)).toBe(false);
      expect(box.x).toBeGreaterThanOrEqual(0);
      // Beside the ones already there, not on top of them.
      for (const other of stage.elements) expect(overlaps(box, elementBox(viewport, other))).toBe(false);
      stage = addElement(stage, placed);
    }
  });

  it('answers null when no uncovered part of the stage holds the element', () => {
    expect(visibleSpot(createEmptyStage(), viewport, { x: -10, y: -10, width: 1300, height: 740 }, target)).toBeNull();
  });
});
