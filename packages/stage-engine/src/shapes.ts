// Geometry of the stage elements in millimetres at true IPSC proportions, so the renderer, the
// hit-test and real-size calibration all read one source. Every shape is centred on its own
// bounding box with y growing downwards (canvas convention); polygons are flat [x0, y0, x1, y1…]
// arrays because that is what Konva.Line takes.
//
// Card (IPSC Target, IPSC Handgun Rules Appendix B2): 580 mm × 460 mm overall. Head 150 mm wide
// with its 100 × 50 mm A box, shoulders bevelled out to the full 460 mm, bevelled bottom corners;
// body C zone 300 × 320 mm with bevelled corners, body A zone 150 × 250 mm. Metal popper (IPSC
// Popper, Appendix C1): 850 mm tall, round 300 mm head on a neck that widens down to the base.
// These are the defaults; the club's own measured sizes (targetShapes) redraw every shape.
import { StageElementType, TargetType } from '@club/contract/stage';
import { DEFAULT_TARGET_DIMENSIONS, TARGET_DIMENSION_KEYS } from '@club/contract/targets';
import type { TargetDimensions } from '@club/contract/targets';

/** A closed polygon as flat [x0, y0, x1, y1, …] coordinates in millimetres. */
export type Polygon = readonly number[];

/** What a drawn part of a shape is, so a renderer can style or label it. */
export type PartRole = 'body' | 'zone-line' | 'cover';

/** One drawn layer of a shape, painted in order. */
export interface ShapePart {
  readonly role: PartRole;
  readonly polygon: Polygon;
  /** Fill colour, or null for a line only. */
  readonly fill: string | null;
  /** Stroke colour, or null for no outline. */
  readonly stroke: string | null;
  /** Stroke width in millimetres (scaled with the shape). */
  readonly strokeWidth: number;
}

/** A complete element shape: its size, its hit outline and its drawn parts. */
export interface ShapeDefinition {
  /** Width in millimetres. */
  readonly width: number;
  /** Height in millimetres. */
  readonly height: number;
  /** True size in metres, for real-size calibration. */
  readonly realWidthMetres: number;
  readonly realHeightMetres: number;
  /** Outer outline used for hit-testing. */
  readonly outline: Polygon;
  readonly parts: readonly ShapePart[];
}

/** Colours of IPSC targets: brown cardboard, white no-shoot, black hardcover, painted steel. */
export const SHAPE_COLOURS = {
  cardboard: '#c9a46c',
  cardboardLine: '#6b4f2a',
  noShoot: '#f7f7f4',
  noShootLine: '#9a9a96',
  hardcover: '#141414',
  hardcoverLine: '#3a3a3a',
  steel: '#b9c0c8',
  steelLine: '#59616b',
} as const;

// Built from the club's target sizes (@club/contract/targets, staff-corrected club settings):
// the card's overall size, its A and C zones and its head, the popper's height and head. The
// defaults give exactly the drawing above. Parts the settings do not name (the shoulder and foot
// bevels, where the zones sit) keep the drawing's proportions.
const DEFAULT_BODY = DEFAULT_TARGET_DIMENSIONS.cardHeight - DEFAULT_TARGET_DIMENSIONS.headHeight;

const toCentre = (polygon: Polygon, height: number): Polygon =>
  polygon.map((value, index) => (index % 2 === 1 ? value - height / 2 : value));

const rectangleFromTop = (halfWidth: number, top: number, height: number): Polygon => [
  -halfWidth,
  top,
  halfWidth,
  top,
  halfWidth,
  top + height,
  -halfWidth,
  top + height,
];

/** The card's zones as polygons, centred, in millimetres: head (C outside its A box), body A and C. */
export interface CardZones {
  readonly head: Polygon;
  readonly headA: Polygon;
  readonly bodyC: Polygon;
  readonly bodyA: Polygon;
}

function cardGeometry(size: TargetDimensions): { outline: Polygon; zones: CardZones } {
  const halfWidth = size.cardWidth / 2;
  const headHalf = size.headWidth / 2;
  const body = size.cardHeight - size.headHeight;
  // The drawing's shoulders reach the full width 85 mm below the head, and the foot bevel starts
  // 100 mm above the bottom and ends 150 mm each side of the centre line (of a 440 mm body, 230 mm half width).
  const shoulderY = size.headHeight + (body * 85) / DEFAULT_BODY;
  const footY = size.cardHeight - (body * 100) / DEFAULT_BODY;
  const footHalf = (halfWidth * 150) / 230;
  const outlineFromTop: Polygon = [
    -headHalf,
    0,
    headHalf,
    0,
    headHalf,
    size.headHeight,
    halfWidth,
    shoulderY,
    halfWidth,
    footY,
    footHalf,
    size.cardHeight,
    -footHalf,
    size.cardHeight,
    -halfWidth,
    footY,
    -halfWidth,
    shoulderY,
    -headHalf,
    size.headHeight,
  ];
  // The head's A box sits 20 mm under the top of the drawing's 140 mm head (20 of the 90 mm left over).
  const headATop = ((size.headHeight - size.headAHeight) * 20) / 90;
  // The body's C zone starts 35 mm under the head (35 of the 120 mm the drawing leaves), its
  // corners bevelled by 40 mm of its 300 mm width; the A zone is centred in it.
  const cTop = size.headHeight + ((body - size.bodyCHeight) * 35) / 120;
  const cHalf = size.bodyCWidth / 2;
  const bevel = Math.min((size.bodyCWidth * 40) / 300, size.bodyCHeight / 2);
  const cBottom = cTop + size.bodyCHeight;
  const bodyCFromTop: Polygon = [
    -cHalf + bevel,
    cTop,
    cHalf - bevel,
    cTop,
    cHalf,
    cTop + bevel,
    cHalf,
    cBottom - bevel,
    cHalf - bevel,
    cBottom,
    -cHalf + bevel,
    cBottom,
    -cHalf,
    cBottom - bevel,
    -cHalf,
    cTop + bevel,
  ];
  const aTop = cTop + (size.bodyCHeight - size.bodyAHeight) / 2;
  const centre = (polygon: Polygon) => toCentre(polygon, size.cardHeight);
  return {
    outline: centre(outlineFromTop),
    zones: {
      head: centre(rectangleFromTop(headHalf, 0, size.headHeight)),
      headA: centre(rectangleFromTop(size.headAWidth / 2, headATop, size.headAHeight)),
      bodyC: centre(bodyCFromTop),
      bodyA: centre(rectangleFromTop(size.bodyAWidth / 2, aTop, size.bodyAHeight)),
    },
  };
}

/** Outline of a popper of a given height and head diameter, from its top (the round head as a 40-segment arc). */
function popperOutlineFromTop(height: number, headDiameter: number): number[] {
  const radius = headDiameter / 2;
  const centreY = radius;
  // The drawing's neck is a third of the head wide and the base two thirds, the base starting at
  // 600 of 850 mm.
  const neckHalfWidth = headDiameter / 6;
  const baseHalfWidth = headDiameter / 3;
  const baseTop = (height * 600) / 850;
  // The arc leaves the head where it is exactly as wide as the neck.
  const neckAngle = Math.PI - Math.asin(neckHalfWidth / radius);
  const points: number[] = [baseHalfWidth, height, baseHalfWidth, baseTop];
  const segments = 40;
  for (let index = 0; index <= segments; index += 1) {
    const angle = neckAngle - (2 * neckAngle * index) / segments;
    points.push(radius * Math.sin(angle), centreY - radius * Math.cos(angle));
  }
  points.push(-baseHalfWidth, baseTop, -baseHalfWidth, height);
  return points;
}
/** Which half of a card a half cover hides. */
export type CoverSide = 'left' | 'right' | 'top' | 'bottom';

/** Clips a polygon to the half-plane kept by a side (Sutherland–Hodgman against one axis line through 0). */
export function clipToSide(polygon: Polygon, side: CoverSide): number[] {
  const axis = side === 'left' || side === 'right' ? 0 : 1;
  const keepBelowZero = side === 'left' || side === 'top';
  const inside = (x: number, y: number) => {
    const value = axis === 0 ? x : y;
    return keepBelowZero ? value <= 0 : value >= 0;
  };
  const result: number[] = [];
  const count = polygon.length / 2;
  for (let index = 0; index < count; index += 1) {
    const currentX = polygon[index * 2];
    const currentY = polygon[index * 2 + 1];
    const previousIndex = (index + count - 1) % count;
    const previousX = polygon[previousIndex * 2];
    const previousY = polygon[previousIndex * 2 + 1];
    const currentIn = inside(currentX, currentY);
    const previousIn = inside(previousX, previousY);
    if (currentIn !== previousIn) {
      const previousValue = axis === 0 ? previousX : previousY;
      const currentValue = axis === 0 ? currentX : currentY;
      const ratio = previousValue / (previousValue - currentValue);
      result.push(previousX + (currentX - previousX) * ratio, previousY + (currentY - previousY) * ratio);
    }
    if (currentIn) result.push(currentX, currentY);
  }
  return result;
}

/** Every shape the engine draws, built from one set of target sizes. */
export interface TargetShapes {
  readonly dimensions: TargetDimensions;
  /** Outline of the card, centred, in millimetres. */
  readonly cardOutline: Polygon;
  readonly cardZones: CardZones;
  readonly cards: Readonly<Record<TargetType, ShapeDefinition>>;
  readonly popper: ShapeDefinition;
}

function buildTargetShapes(dimensions: TargetDimensions): TargetShapes {
  const { outline, zones } = cardGeometry(dimensions);
  const zoneLines = [zones.head, zones.headA, zones.bodyC, zones.bodyA];
  const cardParts = (fill: string, line: string): ShapePart[] => [
    { role: 'body', polygon: outline, fill, stroke: line, strokeWidth: 4 },
    ...zoneLines.map((polygon): ShapePart => ({
      role: 'zone-line',
      polygon,
      fill: null,
      stroke: line,
      strokeWidth: 3,
    })),
  ];
  const halfCovered = (side: CoverSide, coverFill: string, coverLine: string): ShapePart[] => [
    ...cardParts(SHAPE_COLOURS.cardboard, SHAPE_COLOURS.cardboardLine),
    { role: 'cover', polygon: clipToSide(outline, side), fill: coverFill, stroke: coverLine, strokeWidth: 4 },
  ];
  const card = (parts: ShapePart[]): ShapeDefinition => ({
    width: dimensions.cardWidth,
    height: dimensions.cardHeight,
    realWidthMetres: dimensions.cardWidth / 1000,
    realHeightMetres: dimensions.cardHeight / 1000,
    outline,
    parts,
  });
  const noShootCover = (side: CoverSide) =>
    halfCovered(side, SHAPE_COLOURS.noShoot, SHAPE_COLOURS.noShootLine);
  const hardCover = (side: CoverSide) =>
    halfCovered(side, SHAPE_COLOURS.hardcover, SHAPE_COLOURS.hardcoverLine);
  const cards: Record<TargetType, ShapeDefinition> = {
    [TargetType.fullShootable]: card(cardParts(SHAPE_COLOURS.cardboard, SHAPE_COLOURS.cardboardLine)),
    [TargetType.fullNonshoot]: card(cardParts(SHAPE_COLOURS.noShoot, SHAPE_COLOURS.noShootLine)),
    [TargetType.halfNonshootLeft]: card(noShootCover('left')),
    [TargetType.halfNonshootRight]: card(noShootCover('right')),
    [TargetType.halfNonshootTop]: card(noShootCover('top')),
    [TargetType.halfNonshootBottom]: card(noShootCover('bottom')),
    [TargetType.fullHardcover]: card([
      {
        role: 'cover',
        polygon: outline,
        fill: SHAPE_COLOURS.hardcover,
        stroke: SHAPE_COLOURS.hardcoverLine,
        strokeWidth: 4,
      },
    ]),
    [TargetType.halfHardcoverLeft]: card(hardCover('left')),
    [TargetType.halfHardcoverRight]: card(hardCover('right')),
    [TargetType.halfHardcoverTop]: card(hardCover('top')),
    [TargetType.halfHardcoverBottom]: card(hardCover('bottom')),
  };
  const popperHeight = dimensions.popperHeight;
  const popperWidth = dimensions.popperHeadDiameter;
  const popperOutline = toCentre(popperOutlineFromTop(popperHeight, popperWidth), popperHeight);
  const popperHeadLine = toCentre(circlePolygon(0, popperWidth / 2, popperWidth / 2, 48), popperHeight);
  const popper: ShapeDefinition = {
    width: popperWidth,
    height: popperHeight,
    realWidthMetres: popperWidth / 1000,
    realHeightMetres: popperHeight / 1000,
    outline: popperOutline,
    parts: [
      {
        role: 'body',
        polygon: popperOutline,
        fill: SHAPE_COLOURS.steel,
        stroke: SHAPE_COLOURS.steelLine,
        strokeWidth: 5,
      },
      {
        role: 'zone-line',
        polygon: popperHeadLine,
        fill: null,
        stroke: SHAPE_COLOURS.steelLine,
        strokeWidth: 3,
      },
    ],
  };
  return { dimensions, cardOutline: outline, cardZones: zones, cards, popper };
}

// One shape set per distinct set of sizes, so shapes stay the same objects between frames and
// callers may compare them by identity.
const shapeCache = new Map<string, TargetShapes>();

/** The shapes drawn and scored at a set of target sizes (the club's, or the defaults). */
export function targetShapes(dimensions: TargetDimensions): TargetShapes {
  const key = TARGET_DIMENSION_KEYS.map((name) => dimensions[name]).join(',');
  let shapes = shapeCache.get(key);
  if (shapes === undefined) {
    shapes = buildTargetShapes(dimensions);
    // The club has one set of sizes; a handful covers staff trying values in one page's life.
    if (shapeCache.size >= 16) shapeCache.clear();
    shapeCache.set(key, shapes);
  }
  return shapes;
}

/** The shapes at the default (approximate, unmeasured) sizes. */
export const DEFAULT_TARGET_SHAPES = targetShapes(DEFAULT_TARGET_DIMENSIONS);

/** Outline of the IPSC cardboard target at the default sizes, centred, in millimetres. */
export const CARD_OUTLINE = DEFAULT_TARGET_SHAPES.cardOutline;
/** The card's scoring zones at the default sizes. */
export const CARD_ZONES = DEFAULT_TARGET_SHAPES.cardZones;
/** The IPSC popper's shape at the default sizes. */
export const POPPER_SHAPE = DEFAULT_TARGET_SHAPES.popper;
/** Outline of the IPSC popper at the default sizes, centred, in millimetres. */
export const POPPER_OUTLINE = POPPER_SHAPE.outline;

/** The shape for an element type and, for cards, its target type (a card without one is full shootable). */
export function shapeFor(
  type: StageElementType,
  targetType: TargetType | null,
  shapes: TargetShapes = DEFAULT_TARGET_SHAPES,
): ShapeDefinition {
  if (type === StageElementType.popperIpsc) return shapes.popper;
  return shapes.cards[targetType ?? TargetType.fullShootable];
}

/** Whether a point in shape millimetres lies inside a polygon (even–odd rule; edges count as inside only by chance). */
export function pointInPolygon(x: number, y: number, polygon: Polygon): boolean {
  let inside = false;
  const count = polygon.length / 2;
  for (let index = 0, previous = count - 1; index < count; previous = index, index += 1) {
    const xi = polygon[index * 2];
    const yi = polygon[index * 2 + 1];
    const xj = polygon[previous * 2];
    const yj = polygon[previous * 2 + 1];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function circlePolygon(centreX: number, centreY: number, radius: number, segments: number): number[] {
  const points: number[] = [];
  for (let index = 0; index < segments; index += 1) {
    const angle = (2 * Math.PI * index) / segments;
    points.push(centreX + radius * Math.cos(angle), centreY + radius * Math.sin(angle));
  }
  return points;
}
