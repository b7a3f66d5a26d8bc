// Element bounds of SPEC §5: values are clamped into range and snapped to their step, so the
// designer's inputs, step buttons, dragging and random draws all land on the same grid.
import { STAGE_LIMITS } from '@club/contract/stage';

/** Clamps a value into [min, max] and snaps it to the nearest multiple of step counted from min. */
export function clampToStep(value: number, min: number, max: number, step: number): number {
  if (Number.isNaN(value)) return min;
  const bounded = Math.min(max, Math.max(min, value));
  // The epsilon rounds a typed half step (2.005 stored as 2.00499…) up, as the member wrote it.
  const snapped = min + Math.round((bounded - min) / step + 1e-9) * step;
  // Rounding to the step's decimals removes float dust such as 0.30000000000000004.
  const result = roundToDecimals(Math.min(max, snapped), decimalsOf(step));
  return Object.is(result, -0) ? 0 : result;
}

/** Clamps a position coordinate (positionX or positionY) to −5000..5000, step 10. */
export function clampPosition(value: number): number {
  return clampToStep(value, STAGE_LIMITS.positionMin, STAGE_LIMITS.positionMax, STAGE_LIMITS.positionStep);
}

/** Clamps a scale to 0.3..8, step 0.01. */
export function clampScale(value: number): number {
  return clampToStep(value, STAGE_LIMITS.scaleMin, STAGE_LIMITS.scaleMax, STAGE_LIMITS.scaleStep);
}

/** Clamps a fixed visible time in seconds to 3..10, step 0.1. */
export function clampVisibleTime(seconds: number): number {
  return clampToStep(
    seconds,
    STAGE_LIMITS.visibleTimeMin,
    STAGE_LIMITS.visibleTimeMax,
    STAGE_LIMITS.visibleTimeStep,
  );
}

/** Step buttons of SPEC §4 for each numeric setting of the designer's panel. */
export const STEP_BUTTONS = {
  position: [-200, -50, 50, 200],
  scale: [-1, -0.3, 0.3, 1],
  visibleTime: [-1, -0.1, 0.1, 1],
} as const;

function decimalsOf(step: number): number {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

function roundToDecimals(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
