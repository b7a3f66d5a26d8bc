// Stage coordinates (DECISIONS "Stage coordinates"): the stage centre is (0, 0); positionX and
// positionY run from −5000 (left or top edge) to +5000 (right or bottom edge) whatever the design
// size, and an element's height is a percent of the stage height at scale 1. The canvas shows the
// design rectangle as large as it fits, keeping its aspect, centred (letterboxed).
import { STAGE_LIMITS } from '@club/contract/stage';
import type { StageElement } from './model.ts';
import { DEFAULT_TARGET_SHAPES, shapeFor } from './shapes.ts';
import type { TargetShapes } from './shapes.ts';

/** A stage point in position units (−5000…5000 on each axis). */
export interface StagePoint {
  readonly positionX: number;
  readonly positionY: number;
}

/** A point in canvas CSS pixels, from the canvas's top-left corner. */
export interface CanvasPoint {
  readonly x: number;
  readonly y: number;
}

/** How the design rectangle sits on a canvas. */
export interface Viewport {
  readonly canvasWidth: number;
  readonly canvasHeight: number;
  readonly designWidth: number;
  readonly designHeight: number;
  /** Canvas pixels per design pixel. */
  readonly scale: number;
  /** Canvas pixel of the design rectangle's left and top edges. */
  readonly offsetX: number;
  readonly offsetY: number;
}

const POSITION_SPAN = STAGE_LIMITS.positionMax - STAGE_LIMITS.positionMin;

/** The letterboxed placement of a design size on a canvas size. */
export function createViewport(
  canvasWidth: number,
  canvasHeight: number,
  designWidth: number = STAGE_LIMITS.designWidth,
  designHeight: number = STAGE_LIMITS.designHeight,
): Viewport {
  const scale = Math.max(0, Math.min(canvasWidth / designWidth, canvasHeight / designHeight));
  return {
    canvasWidth,
    canvasHeight,
    designWidth,
    designHeight,
    scale,
    offsetX: (canvasWidth - designWidth * scale) / 2,
    offsetY: (canvasHeight - designHeight * scale) / 2,
  };
}

/** Width and height of the design rectangle on the canvas, in canvas pixels. */
export function stageRectOnCanvas(viewport: Viewport): {
  x: number;
  y: number;
  width: number;
  height: number;
} {
  return {
    x: viewport.offsetX,
    y: viewport.offsetY,
    width: viewport.designWidth * viewport.scale,
    height: viewport.designHeight * viewport.scale,
  };
}

/** Canvas pixel of a stage point. */
export function stageToCanvas(viewport: Viewport, point: StagePoint): CanvasPoint {
  return {
    x: viewport.offsetX + (point.positionX / POSITION_SPAN + 0.5) * viewport.designWidth * viewport.scale,
    y: viewport.offsetY + (point.positionY / POSITION_SPAN + 0.5) * viewport.designHeight * viewport.scale,
  };
}

/** Stage point of a canvas pixel (not clamped: a point in the letterbox lies beyond ±5000). */
export function canvasToStage(viewport: Viewport, point: CanvasPoint): StagePoint {
  if (viewport.scale === 0) return { positionX: 0, positionY: 0 };
  return {
    positionX: ((point.x - viewport.offsetX) / (viewport.designWidth * viewport.scale) - 0.5) * POSITION_SPAN,
    positionY:
      ((point.y - viewport.offsetY) / (viewport.designHeight * viewport.scale) - 0.5) * POSITION_SPAN,
  };
}

/** Position units a canvas-pixel movement covers on each axis. */
export function canvasDeltaToStage(viewport: Viewport, dx: number, dy: number): StagePoint {
  if (viewport.scale === 0) return { positionX: 0, positionY: 0 };
  return {
    positionX: (dx / (viewport.designWidth * viewport.scale)) * POSITION_SPAN,
    positionY: (dy / (viewport.designHeight * viewport.scale)) * POSITION_SPAN,
  };
}

/** Size of an element in design pixels at a given scale (its own scale unless overridden). */
export function elementDesignSize(
  element: Pick<StageElement, 'type' | 'targetType' | 'height' | 'scale'>,
  designHeight: number,
  scale: number = element.scale,
  shapes: TargetShapes = DEFAULT_TARGET_SHAPES,
): { width: number; height: number } {
  const shape = shapeFor(element.type, element.targetType, shapes);
  const height = (element.height / 100) * designHeight * scale;
  return { width: (height * shape.width) / shape.height, height };
}

/** Size of an element in position units (for keeping random positions on the stage). */
export function elementPositionSize(
  element: Pick<StageElement, 'type' | 'targetType' | 'height' | 'scale'>,
  designWidth: number,
  designHeight: number,
  scale: number = element.scale,
  shapes: TargetShapes = DEFAULT_TARGET_SHAPES,
): { width: number; height: number } {
  const size = elementDesignSize(element, designHeight, scale, shapes);
  return {
    width: (size.width / designWidth) * POSITION_SPAN,
    height: (size.height / designHeight) * POSITION_SPAN,
  };
}

/** Canvas pixels per shape millimetre for an element drawn at its stage size. */
export function pixelsPerMillimetre(
  viewport: Viewport,
  element: Pick<StageElement, 'type' | 'targetType' | 'height' | 'scale'>,
  scale: number = element.scale,
  shapes: TargetShapes = DEFAULT_TARGET_SHAPES,
): number {
  const shape = shapeFor(element.type, element.targetType, shapes);
  return (
    (elementDesignSize(element, viewport.designHeight, scale, shapes).height * viewport.scale) / shape.height
  );
}

/** Real-size calibration: what the member measured and the distance to simulate. */
export interface RealSizeCalibration {
  /** Width of the whole projected canvas on the wall or screen, in metres. */
  readonly imageWidthMetres: number;
  /** Distance at which the targets should look as they would on a range, in metres. */
  readonly simulatedDistanceMetres: number;
  /** Distance from the member's eyes to the screen, in metres. */
  readonly viewerDistanceMetres: number;
}

/**
 * Canvas pixels per shape millimetre so a target subtends its true angle at the simulated
 * distance: an object of size s at distance D looks like one of size s·d/D on a screen at d.
 */
export function realSizePixelsPerMillimetre(canvasWidth: number, calibration: RealSizeCalibration): number {
  const { imageWidthMetres, simulatedDistanceMetres, viewerDistanceMetres } = calibration;
  if (imageWidthMetres <= 0 || simulatedDistanceMetres <= 0 || viewerDistanceMetres <= 0) return 0;
  const pixelsPerMetreOnScreen = canvasWidth / imageWidthMetres;
  return (pixelsPerMetreOnScreen * (viewerDistanceMetres / simulatedDistanceMetres)) / 1000;
}

/**
 * A bank card (ISO/IEC 7810 ID-1: 85.60 × 53.98 mm) is the ruler everyone carries: held against
 * the screen, a drawn rectangle matched to it tells the screen's pixels per millimetre.
 */
export const BANK_CARD_MM = { width: 85.6, height: 53.98 } as const;

/** Width in metres of a canvas `canvasWidthPx` CSS pixels wide, when a bank card measured `cardWidthPx`. */
export function canvasWidthMetresFromCard(canvasWidthPx: number, cardWidthPx: number): number {
  if (canvasWidthPx <= 0 || cardWidthPx <= 0) return 0;
  return canvasWidthPx / (cardWidthPx / BANK_CARD_MM.width) / 1000;
}
