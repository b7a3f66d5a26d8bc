// Animations as pure functions of elapsed time (DECISIONS: advance by time, not by frame, at the
// rates SPEC gives for 60 frames a second), so a slow screen shows the same motion and a test can
// ask for the pose at any instant. Poses are in shape millimetres (see shapes.ts).
import { AnimationType } from '@club/contract/stage';
import type { StageElement } from './model.ts';
import { DEFAULT_TARGET_SHAPES, shapeFor } from './shapes.ts';
import type { TargetShapes } from './shapes.ts';

/** Where and how to draw an element at one instant, relative to its resting place. */
export interface Pose {
  /** Clockwise rotation in degrees about the pivot. */
  readonly rotation: number;
  /** Horizontal scale about the pivot (door). */
  readonly scaleX: number;
  /** Vertical scale about the pivot (rise-fall: the card or popper tilting back). */
  readonly scaleY: number;
  /** Translation in shape millimetres. */
  readonly offsetX: number;
  readonly offsetY: number;
  /** Pivot of rotation and scale, in shape millimetres from the shape's centre. */
  readonly pivotX: number;
  readonly pivotY: number;
  /** False while the element is edge-on or lying flat and so cannot be seen or shot. */
  readonly visible: boolean;
}

/** Milliseconds of one frame at the 60 frames a second SPEC's rates are given for. */
export const FRAME_MS = 1000 / 60;

/** Animation constants: SPEC §9's swinger rate and limits, and our timings for the others. */
export const ANIMATION = {
  swingerDegreesPerFrame: 3.525,
  swingerLimitDegrees: 91,
  // Door and card rise-fall turn at the swinger's angular speed, 90° in about 0.43 s.
  turnDegreesPerFrame: 3.525,
  doorHoldClosedMs: 1000,
  doorHoldOpenMs: 1000,
  cardHoldUpMs: 2000,
  cardHoldDownMs: 1500,
  popperHoldUpMs: 2000,
  popperFallMs: 400,
  popperHoldDownMs: 1000,
  popperRiseMs: 600,
} as const;

/** Below this projected size an element counts as edge-on (not visible). */
const EDGE_ON = 0.01;

/** Milliseconds a 90° turn takes at the turning rate. */
export const QUARTER_TURN_MS = (90 / ANIMATION.turnDegreesPerFrame) * FRAME_MS;

/** Swinger angle in degrees after tMs: 0 at the start, sweeping to +91, back to −91 and so on (ping-pong). */
export function swingerAngle(tMs: number): number {
  const limit = ANIMATION.swingerLimitDegrees;
  const travelled = (Math.max(0, tMs) / FRAME_MS) * ANIMATION.swingerDegreesPerFrame;
  // Phase 0 is −91°; the start at 0° is a quarter of the way into the 4·91° cycle.
  const phase = (travelled + limit) % (4 * limit);
  return phase <= 2 * limit ? phase - limit : 3 * limit - phase;
}

/** Duration in ms of one full swinger cycle (0 → +91 → −91 → 0). */
export const SWINGER_PERIOD_MS =
  ((4 * ANIMATION.swingerLimitDegrees) / ANIMATION.swingerDegreesPerFrame) * FRAME_MS;

interface Phase {
  readonly durationMs: number;
  /** Projected size (0…1) at a fraction 0…1 of the phase. */
  readonly size: (fraction: number) => number;
}

function cycleValue(phases: readonly Phase[], tMs: number): number {
  let period = 0;
  for (const phase of phases) period += phase.durationMs;
  let within = Math.max(0, tMs) % period;
  for (const phase of phases) {
    if (within < phase.durationMs) return phase.size(within / phase.durationMs);
    within -= phase.durationMs;
  }
  return phases[phases.length - 1].size(1);
}

const degrees = (value: number) => (value * Math.PI) / 180;

// Phase tables are built once: poseAt runs for every element on every frame.
const DOOR_PHASES: readonly Phase[] = [
  { durationMs: ANIMATION.doorHoldClosedMs, size: () => 1 },
  { durationMs: QUARTER_TURN_MS, size: (f) => Math.cos(degrees(90 * f)) },
  { durationMs: ANIMATION.doorHoldOpenMs, size: () => 0 },
  { durationMs: QUARTER_TURN_MS, size: (f) => Math.sin(degrees(90 * f)) },
];

const CARD_RISE_FALL_PHASES: readonly Phase[] = [
  { durationMs: ANIMATION.cardHoldUpMs, size: () => 1 },
  { durationMs: QUARTER_TURN_MS, size: (f) => Math.cos(degrees(90 * f)) },
  { durationMs: ANIMATION.cardHoldDownMs, size: () => 0 },
  { durationMs: QUARTER_TURN_MS, size: (f) => Math.sin(degrees(90 * f)) },
];

const POPPER_RISE_FALL_PHASES: readonly Phase[] = [
  { durationMs: ANIMATION.popperHoldUpMs, size: () => 1 },
  // Gravity: the fall angle grows with the square of time.
  { durationMs: ANIMATION.popperFallMs, size: (f) => Math.cos(degrees(90 * f * f)) },
  { durationMs: ANIMATION.popperHoldDownMs, size: () => 0 },
  // The reset slows as it comes upright (ease-out).
  { durationMs: ANIMATION.popperRiseMs, size: (f) => Math.sin(degrees(90 * (1 - (1 - f) * (1 - f)))) },
];

/** Door: face-on, swings 90° away about its left edge, holds open, swings back, holds closed. */
export function doorScale(tMs: number): number {
  return cycleValue(DOOR_PHASES, tMs);
}

/** Card rise-fall: up, tilts back 90° about its bottom edge, lies flat, rises again. */
export function cardRiseFallScale(tMs: number): number {
  return cycleValue(CARD_RISE_FALL_PHASES, tMs);
}

/** Popper rise-fall: standing, falls back accelerating like a hit popper, lies down, is reset up. */
export function popperRiseFallScale(tMs: number): number {
  return cycleValue(POPPER_RISE_FALL_PHASES, tMs);
}

const snapSize = (value: number) => (Math.abs(value) < 1e-12 ? 0 : value);

// One literal shape for every pose keeps V8 on its fast path; spreading a template and
// overriding keys made poseAt the whole cost of a 200-element tick.
function pose(
  rotation: number,
  scaleX: number,
  scaleY: number,
  pivotX: number,
  pivotY: number,
  visible: boolean,
): Pose {
  return { rotation, scaleX, scaleY, offsetX: 0, offsetY: 0, pivotX, pivotY, visible };
}

/** The pose of an element tMs after its animation started (the resting pose for none). */
export function poseAt(
  element: Pick<StageElement, 'type' | 'targetType' | 'animation'>,
  tMs: number,
  shapes: TargetShapes = DEFAULT_TARGET_SHAPES,
): Pose {
  const shape = shapeFor(element.type, element.targetType, shapes);
  const bottom = shape.height / 2;
  switch (element.animation) {
    case AnimationType.swinger:
      // The arm pivots under the card, so at ±91° the card lies beside its pivot, past horizontal.
      return pose(swingerAngle(tMs), 1, 1, 0, bottom, true);
    case AnimationType.door: {
      const scaleX = snapSize(doorScale(tMs));
      return pose(0, scaleX, 1, -shape.width / 2, 0, scaleX >= EDGE_ON);
    }
    case AnimationType.cardRiseFall: {
      const scaleY = snapSize(cardRiseFallScale(tMs));
      return pose(0, 1, scaleY, 0, bottom, scaleY >= EDGE_ON);
    }
    case AnimationType.popperRiseFall: {
      const scaleY = snapSize(popperRiseFallScale(tMs));
      return pose(0, 1, scaleY, 0, bottom, scaleY >= EDGE_ON);
    }
    default:
      return RESTING_POSE;
  }
}

/** The resting pose (no animation) of any element. */
export const RESTING_POSE: Pose = pose(0, 1, 1, 0, 0, true);

/** Maps a point from shape millimetres through a pose (pivot, scale, rotation, offset), shape centre at 0. */
export function applyPose(pose: Pose, x: number, y: number): { x: number; y: number } {
  const localX = (x - pose.pivotX) * pose.scaleX;
  const localY = (y - pose.pivotY) * pose.scaleY;
  const angle = degrees(pose.rotation);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return {
    x: pose.pivotX + localX * cos - localY * sin + pose.offsetX,
    y: pose.pivotY + localX * sin + localY * cos + pose.offsetY,
  };
}

/** Inverse of applyPose: from posed coordinates back to shape millimetres (null when flattened). */
export function unapplyPose(pose: Pose, x: number, y: number): { x: number; y: number } | null {
  if (Math.abs(pose.scaleX) < 1e-9 || Math.abs(pose.scaleY) < 1e-9) return null;
  const angle = degrees(pose.rotation);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const dx = x - pose.offsetX - pose.pivotX;
  const dy = y - pose.offsetY - pose.pivotY;
  const localX = dx * cos + dy * sin;
  const localY = -dx * sin + dy * cos;
  return { x: pose.pivotX + localX / pose.scaleX, y: pose.pivotY + localY / pose.scaleY };
}
