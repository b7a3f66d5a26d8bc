import { describe, expect, it } from 'vitest';
import {
  BANK_CARD_MM,
  canvasWidthMetresFromCard,
  canvasDeltaToStage,
  canvasToStage,
  createViewport,
  elementDesignSize,
  pixelsPerMillimetre,
  realSizePixelsPerMillimetre,
  stageToCanvas,
} from './coordinates.ts';
import { createElement } from './model.ts';

const fixedId = () => 'id';

describe('viewport', () => {
  it('fills a canvas of the design aspect exactly', () => {
    const viewport = createViewport(1920, 1080);
    expect(viewport.scale).toBe(1.5);
    expect(viewport.offsetX).toBe(0);
    expect(viewport.offsetY).toBe(0);
  });

  it('letterboxes a taller canvas above and below', () => {
    const viewport = createViewport(1280, 1000);
    expect(viewport.scale).toBe(1);
    expect(viewport.offsetX).toBe(0);
    expect(viewport.offsetY).toBe(140);
  });

  it('pillarboxes a wider canvas left and right', () => {
    const viewport = createViewport(2000, 720);
    expect(viewport.scale).toBe(1);
    expect(viewport.offsetX).toBe(360);
  });
});

describe('stage and canvas points', () => {
  const viewport = createViewport(1000, 1000);

  it('puts the stage centre at the middle of the canvas', () => {
    expect(stageToCanvas(viewport, { positionX: 0, positionY: 0 })).toEqual({ x: 500, y: 500 });
  });

  it('puts −5000 at the left and top edges and +5000 at the right and bottom edges of the design', () => {
    const topLeft = stageToCanvas(viewport, { positionX: -5000, positionY: -5000 });
    const bottomRight = stageToCanvas(viewport, { positionX: 5000, positionY: 5000 });
    expect(topLeft.x).toBeCloseTo(0);
    expect(topLeft.y).toBeCloseTo(viewport.offsetY);
    expect(bottomRight.x).toBeCloseTo(1000);
    expect(bottomRight.y).toBeCloseTo(viewport.offsetY + 720 * viewport.scale);
  });

  it.each([
    [1920, 1080],
    [800, 1200],
    [333, 97],
  ])('round-trips stage → canvas → stage on a %d×%d canvas', (width, height) => {
    const other = createViewport(width, height);
    for (const point of [
      { positionX: 0, positionY: 0 },
      { positionX: -5000, positionY: 5000 },
      { positionX: 1230, positionY: -4410 },
    ]) {
      const back = canvasToStage(other, stageToCanvas(other, point));
      expect(back.positionX).toBeCloseTo(point.positionX, 6);
      expect(back.positionY).toBeCloseTo(point.positionY, 6);
    }
  });

  it('converts a pointer movement to position units per axis', () => {
    const design = createViewport(1280, 720);
    expect(canvasDeltaToStage(design, 128, 72)).toEqual({ positionX: 1000, positionY: 1000 });
  });
});

describe('element sizes', () => {
  it('makes a card at scale 1 40 % of the stage height with the IPSC 46:58 aspect', () => {
    const size = elementDesignSize(createElement('full-shootable', { newId: fixedId }), 720);
    expect(size.height).toBeCloseTo(288);
    expect(size.width).toBeCloseTo((288 * 460) / 580);
  });

  it('scales with the element scale', () => {
    const card = { ...createElement('full-shootable', { newId: fixedId }), scale: 2 };
    expect(elementDesignSize(card, 720).height).toBeCloseTo(576);
  });

  it('gives canvas pixels per millimetre consistent with the viewport scale', () => {
    const card = createElement('full-shootable', { newId: fixedId });
    expect(pixelsPerMillimetre(createViewport(1920, 1080), card)).toBeCloseTo((288 * 1.5) / 580);
  });

  it('draws a 58 cm target at 10 m, seen from 2 m on a 2 m wide image, 11.6 cm tall', () => {
    const perMillimetre = realSizePixelsPerMillimetre(1000, {
      imageWidthMetres: 2,
      simulatedDistanceMetres: 10,
      viewerDistanceMetres: 2,
    });
    // 1000 px over 2 m is 500 px per metre; 0.58 m × 2/10 = 0.116 m = 58 px.
    expect(580 * perMillimetre).toBeCloseTo(58);
  });

  it('refuses a calibration without sizes', () => {
    expect(
      realSizePixelsPerMillimetre(1000, {
        imageWidthMetres: 0,
        simulatedDistanceMetres: 10,
        viewerDistanceMetres: 2,
      }),
    ).toBe(0);
  });
});

describe('bank-card calibration', () => {
  it('turns the matched card width into the canvas width in metres', () => {
    // A card drawn 342.4 px wide means 4 px per mm: a 1600 px canvas is 400 mm wide.
    expect(canvasWidthMetresFromCard(1600, 342.4)).toBeCloseTo(0.4, 6);
    expect(canvasWidthMetresFromCard(1600, 0)).toBe(0);
    expect(BANK_CARD_MM.height / BANK_CARD_MM.width).toBeCloseTo(0.6306, 4);
  });
});
