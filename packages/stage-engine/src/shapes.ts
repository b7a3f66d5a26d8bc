// Geometry of the stage elements in millimetres at true IPSC proportions, so the renderer, the
// hit-test and real-size calibration all read one source. Every shape is centred on its own
// bounding box with y growing downwards (canvas convention); polygons are flat [x0, y0, x1, y1…]
// arrays because that is what Konva.Line takes.
//
// Card (IPSC Target, IPSC Handgun Rules Appendix B2): 580 mm × 460 mm overall. Head 150 mm wide
// with its 100 × 50 mm A box, shoulders bevelled out to the full 460 mm, bevelled bottom corners;
// body C zone 300 × 320 mm with bevelled corners, body A zone 150 × 250 mm. Metal popper (IPSC
// Popper, Appendix C1): 850 mm tall, round 300 mm head on a neck that widens down to the base.
import { StageElementType, TargetType } from '@club/contract/stage';

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

const CARD_WIDTH = 460;
const CARD_HEIGHT = 580;
const POPPER_WIDTH = 300;
const POPPER_HEIGHT = 850;

// Written from the top-left of the card (y down from the top edge, x from the centre line) and
// shifted to the centre afterwards, which keeps the numbers readable against the rule drawing.
const cardOutlineFromTop: Polygon = [
  -75, 0, 75, 0, 75, 140, 230, 225, 230, 480, 150, 580, -150, 580, -230, 480, -230, 225, -75, 140,
];
const cardHeadFromTop: Polygon = [-75, 0, 75, 0, 75, 140, -75, 140];
const cardHeadAFromTop: Polygon = [-50, 20, 50, 20, 50, 70, -50, 70];
const cardBodyCFromTop: Polygon = [
  -110, 175, 110, 175, 150, 215, 150, 455, 110, 495, -110, 495, -150, 455, -150, 215,
];
const cardBodyAFromTop: Polygon = [-75, 210, 75, 210, 75, 460, -75, 460];

const toCentre = (polygon: Polygon, height: number): Polygon =>
  polygon.map((value, index) => (index % 2 === 1 ? value - height / 2 : value));

/** Outline of the IPSC cardboard target, centred, in millimetres. */
export const CARD_OUTLINE = toCentre(cardOutlineFromTop, CARD_HEIGHT);
/** The scoring zones of the card, centred, in millimetres: head (C outside its A box), body A and C. */
export const CARD_ZONES = {
  head: toCentre(cardHeadFromTop, CARD_HEIGHT),
  headA: toCentre(cardHeadAFromTop, CARD_HEIGHT),
  bodyC: toCentre(cardBodyCFromTop, CARD_HEIGHT),
  bodyA: toCentre(cardBodyAFromTop, CARD_HEIGHT),
} as const;
const CARD_ZONE_LINES = [CARD_ZONES.head, CARD_ZONES.headA, CARD_ZONES.bodyC, CARD_ZONES.bodyA];

/** Outline of the IPSC popper, centred, in millimetres (the round head as a 48-sided arc). */
export const POPPER_OUTLINE = toCentre(buildPopperOutline(), POPPER_HEIGHT);
const POPPER_HEAD_LINE = toCentre(circlePolygon(0, 150, 150, 48), POPPER_HEIGHT);

function buildPopperOutline(): number[] {
  const radius = 150;
  const centreY = 150;
  const neckHalfWidth = 50;
  // The arc leaves the head where it is exactly as wide as the neck.
  const neckAngle = Math.PI - Math.asin(neckHalfWidth / radius);
  const points: number[] = [100, 850, 100, 600];
  const segments = 40;
  for (let index = 0; index <= segments; index += 1) {
    const angle = neckAngle - (2 * neckAngle * index) / segments;
    points.push(radius * Math.sin(angle), centreY - radius * Math.cos(angle));
  }
  points.push(-100, 600, -100, 850);
  return points;
}

function circlePolygon(centreX: number, centreY: number, radius: number, segments: number): number[] {
  const points: number[] = [];
  for (let index = 0; index < segments; index += 1) {
    const angle = (2 * Math.PI * index) / segments;
    points.push(centreX + radius * Math.cos(angle), centreY + radius * Math.sin(angle));
  }
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

function cardParts(fill: string, line: string): ShapePart[] {
  return [
    { role: 'body', polygon: CARD_OUTLINE, fill, stroke: line, strokeWidth: 4 },
    ...CARD_ZONE_LINES.map((polygon): ShapePart => ({
      role: 'zone-line',
      polygon,
      fill: null,
      stroke: line,
      strokeWidth: 3,
    })),
  ];
}

function halfCovered(side: CoverSide, coverFill: string, coverLine: string): ShapePart[] {
  return [
    ...cardParts(SHAPE_COLOURS.cardboard, SHAPE_COLOURS.cardboardLine),
    {
      role: 'cover',
      polygon: clipToSide(CARD_OUTLINE, side),
      fill: coverFill,
      stroke: coverLine,
      strokeWidth: 4,
    },
  ];
}

function cardDefinition(parts: ShapePart[]): ShapeDefinition {
  return {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    realWidthMetres: CARD_WIDTH / 1000,
    realHeightMetres: CARD_HEIGHT / 1000,
    outline: CARD_OUTLINE,
    parts,
  };
}

const noShootCover = (side: CoverSide) => halfCovered(side, SHAPE_COLOURS.noShoot, SHAPE_COLOURS.noShootLine);
const hardCover = (side: CoverSide) =>
  halfCovered(side, SHAPE_COLOURS.hardcover, SHAPE_COLOURS.hardcoverLine);

const CARD_SHAPES: Record<TargetType, ShapeDefinition> = {
  [TargetType.fullShootable]: cardDefinition(cardParts(SHAPE_COLOURS.cardboard, SHAPE_COLOURS.cardboardLine)),
  [TargetType.fullNonshoot]: cardDefinition(cardParts(SHAPE_COLOURS.noShoot, SHAPE_COLOURS.noShootLine)),
  [TargetType.halfNonshootLeft]: cardDefinition(noShootCover('left')),
  [TargetType.halfNonshootRight]: cardDefinition(noShootCover('right')),
  [TargetType.halfNonshootTop]: cardDefinition(noShootCover('top')),
  [TargetType.halfNonshootBottom]: cardDefinition(noShootCover('bottom')),
  [TargetType.fullHardcover]: cardDefinition([
    {
      role: 'cover',
      polygon: CARD_OUTLINE,
      fill: SHAPE_COLOURS.hardcover,
      stroke: SHAPE_COLOURS.hardcoverLine,
      strokeWidth: 4,
    },
  ]),
  [TargetType.halfHardcoverLeft]: cardDefinition(hardCover('left')),
  [TargetType.halfHardcoverRight]: cardDefinition(hardCover('right')),
  [TargetType.halfHardcoverTop]: cardDefinition(hardCover('top')),
  [TargetType.halfHardcoverBottom]: cardDefinition(hardCover('bottom')),
};

/** The IPSC popper's shape. */
export const POPPER_SHAPE: ShapeDefinition = {
  width: POPPER_WIDTH,
  height: POPPER_HEIGHT,
  realWidthMetres: POPPER_WIDTH / 1000,
  realHeightMetres: POPPER_HEIGHT / 1000,
  outline: POPPER_OUTLINE,
  parts: [
    {
      role: 'body',
      polygon: POPPER_OUTLINE,
      fill: SHAPE_COLOURS.steel,
      stroke: SHAPE_COLOURS.steelLine,
      strokeWidth: 5,
    },
    {
      role: 'zone-line',
      polygon: POPPER_HEAD_LINE,
      fill: null,
      stroke: SHAPE_COLOURS.steelLine,
      strokeWidth: 3,
    },
  ],
};

/** The shape for an element type and, for cards, its target type (a card without one is full shootable). */
export function shapeFor(type: StageElementType, targetType: TargetType | null): ShapeDefinition {
  if (type === StageElementType.popperIpsc) return POPPER_SHAPE;
  return CARD_SHAPES[targetType ?? TargetType.fullShootable];
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
