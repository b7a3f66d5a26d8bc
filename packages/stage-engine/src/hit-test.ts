// Hit-testing and dragging as pure functions over stage coordinates, so the designer's behaviour
// is tested without a browser; the renderer only forwards pointer positions to them.
import { applyPose, RESTING_POSE, unapplyPose } from './animation.ts';
import type { Pose } from './animation.ts';
import { clampPosition } from './clamp.ts';
import { canvasDeltaToStage, elementPositionSize, realSizePixelsPerMillimetre } from './coordinates.ts';
import type { RealSizeCalibration, StagePoint, Viewport } from './coordinates.ts';
import type { Stage, StageElement } from './model.ts';
import { DEFAULT_TARGET_SHAPES, pointInPolygon, shapeFor } from './shapes.ts';
import type { TargetShapes } from './shapes.ts';

/** Where and how an element is currently drawn, when it differs from its stored settings (a drill frame). */
export interface PlacedElement {
  readonly element: StageElement;
  readonly positionX: number;
  readonly positionY: number;
  readonly scale: number;
  readonly pose: Pose;
  readonly visible: boolean;
}

/** Places every element of a stage where the designer draws it: its own position and scale, at rest. */
export function placeAtRest(stage: Stage): PlacedElement[] {
  return stage.elements.map((element) => ({
    element,
    positionX: element.positionX,
    positionY: element.positionY,
    scale: element.scale,
    pose: RESTING_POSE,
    visible: true,
  }));
}

/** Size of a placed element in position units; the viewer overrides it in real-size mode. */
export type PlacedSize = (stage: Stage, placed: PlacedElement) => { width: number; height: number };

/** Element sizes at their placed scale for a set of target shapes, as the designer and the stage-size viewer draw them. */
export function stageSizeWith(shapes: TargetShapes): PlacedSize {
  return (stage, placed) =>
    elementPositionSize(placed.element, stage.designWidth, stage.designHeight, placed.scale, shapes);
}

/** The element's size at its placed scale, at the default target sizes. */
export const stageSizeOf: PlacedSize = stageSizeWith(DEFAULT_TARGET_SHAPES);

/** Element sizes in real-size mode: every shape at the calibration's pixels per millimetre. */
export function realSizeOf(
  viewport: Viewport,
  calibration: RealSizeCalibration,
  shapes: TargetShapes = DEFAULT_TARGET_SHAPES,
): PlacedSize {
  const pixelsPerMillimetre = realSizePixelsPerMillimetre(viewport.canvasWidth, calibration);
  return (_stage, placed) => {
    const shape = shapeFor(placed.element.type, placed.element.targetType, shapes);
    const unitsPerPixel = canvasDeltaToStage(viewport, 1, 1);
    return {
      width: shape.width * pixelsPerMillimetre * unitsPerPixel.positionX,
      height: shape.height * pixelsPerMillimetre * unitsPerPixel.positionY,
    };
  };
}

/**
 * A stage point in the placed element's own shape millimetres (pose undone), or null when the
 * element is hidden or edge-on; whether it lies on the outline is not checked.
 */
export function shapePointOf(
  stage: Stage,
  placed: PlacedElement,
  point: StagePoint,
  sizeOf?: PlacedSize,
  shapes: TargetShapes = DEFAULT_TARGET_SHAPES,
): { x: number; y: number } | null {
  if (!placed.visible) return null;
  const { element } = placed;
  const shape = shapeFor(element.type, element.targetType, shapes);
  const size = (sizeOf ?? stageSizeWith(shapes))(stage, placed);
  // Position units differ per axis (the stage is wider than tall), so convert each separately.
  const millimetresX = ((point.positionX - placed.positionX) / size.width) * shape.width;
  const millimetresY = ((point.positionY - placed.positionY) / size.height) * shape.height;
  return unapplyPose(placed.pose, millimetresX, millimetresY);
}

/** Whether a stage point falls on a placed element's outline. */
export function isPointOnElement(
  stage: Stage,
  placed: PlacedElement,
  point: StagePoint,
  shapes: TargetShapes = DEFAULT_TARGET_SHAPES,
): boolean {
  const local = shapePointOf(stage, placed, point, stageSizeWith(shapes), shapes);
  const { element } = placed;
  return (
    local !== null &&
    pointInPolygon(local.x, local.y, shapeFor(element.type, element.targetType, shapes).outline)
  );
}

/** Ids of the elements under a stage point, topmost (last drawn) first. */
export function elementsAt(
  stage: Stage,
  point: StagePoint,
  placed: readonly PlacedElement[] = placeAtRest(stage),
  shapes: TargetShapes = DEFAULT_TARGET_SHAPES,
): string[] {
  const hits: string[] = [];
  for (let index = placed.length - 1; index >= 0; index -= 1) {
    if (isPointOnElement(stage, placed[index], point, shapes)) hits.push(placed[index].element.id);
  }
  return hits;
}

/** Id of the topmost element under a stage point, or null for empty stage. */
export function elementAt(
  stage: Stage,
  point: StagePoint,
  placed?: readonly PlacedElement[],
  shapes: TargetShapes = DEFAULT_TARGET_SHAPES,
): string | null {
  return elementsAt(stage, point, placed, shapes)[0] ?? null;
}

/** New clamped, snapped position of an element dragged by a pointer movement in canvas pixels. */
export function dragTo(
  start: StagePoint,
  pointerDx: number,
  pointerDy: number,
  viewport: Viewport,
): StagePoint {
  const delta = canvasDeltaToStage(viewport, pointerDx, pointerDy);
  return {
    positionX: clampPosition(start.positionX + delta.positionX),
    positionY: clampPosition(start.positionY + delta.positionY),
  };
}

/** Axis-aligned bounds of a placed element in position units (for selection frames and keyboard nudges). */
export function elementBounds(
  stage: Stage,
  placed: PlacedElement,
  shapes: TargetShapes = DEFAULT_TARGET_SHAPES,
): { minX: number; minY: number; maxX: number; maxY: number } {
  const { element } = placed;
  const shape = shapeFor(element.type, element.targetType, shapes);
  const size = elementPositionSize(element, stage.designWidth, stage.designHeight, placed.scale, shapes);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let index = 0; index < shape.outline.length; index += 2) {
    const posed = applyPose(placed.pose, shape.outline[index], shape.outline[index + 1]);
    const x = placed.positionX + (posed.x / shape.width) * size.width;
    const y = placed.positionY + (posed.y / shape.height) * size.height;
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}
