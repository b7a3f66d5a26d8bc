import { AnimationType, StageElementType, TargetType } from '@club/contract/stage';
import { describe, expect, it } from 'vitest';
import {
  ANIMATION,
  applyPose,
  cardRiseFallScale,
  doorScale,
  FRAME_MS,
  poseAt,
  popperRiseFallScale,
  QUARTER_TURN_MS,
  SWINGER_PERIOD_MS,
  swingerAngle,
  unapplyPose,
} from './animation.ts';

const card = (animation: AnimationType) => ({
  type: StageElementType.tarjetaIpsc,
  targetType: TargetType.fullShootable,
  animation,
});
const popper = {
  type: StageElementType.popperIpsc,
  targetType: null,
  animation: AnimationType.popperRiseFall,
};
const frames = (count: number) => count * FRAME_MS;

describe('swinger', () => {
  it('starts upright', () => {
    expect(swingerAngle(0)).toBe(0);
  });

  it.each([1, 2, 10, 25])('turns exactly 3.525° per 1/60 s: %d frames', (count) => {
    expect(swingerAngle(frames(count))).toBeCloseTo(3.525 * count, 9);
  });

  it('turns back at +91°: 26 frames is 91.65° of travel, so 90.35°', () => {
    expect(swingerAngle(frames(26))).toBeCloseTo(91 - (3.525 * 26 - 91), 9);
  });

  it('reaches exactly +91° and never goes beyond ±91°', () => {
    const turnMs = (91 / 3.525) * FRAME_MS;
    expect(swingerAngle(turnMs)).toBeCloseTo(91, 9);
    for (let t = 0; t < 2 * SWINGER_PERIOD_MS; t += 3) {
      const angle = swingerAngle(t);
      expect(angle).toBeLessThanOrEqual(91 + 1e-9);
      expect(angle).toBeGreaterThanOrEqual(-91 - 1e-9);
    }
  });

  it('reaches −91° three quarters of a cycle in, then comes back towards 0', () => {
    const downMs = ((91 + 182) / 3.525) * FRAME_MS;
    expect(swingerAngle(downMs)).toBeCloseTo(-91, 9);
    expect(swingerAngle(downMs + frames(4))).toBeCloseTo(-91 + 4 * 3.525, 9);
  });

  it('repeats every 4 × 91° of travel and goes by time, not by frames', () => {
    expect(SWINGER_PERIOD_MS).toBeCloseTo(((4 * 91) / 3.525) * (1000 / 60), 9);
    expect(swingerAngle(1234 + SWINGER_PERIOD_MS)).toBeCloseTo(swingerAngle(1234), 9);
    // Half a frame is half the step: a 120 Hz screen sees the same motion, finer.
    expect(swingerAngle(FRAME_MS / 2)).toBeCloseTo(3.525 / 2, 9);
  });

  it('pivots the card about a point under its bottom edge', () => {
    const pose = poseAt(card(AnimationType.swinger), frames(10));
    expect(pose.rotation).toBeCloseTo(35.25, 9);
    expect(pose.pivotY).toBe(290);
    expect(pose.visible).toBe(true);
  });
});

describe('door', () => {
  it('holds closed, swings open in a quarter turn, holds open, swings closed', () => {
    expect(doorScale(0)).toBe(1);
    expect(doorScale(ANIMATION.doorHoldClosedMs - 1)).toBe(1);
    expect(doorScale(ANIMATION.doorHoldClosedMs + QUARTER_TURN_MS / 2)).toBeCloseTo(Math.SQRT1_2, 9);
    expect(doorScale(ANIMATION.doorHoldClosedMs + QUARTER_TURN_MS + 1)).toBe(0);
    const closingHalf =
      ANIMATION.doorHoldClosedMs + QUARTER_TURN_MS + ANIMATION.doorHoldOpenMs + QUARTER_TURN_MS / 2;
    expect(doorScale(closingHalf)).toBeCloseTo(Math.SQRT1_2, 9);
    const period = ANIMATION.doorHoldClosedMs + ANIMATION.doorHoldOpenMs + 2 * QUARTER_TURN_MS;
    expect(doorScale(period + 10)).toBe(1);
  });

  it('turns at the swinger rate: 90° in 25.53 frames', () => {
    expect(QUARTER_TURN_MS).toBeCloseTo((90 / 3.525) * FRAME_MS, 9);
  });

  it('is a horizontal scale about the left edge, invisible while edge-on', () => {
    const open = poseAt(card(AnimationType.door), ANIMATION.doorHoldClosedMs + QUARTER_TURN_MS + 10);
    expect(open).toMatchObject({ scaleX: 0, scaleY: 1, rotation: 0, pivotX: -230, visible: false });
    const half = poseAt(card(AnimationType.door), ANIMATION.doorHoldClosedMs + QUARTER_TURN_MS / 2);
    expect(half.visible).toBe(true);
    // The hinge stays put while the free edge moves in.
    expect(applyPose(half, -230, 0).x).toBeCloseTo(-230, 9);
    expect(applyPose(half, 230, 0).x).toBeCloseTo(-230 + 460 * Math.SQRT1_2, 9);
  });
});

describe('card rise-fall', () => {
  const fallStart = ANIMATION.cardHoldUpMs;
  const downStart = fallStart + QUARTER_TURN_MS;
  const riseStart = downStart + ANIMATION.cardHoldDownMs;

  it('stands, falls back, lies flat, rises again', () => {
    expect(cardRiseFallScale(0)).toBe(1);
    expect(cardRiseFallScale(fallStart + QUARTER_TURN_MS / 3)).toBeCloseTo(Math.cos(Math.PI / 6), 9);
    expect(cardRiseFallScale(downStart + 100)).toBe(0);
    expect(cardRiseFallScale(riseStart + QUARTER_TURN_MS / 2)).toBeCloseTo(Math.SQRT1_2, 9);
    expect(cardRiseFallScale(riseStart + QUARTER_TURN_MS + 1)).toBe(1);
  });

  it('scales vertically about the bottom edge and is hidden while flat', () => {
    const down = poseAt(card(AnimationType.cardRiseFall), downStart + 100);
    expect(down).toMatchObject({ scaleY: 0, pivotY: 290, visible: false });
    const rising = poseAt(card(AnimationType.cardRiseFall), riseStart + QUARTER_TURN_MS / 2);
    expect(applyPose(rising, 0, 290).y).toBeCloseTo(290, 9);
    expect(applyPose(rising, 0, -290).y).toBeCloseTo(290 - 580 * Math.SQRT1_2, 9);
  });
});

describe('popper rise-fall', () => {
  const fallStart = ANIMATION.popperHoldUpMs;

  it('falls accelerating: a quarter of the angle at half the fall time', () => {
    expect(popperRiseFallScale(0)).toBe(1);
    expect(popperRiseFallScale(fallStart + ANIMATION.popperFallMs / 2)).toBeCloseTo(Math.cos(Math.PI / 8), 9);
  });

  it('lies down, then is reset upright', () => {
    const downAt = fallStart + ANIMATION.popperFallMs + 10;
    expect(popperRiseFallScale(downAt)).toBe(0);
    const riseStart = fallStart + ANIMATION.popperFallMs + ANIMATION.popperHoldDownMs;
    expect(popperRiseFallScale(riseStart + ANIMATION.popperRiseMs / 2)).toBeCloseTo(
      Math.sin((Math.PI / 2) * 0.75),
      9,
    );
    expect(popperRiseFallScale(riseStart + ANIMATION.popperRiseMs + 1)).toBe(1);
    const period =
      ANIMATION.popperHoldUpMs + ANIMATION.popperFallMs + ANIMATION.popperHoldDownMs + ANIMATION.popperRiseMs;
    expect(popperRiseFallScale(period + fallStart + ANIMATION.popperFallMs / 2)).toBeCloseTo(
      Math.cos(Math.PI / 8),
      9,
    );
  });

  it('pivots at the popper base', () => {
    const pose = poseAt(popper, fallStart + ANIMATION.popperFallMs + 10);
    expect(pose).toMatchObject({ pivotY: 425, scaleY: 0, visible: false });
  });
});

describe('no animation', () => {
  it('rests at every instant', () => {
    for (const t of [0, 500, 123456]) {
      expect(poseAt(card(AnimationType.none), t)).toMatchObject({
        rotation: 0,
        scaleX: 1,
        scaleY: 1,
        visible: true,
      });
    }
  });
});

describe('pose transforms', () => {
  it('unapplyPose inverts applyPose', () => {
    const pose = poseAt(card(AnimationType.swinger), 777);
    const moved = applyPose(pose, 40, -100);
    const back = unapplyPose(pose, moved.x, moved.y);
    expect(back?.x).toBeCloseTo(40, 9);
    expect(back?.y).toBeCloseTo(-100, 9);
  });
});
