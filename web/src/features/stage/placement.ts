// Where the designer puts a new element: in the part of the stage the member can see, not under
// the settings panel that floats over the canvas, and beside the elements already there.
import { STAGE_LIMITS } from '@club/contract/stage';
import { canvasToStage, elementDesignSize, stageRectOnCanvas, stageToCanvas } from '@club/stage-engine/coordinates';
import type { Viewport } from '@club/stage-engine/coordinates';
import type { Stage, StageElement } from '@club/stage-engine/model';

/** A rectangle in canvas CSS pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Sized = Pick<StageElement, 'type' | 'targetType' | 'height' | 'scale'>;

/** The box an element covers on the canvas, in canvas pixels. */
export function elementBox(viewport: Viewport, element: Sized & Pick<StageElement, 'positionX' | 'positionY'>): Box {
  const size = elementDesignSize(element, viewport.designHeight);
  const width = size.width * viewport.scale;
  const height = size.height * viewport.scale;
  const centre = stageToCanvas(viewport, element);
  return { x: centre.x - width / 2, y: centre.y - height / 2, width, height };
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The parts of the stage rectangle left, right, above and below an obstacle, largest first. */
function freeRegions(stageRect: Box, obstacle: Box | null): Box[] {
  if (obstacle === null || !overlaps(stageRect, obstacle)) return [stageRect];
  const right = stageRect.x + stageRect.width;
  const bottom = stageRect.y + stageRect.height;
  const regions: Box[] = [
    { x: stageRect.x, y: stageRect.y, width: obstacle.x - stageRect.x, height: stageRect.height },
    { x: obstacle.x + obstacle.width, y: stageRect.y, width: right - obstacle.x - obstacle.width, height: stageRect.height },
    { x: stageRect.x, y: stageRect.y, width: stageRect.width, height: obstacle.y - stageRect.y },
    { x: stageRect.x, y: obstacle.y + obstacle.height, width: stageRect.width, height: bottom - obstacle.y - obstacle.height },
  ];
  return regions.filter((region) => region.width > 0 && region.height > 0).sort((a, b) => b.width * b.height - a.width * a.height);
}

function roundPosition(value: number): number {
  const step = STAGE_LIMITS.positionStep;
  return Math.min(STAGE_LIMITS.positionMax, Math.max(STAGE_LIMITS.positionMin, Math.round(value / step) * step));
}

/**
 * A free spot for a new element: on the stage's middle line where it is in view (the stage less
 * what `obstacle` covers, both in canvas pixels) and no element stands, else in the middle of
 * the largest visible part of the stage or beside what already stands there. Null when no visible part holds the element, so the caller keeps its own rule.
 */
export function visibleSpot(
  stage: Stage,
  viewport: Viewport,
  obstacle: Box | null,
  element: Sized,
): { positionX: number; positionY: number } | null {
  if (viewport.scale <= 0) return null;
  const size = elementDesignSize(element, viewport.designHeight);
  const width = size.width * viewport.scale;
  const height = size.height * viewport.scale;
  const others = stage.elements.map((other) => elementBox(viewport, other));
  const stageRect = stageRectOnCanvas(viewport);
  const visibleAndFree = (box: Box) =>
    box.x >= stageRect.x &&
    box.x + box.width <= stageRect.x + stageRect.width &&
    (obstacle === null || !overlaps(box, obstacle)) &&
    !others.some((other) => overlaps(box, other));
  // The stage's middle line first (the centre, then 2000 units right and left, and so on), as
  // long as the spot is in view: that is where a member looks for a new element.
  for (const positionX of [0, 2000, -2000, 4000, -4000]) {
    const spot = { positionX, positionY: 0 };
    if (visibleAndFree(elementBox(viewport, { ...element, ...spot }))) return spot;
  }
  let fallback: { positionX: number; positionY: number } | null = null;
  for (const region of freeRegions(stageRect, obstacle)) {
    if (region.width < width || region.height < height) continue;
    const centreX = region.x + region.width / 2;
    const centreY = region.y + region.height / 2;
    const stepX = width * 1.1;
    const reach = Math.floor((region.width - width) / 2 / stepX);
    // The middle first, then alternately right and left of it while the element stays inside.
    for (let index = 0; index <= 2 * reach; index += 1) {
      const offset = Math.ceil(index / 2) * stepX * (index % 2 === 1 ? 1 : -1);
      const point = canvasToStage(viewport, { x: centreX + offset, y: centreY });
      const spot = { positionX: roundPosition(point.positionX), positionY: roundPosition(point.positionY) };
      fallback ??= spot;
      const box = elementBox(viewport, { ...element, ...spot });
      if (!others.some((other) => overlaps(box, other))) return spot;
    }
  }
  return fallback;
}
