import { AnimationType } from '@club/contract/stage';
import { describe, expect, it } from 'vitest';
import { poseAt, QUARTER_TURN_MS, ANIMATION, SWINGER_PERIOD_MS } from './animation.ts';
import { placeAtRest } from './hit-test.ts';
import type { PlacedElement } from './hit-test.ts';
import { addElement, createElement, createEmptyStage, patchElement } from './model.ts';
import type { ElementKind, Stage } from './model.ts';
import { isShootable, zoneAt } from './zones.ts';

// A card at scale 1 is 4000 position units tall (580 mm) and 1784 wide (460 mm) on the default stage.
const mmY = (millimetres: number) => (millimetres / 580) * 4000;
const mmX = (millimetres: number) => (millimetres / 460) * 1784;
// Card millimetres are measured from the centre; the drawing's numbers from the top edge.
const fromTop = (millimetres: number) => mmY(millimetres - 290);

function stageOf(...kinds: [ElementKind, number, Partial<Parameters<typeof patchElement>[1]>?][]): Stage {
  let stage = createEmptyStage();
  kinds.forEach(([kind, positionX, patch], index) => {
    const element = patchElement(createElement(kind, { newId: () => `e${index}` }), { positionX, ...patch });
    stage = addElement(stage, element);
  });
  return stage;
}

describe('zoneAt', () => {
  const card = stageOf(['full-shootable', 0]);

  it('calls A in the body and head A boxes, C in the body C and the rest of the head, D outside', () => {
    expect(zoneAt(card, { positionX: 0, positionY: fromTop(300) })).toEqual({ zone: 'A', elementId: 'e0' });
    expect(zoneAt(card, { positionX: 0, positionY: fromTop(45) }).zone).toBe('A');
    expect(zoneAt(card, { positionX: mmX(65), positionY: fromTop(45) }).zone).toBe('C');
    expect(zoneAt(card, { positionX: mmX(120), positionY: fromTop(300) }).zone).toBe('C');
    expect(zoneAt(card, { positionX: mmX(200), positionY: fromTop(300) }).zone).toBe('D');
    expect(zoneAt(card, { positionX: 0, positionY: fromTop(540) }).zone).toBe('D');
  });

  it('calls a miss off every element, beside the head included', () => {
    expect(zoneAt(card, { positionX: mmX(200), positionY: fromTop(60) })).toEqual({
      zone: 'M',
      elementId: null,
    });
    expect(zoneAt(card, { positionX: 4000, positionY: 0 }).zone).toBe('M');
  });

  it('stops a shot at a hard cover in front of a target and calls the shootable half behind it', () => {
    const covered = stageOf(['full-shootable', 0], ['full-hardcover', mmX(200)]);
    expect(zoneAt(covered, { positionX: mmX(100), positionY: fromTop(300) })).toEqual({
      zone: 'HC',
      elementId: 'e1',
    });
    expect(zoneAt(covered, { positionX: mmX(-100), positionY: fromTop(300) }).zone).toBe('C');
    const half = stageOf(['half-hardcover-left', 0]);
    expect(zoneAt(half, { positionX: mmX(-50), positionY: fromTop(300) }).zone).toBe('HC');
    expect(zoneAt(half, { positionX: mmX(50), positionY: fromTop(300) }).zone).toBe('A');
  });

  it('calls NS on a no-shoot and on the no-shoot half of a card', () => {
    expect(zoneAt(stageOf(['full-no-shoot', 0]), { positionX: 0, positionY: 0 }).zone).toBe('NS');
    const half = stageOf(['half-no-shoot-top', 0]);
    expect(zoneAt(half, { positionX: 0, positionY: fromTop(45) }).zone).toBe('NS');
    expect(zoneAt(half, { positionX: 0, positionY: fromTop(350) }).zone).toBe('A');
  });

  it('calls P on a popper', () => {
    expect(zoneAt(stageOf(['popper', 0]), { positionX: 0, positionY: 0 })).toEqual({
      zone: 'P',
      elementId: 'e0',
    });
  });

  it('uses the pose at the moment of the shot: a door swung open cannot be hit', () => {
    const door = stageOf(['full-shootable', 0, { animation: AnimationType.door }]);
    const at = (tMs: number): PlacedElement[] =>
      placeAtRest(door).map((placed) => ({
        ...placed,
        pose: poseAt(placed.element, tMs),
        visible: poseAt(placed.element, tMs).visible,
      }));
    const centre = { positionX: 0, positionY: fromTop(300) };
    expect(zoneAt(door, centre, at(0)).zone).toBe('A');
    expect(zoneAt(door, centre, at(ANIMATION.doorHoldClosedMs + QUARTER_TURN_MS + 10)).zone).toBe('M');
  });

  it('follows a swinger: at its far swing the card lies beside its pivot', () => {
    const swinger = stageOf(['full-shootable', 0, { animation: AnimationType.swinger }]);
    const quarter = SWINGER_PERIOD_MS / 4;
    const placed = placeAtRest(swinger).map((item) => ({ ...item, pose: poseAt(item.element, quarter) }));
    // Swung +91° about the pivot under the card: the body centre now lies right of the pivot, at its height.
    expect(zoneAt(swinger, { positionX: 0, positionY: fromTop(300) }, placed).zone).toBe('M');
    expect(
      zoneAt(swinger, { positionX: mmX(290 - 300 + 290), positionY: fromTop(580) }, placed).zone,
    ).not.toBe('M');
  });

  it('ignores hidden elements', () => {
    const placed = placeAtRest(card).map((item) => ({ ...item, visible: false }));
    expect(zoneAt(card, { positionX: 0, positionY: 0 }, placed).zone).toBe('M');
  });

  it('knows which elements can be scored', () => {
    expect(isShootable(createElement('full-shootable'))).toBe(true);
    expect(isShootable(createElement('half-hardcover-left'))).toBe(true);
    expect(isShootable(createElement('popper'))).toBe(true);
    expect(isShootable(createElement('full-no-shoot'))).toBe(false);
    expect(isShootable(createElement('full-hardcover'))).toBe(false);
  });
});
