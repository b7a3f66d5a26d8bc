import { AnimationType } from '@club/contract/stage';
import { describe, expect, it } from 'vitest';
import { poseAt, QUARTER_TURN_MS, ANIMATION } from './animation.ts';
import { createViewport } from './coordinates.ts';
import { dragTo, elementAt, elementBounds, elementsAt, placeAtRest } from './hit-test.ts';
import type { PlacedElement } from './hit-test.ts';
import { addElement, createElement, createEmptyStage, patchElement } from './model.ts';
import type { Stage } from './model.ts';

// A card at scale 1 is 40 % of 720 px = 288 px tall and 228.4 px wide: 4000 × 1784 position units.
function twoOverlapping(): Stage {
  const bottom = patchElement(createElement('full-shootable', { newId: () => 'bottom' }), { positionX: 0 });
  const top = patchElement(createElement('full-no-shoot', { newId: () => 'top' }), { positionX: 500 });
  return addElement(addElement(createEmptyStage(), bottom), top);
}

describe('elementAt', () => {
  const stage = twoOverlapping();

  it('returns the topmost element first where two overlap', () => {
    expect(elementsAt(stage, { positionX: 300, positionY: 0 })).toEqual(['top', 'bottom']);
    expect(elementAt(stage, { positionX: 300, positionY: 0 })).toBe('top');
  });

  it('returns the lower element where only it lies', () => {
    expect(elementAt(stage, { positionX: -700, positionY: 0 })).toBe('bottom');
  });

  it('returns null on empty stage', () => {
    expect(elementAt(stage, { positionX: -4000, positionY: -4000 })).toBeNull();
  });

  it('follows the real outline: beside the head is empty, the head is not', () => {
    // The head is 150 of 460 mm wide; 200 mm right of centre at head height is off the card.
    const headY = ((-290 + 70) / 580) * 4000;
    const single = addElement(createEmptyStage(), createElement('full-shootable', { newId: () => 'c' }));
    expect(elementAt(single, { positionX: 0, positionY: headY })).toBe('c');
    expect(elementAt(single, { positionX: (200 / 460) * 1784, positionY: headY })).toBeNull();
  });

  it('grows with the element scale', () => {
    const small = addElement(createEmptyStage(), createElement('popper', { newId: () => 'p' }));
    const point = { positionX: 0, positionY: 3000 };
    expect(elementAt(small, point)).toBeNull();
    const big = addElement(
      createEmptyStage(),
      patchElement(createElement('popper', { newId: () => 'p' }), { scale: 2 }),
    );
    expect(elementAt(big, point)).toBe('p');
  });

  it('follows a pose: a swinger at 90° lies beside its pivot; a flat rise-fall cannot be hit', () => {
    const single = addElement(
      createEmptyStage(),
      patchElement(createElement('full-shootable', { newId: () => 's' }), {
        animation: AnimationType.swinger,
      }),
    );
    const [resting] = placeAtRest(single);
    const swung: PlacedElement = {
      ...resting,
      pose: { ...resting.pose, rotation: 90, pivotX: 0, pivotY: 290 },
    };
    // Upright the card covers its centre; swung 90° clockwise about its base its head points right, at base height.
    expect(elementAt(single, { positionX: 0, positionY: 0 }, [resting])).toBe('s');
    expect(elementAt(single, { positionX: 0, positionY: -1000 }, [swung])).toBeNull();
    expect(elementAt(single, { positionX: 1500, positionY: 2000 }, [swung])).toBe('s');
    expect(elementAt(single, { positionX: -1500, positionY: 2000 }, [swung])).toBeNull();
    const flat: PlacedElement = {
      ...resting,
      pose: poseAt(
        { ...resting.element, animation: AnimationType.cardRiseFall },
        ANIMATION.cardHoldUpMs + QUARTER_TURN_MS + 10,
      ),
    };
    expect(elementAt(single, { positionX: 0, positionY: 1990 }, [flat])).toBeNull();
  });

  it('ignores hidden elements', () => {
    const single = addElement(createEmptyStage(), createElement('full-shootable', { newId: () => 'c' }));
    const [resting] = placeAtRest(single);
    expect(elementAt(single, { positionX: 0, positionY: 0 }, [{ ...resting, visible: false }])).toBeNull();
  });
});

describe('elementBounds', () => {
  it('spans the element size around its position', () => {
    const stage = addElement(
      createEmptyStage(),
      patchElement(createElement('full-shootable', { newId: () => 'c' }), { positionX: 1000 }),
    );
    const bounds = elementBounds(stage, placeAtRest(stage)[0]);
    expect(bounds.minY).toBeCloseTo(-2000);
    expect(bounds.maxY).toBeCloseTo(2000);
    expect(bounds.maxX - bounds.minX).toBeCloseTo(((288 * 460) / 580 / 1280) * 10000);
    expect((bounds.maxX + bounds.minX) / 2).toBeCloseTo(1000);
  });
});

describe('dragTo', () => {
  const viewport = createViewport(1280, 720);

  it('moves by the pointer movement in position units, snapped to 10', () => {
    expect(dragTo({ positionX: 0, positionY: 0 }, 128, -72, viewport)).toEqual({
      positionX: 1000,
      positionY: -1000,
    });
    expect(dragTo({ positionX: 0, positionY: 0 }, 1, 1, viewport)).toEqual({ positionX: 10, positionY: 10 });
  });

  it('clamps at the stage bounds', () => {
    expect(dragTo({ positionX: 4900, positionY: -4900 }, 500, -500, viewport)).toEqual({
      positionX: 5000,
      positionY: -5000,
    });
  });

  it('accounts for the canvas scale', () => {
    const large = createViewport(2560, 1440);
    expect(dragTo({ positionX: 0, positionY: 0 }, 256, 0, large)).toEqual({ positionX: 1000, positionY: 0 });
  });
});
