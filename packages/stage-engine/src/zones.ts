// Where a shot landed on the stage, as a range officer would call it (API.md "zones and scoring"):
// the topmost visible element under the point decides, so a hard cover in front of a target
// stops the shot and a no-shoot in front of it is hit instead. Uses the same placement and pose
// undoing as the designer's hit-test, so what is drawn is what is scored.
import type { ShotZone } from '@club/contract/scoring';
import { StageElementType, TargetType } from '@club/contract/stage';
import type { StagePoint } from './coordinates.ts';
import { placeAtRest, shapePointOf, stageSizeWith } from './hit-test.ts';
import type { PlacedElement, PlacedSize } from './hit-test.ts';
import type { Stage, StageElement } from './model.ts';
import { clipToSide, DEFAULT_TARGET_SHAPES, pointInPolygon, shapeFor } from './shapes.ts';
import type { CoverSide, Polygon, TargetShapes } from './shapes.ts';

/** The zone a shot hit and the element it hit (null for a miss). */
export interface ZoneHit {
  readonly zone: ShotZone;
  readonly elementId: string | null;
}

/** What covers part (or all) of a card, and which part. */
interface Cover {
  readonly zone: 'NS' | 'HC';
  /** Null when the whole card is the cover. */
  readonly polygon: Polygon | null;
}

type Covers = Partial<Record<TargetType, Cover>>;

function buildCovers(shapes: TargetShapes): Covers {
  const half = (zone: Cover['zone'], side: CoverSide): Cover => ({
    zone,
    polygon: clipToSide(shapes.cardOutline, side),
  });
  return {
    [TargetType.fullNonshoot]: { zone: 'NS', polygon: null },
    [TargetType.halfNonshootLeft]: half('NS', 'left'),
    [TargetType.halfNonshootRight]: half('NS', 'right'),
    [TargetType.halfNonshootTop]: half('NS', 'top'),
    [TargetType.halfNonshootBottom]: half('NS', 'bottom'),
    [TargetType.fullHardcover]: { zone: 'HC', polygon: null },
    [TargetType.halfHardcoverLeft]: half('HC', 'left'),
    [TargetType.halfHardcoverRight]: half('HC', 'right'),
    [TargetType.halfHardcoverTop]: half('HC', 'top'),
    [TargetType.halfHardcoverBottom]: half('HC', 'bottom'),
  };
}

// The covers of each shape set, built once: shape sets are shared objects (targetShapes caches them).
const coverCache = new WeakMap<TargetShapes, Covers>();

function coversOf(shapes: TargetShapes): Covers {
  let covers = coverCache.get(shapes);
  if (covers === undefined) {
    covers = buildCovers(shapes);
    coverCache.set(shapes, covers);
  }
  return covers;
}

const COVERS = coversOf(DEFAULT_TARGET_SHAPES);

/** Whether an element can be scored at all: poppers and cards with a shootable part. */
export function isShootable(element: Pick<StageElement, 'type' | 'targetType'>): boolean {
  if (element.type === StageElementType.popperIpsc) return true;
  const cover = COVERS[element.targetType ?? TargetType.fullShootable];
  return cover === undefined || cover.polygon !== null;
}

/** Whether an element is a popper (one hit brings it down). */
export function isPopper(element: Pick<StageElement, 'type'>): boolean {
  return element.type === StageElementType.popperIpsc;
}

/** The zone of a point in card millimetres that lies on the card: A, C or D. */
export function cardZoneAt(
  x: number,
  y: number,
  shapes: TargetShapes = DEFAULT_TARGET_SHAPES,
): 'A' | 'C' | 'D' {
  const zones = shapes.cardZones;
  if (pointInPolygon(x, y, zones.headA) || pointInPolygon(x, y, zones.bodyA)) return 'A';
  // The head outside its A box is the B zone, which IPSC scores as C.
  if (pointInPolygon(x, y, zones.head) || pointInPolygon(x, y, zones.bodyC)) return 'C';
  return 'D';
}

/**
 * The zone a shot at a stage point scores, given where every element is drawn at that moment and
 * the target shapes drawn (the club's sizes: pass the same shapes and sizes the renderer draws,
 * so a hit and the drawing agree).
 */
export function zoneAt(
  stage: Stage,
  point: StagePoint,
  placed: readonly PlacedElement[] = placeAtRest(stage),
  sizeOf?: PlacedSize,
  shapes: TargetShapes = DEFAULT_TARGET_SHAPES,
): ZoneHit {
  const covers = coversOf(shapes);
  const size = sizeOf ?? stageSizeWith(shapes);
  for (let index = placed.length - 1; index >= 0; index -= 1) {
    const item = placed[index];
    const local = shapePointOf(stage, item, point, size, shapes);
    if (local === null) continue;
    const { element } = item;
    if (!pointInPolygon(local.x, local.y, shapeFor(element.type, element.targetType, shapes).outline))
      continue;
    if (isPopper(element)) return { zone: 'P', elementId: element.id };
    const cover = covers[element.targetType ?? TargetType.fullShootable];
    if (cover !== undefined && (cover.polygon === null || pointInPolygon(local.x, local.y, cover.polygon))) {
      return { zone: cover.zone, elementId: element.id };
    }
    return { zone: cardZoneAt(local.x, local.y, shapes), elementId: element.id };
  }
  return { zone: 'M', elementId: null };
}
