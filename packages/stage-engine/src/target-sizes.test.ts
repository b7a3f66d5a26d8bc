// The club's measured target sizes drive what is drawn and what is scored: a shot placed by
// plain arithmetic on a real-size screen (1 canvas pixel per millimetre) lands in the zone a ruler
// on the club's own card says, and the default drawing would call some of those shots otherwise.
import { DEFAULT_TARGET_DIMENSIONS, targetDimensionsSchema } from '@club/contract/targets';
import type { TargetDimensions } from '@club/contract/targets';
import { describe, expect, it } from 'vitest';
import { canvasToStage, createViewport, stageToCanvas } from './coordinates.ts';
import type { RealSizeCalibration } from './coordinates.ts';
import { placeAtRest, realSizeOf, stageSizeWith } from './hit-test.ts';
import { addElement, createElement, createEmptyStage, patchElement } from './model.ts';
import type { ElementKind, Stage } from './model.ts';
import { DEFAULT_TARGET_SHAPES, shapeFor, targetShapes } from './shapes.ts';
import type { Polygon } from './shapes.ts';
import { zoneAt } from './zones.ts';

/** A club whose cards are bigger than the default drawing in every named size. */
const CLUB: TargetDimensions = {
  ...DEFAULT_TARGET_DIMENSIONS,
  cardWidth: 500,
  cardHeight: 620,
  bodyAWidth: 180,
  bodyAHeight: 300,
  bodyCWidth: 340,
  bodyCHeight: 360,
  headWidth: 170,
  headHeight: 150,
  headAWidth: 120,
  headAHeight: 60,
  popperHeight: 900,
  popperHeadDiameter: 320,
};

const bounds = (polygon: Polygon) => {
  const xs = polygon.filter((_, index) => index % 2 === 0);
  const ys = polygon.filter((_, index) => index % 2 === 1);
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
};

function stageOf(kind: ElementKind): Stage {
  const element = patchElement(createElement(kind, { newId: () => 'e0' }), { positionX: 0, positionY: 0 });
  return addElement(createEmptyStage(), element);
}

// A canvas 2000 px wide showing an image 2 m wide, the member as far from the screen as the
// simulated distance: one canvas pixel is one millimetre of target.
const viewport = createViewport(2000, 1000);
const ONE_PIXEL_PER_MM: RealSizeCalibration = {
  imageWidthMetres: 2,
  simulatedDistanceMetres: 3,
  viewerDistanceMetres: 3,
};

/** The zone of a shot `x` mm right of and `y` mm below the centre of the element, at real size. */
function shotAt(stage: Stage, shapes: typeof DEFAULT_TARGET_SHAPES, x: number, y: number) {
  const centre = stageToCanvas(viewport, { positionX: 0, positionY: 0 });
  const point = canvasToStage(viewport, { x: centre.x + x, y: centre.y + y });
  return zoneAt(stage, point, placeAtRest(stage), realSizeOf(viewport, ONE_PIXEL_PER_MM, shapes), shapes)
    .zone;
}

describe('target shapes built from the club sizes', () => {
  const club = targetShapes(CLUB);

  it('takes sizes staff may save', () => {
    expect(targetDimensionsSchema.safeParse(CLUB).success).toBe(true);
  });

  it('draws the card, its zones and the popper at the club sizes', () => {
    expect(bounds(club.cardOutline)).toEqual({ width: 500, height: 620 });
    expect(bounds(club.cardZones.bodyA)).toEqual({ width: 180, height: 300 });
    expect(bounds(club.cardZones.bodyC)).toEqual({ width: 340, height: 360 });
    expect(bounds(club.cardZones.head)).toEqual({ width: 170, height: 150 });
    expect(bounds(club.cardZones.headA)).toEqual({ width: 120, height: 60 });
    const card = shapeFor(1, 1, club);
    expect([card.width, card.height, card.realWidthMetres, card.realHeightMetres]).toEqual([
      500, 620, 0.5, 0.62,
    ]);
    expect(card.parts.find((part) => part.role === 'body')?.polygon).toBe(club.cardOutline);
    const popper = shapeFor(3, null, club);
    expect(bounds(popper.outline).height).toBeCloseTo(900, 6);
    // The round head is a polygon of 40 straight segments: within half a millimetre of the circle.
    expect(Math.abs(bounds(popper.outline).width - 320)).toBeLessThan(0.5);
  });

  it('keeps every zone inside the card and the A zones inside their C zones', () => {
    const within = (inner: Polygon, outer: Polygon) => {
      const a = bounds(inner);
      const b = bounds(outer);
      return a.width <= b.width && a.height <= b.height;
    };
    expect(within(club.cardZones.bodyA, club.cardZones.bodyC)).toBe(true);
    expect(within(club.cardZones.headA, club.cardZones.head)).toBe(true);
    expect(within(club.cardZones.bodyC, club.cardOutline)).toBe(true);
  });

  it('gives the same shapes for the same sizes, so a redraw keeps its objects', () => {
    expect(targetShapes({ ...CLUB })).toBe(club);
    expect(targetShapes(DEFAULT_TARGET_DIMENSIONS)).toBe(DEFAULT_TARGET_SHAPES);
  });

  it('scores a real-size shot against the club card, where the default card calls it otherwise', () => {
    const stage = stageOf('full-shootable');
    // Body centre: the C zone starts (620 − 150 − 360) · 35/120 mm under the head, A centred in it.
    const bodyCentre = -310 + 150 + ((620 - 150 - 360) * 35) / 120 + 180;
    // 85 mm right of the centre line: inside the club's 180 mm A zone, outside the default 150 mm.
    expect(shotAt(stage, club, 85, bodyCentre)).toBe('A');
    expect(shotAt(stage, DEFAULT_TARGET_SHAPES, 85, bodyCentre)).toBe('C');
    // 165 mm right: in the club's 340 mm C zone, in the default card's D.
    expect(shotAt(stage, club, 165, bodyCentre)).toBe('C');
    expect(shotAt(stage, DEFAULT_TARGET_SHAPES, 165, bodyCentre)).toBe('D');
    // 240 mm right: on the club's 500 mm card (D), off the default 460 mm one (a miss).
    expect(shotAt(stage, club, 240, bodyCentre)).toBe('D');
    expect(shotAt(stage, DEFAULT_TARGET_SHAPES, 240, bodyCentre)).toBe('M');
    expect(shotAt(stage, club, 255, bodyCentre)).toBe('M');
    // The head's A box: 58 mm right of centre is A on the club's 120 mm box, C (the head) on the 100 mm one.
    const headABoxCentre = -310 + ((150 - 60) * 20) / 90 + 30;
    expect(shotAt(stage, club, 58, headABoxCentre)).toBe('A');
    expect(shotAt(stage, DEFAULT_TARGET_SHAPES, 58, -290 + 45)).toBe('C');
  });

  it('scores a popper shot on the club popper head the default one is too small for', () => {
    const stage = stageOf('popper');
    // 155 mm right of the head's centre: on a 320 mm head, off a 300 mm one.
    const headCentreClub = -450 + 160;
    expect(shotAt(stage, club, 155, headCentreClub)).toBe('P');
    expect(shotAt(stage, DEFAULT_TARGET_SHAPES, 155, -425 + 150)).toBe('M');
  });

  it('keeps stage-size drawing at the element height, with the club card proportions', () => {
    const stage = stageOf('full-shootable');
    const [placed] = placeAtRest(stage);
    const clubSize = stageSizeWith(club)(stage, placed);
    const defaultSize = stageSizeWith(DEFAULT_TARGET_SHAPES)(stage, placed);
    expect(clubSize.height).toBeCloseTo(defaultSize.height, 9);
    // Width in position units over height in position units, corrected for the stage's own aspect.
    expect((clubSize.width / clubSize.height) * (stage.designWidth / stage.designHeight)).toBeCloseTo(
      500 / 620,
      9,
    );
  });
});
