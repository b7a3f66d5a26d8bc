import { describe, expect, it } from 'vitest';
import { scoreRep } from '@club/contract/scoring';
import { scoreTrainingRep, trainingBodySchema } from '@club/contract/library';
import { addElement, createElement, createEmptyStage } from '@club/stage-engine/model';
import type { Stage } from '@club/stage-engine/model';
import { scoreString } from '../laser/shot-pipeline.ts';
import type { PlayerShot } from '../laser/shot-pipeline.ts';
import type { ShotString } from '../laser/use-shot-session.ts';
import { keptReps } from './use-keep-session.ts';

// Three cards, a popper and a no-shoot; t3 is shown but never hit.
function stage(): Stage {
  let result = createEmptyStage({ name: 'Test' });
  for (const [kind, id] of [
    ['full-shootable', 't1'],
    ['full-shootable', 't2'],
    ['full-shootable', 't3'],
    ['popper', 'p1'],
    ['full-no-shoot', 'ns'],
  ] as const) {
    result = addElement(result, createElement(kind, { newId: () => id }));
  }
  return result;
}

const shot = (number: number, tMs: number, zone: PlayerShot['zone'], targetId?: string): PlayerShot => ({
  number,
  tMs,
  zone,
  ...(targetId === undefined ? {} : { targetId }),
  point: { positionX: 0, positionY: 0 },
});

const string = (repetition: number | null, shots: PlayerShot[], seen: string[]): ShotString => ({
  repetition,
  zeroAtMs: 0,
  shots,
  seenIds: new Set(seen),
  open: false,
});

describe('keptReps', () => {
  const strings = [
    // t1 A A, t2 A then four more A on t2 (only two count), the popper down, t3 left unhit.
    string(
      1,
      [
        shot(1, 700.4, 'A', 't1'),
        shot(2, 900, 'A', 't1'),
        shot(3, 1200, 'A', 't2'),
        shot(4, 1400, 'A', 't2'),
        shot(5, 1500, 'A', 't2'),
        shot(6, 1800, 'P', 'p1'),
        shot(7, 2000, 'M'),
      ],
      ['t1', 't2', 't3', 'p1', 'ns'],
    ),
    // Free shooting is not a rep.
    string(null, [shot(1, 100, 'A', 't1')], ['t1']),
    // Only t1 shown this time: a no-shoot hit and one A.
    string(2, [shot(1, 500, 'A', 't1'), shot(2, 1000, 'NS', 'ns')], ['t1', 'ns']),
  ];

  it('keeps each shot with its target and each rep with the targets it showed', () => {
    const reps = keptReps(strings, stage());
    expect(reps).toEqual([
      {
        shots: [
          { tMs: 700, zone: 'A', targetId: 't1' },
          { tMs: 900, zone: 'A', targetId: 't1' },
          { tMs: 1200, zone: 'A', targetId: 't2' },
          { tMs: 1400, zone: 'A', targetId: 't2' },
          { tMs: 1500, zone: 'A', targetId: 't2' },
          { tMs: 1800, zone: 'P', targetId: 'p1' },
          { tMs: 2000, zone: 'M' },
        ],
        targetIds: ['t1', 't2', 't3'],
        popperIds: ['p1'],
      },
      { shots: [{ tMs: 500, zone: 'A', targetId: 't1' }, { tMs: 1000, zone: 'NS', targetId: 'ns' }], targetIds: ['t1'], popperIds: [] },
    ]);
    // What is kept is what POST /api/training/ takes, unchanged.
    expect(trainingBodySchema.parse({ startedAt: '2025-06-01T09:30:00.000Z', reps }).reps).toEqual(reps);
  });

  it('scores a kept rep as the panel scored the string, misses of an unhit target included', () => {
    const panel = scoreString(stage(), strings[0]!.shots, strings[0]!.seenIds, 'minor');
    const kept = scoreTrainingRep(keptReps(strings, stage())![0]!, 'minor');
    // IPSC by hand: t1 10, t2 best two 10, popper 5 = 25; t3 two misses = −20; 5 points in 2 s.
    expect(panel.points).toBe(5);
    expect(panel.hitFactor).toBeCloseTo(2.5, 10);
    expect(kept.points).toBe(panel.points);
    // The shot times are kept in whole milliseconds; the last shot was already whole.
    expect(kept.hitFactor).toBe(panel.hitFactor);
    // Scored without the targets (as the log did before), all five A and the popper count and
    // only the M shot is a miss: 30 − 10 = 20 points, 10 in 2 s, not the panel's 2.5.
    expect(scoreRep(keptReps(strings, stage())![0]!.shots, 'minor').hitFactor).toBe(10);

    const second = scoreString(stage(), strings[2]!.shots, strings[2]!.seenIds, 'major');
    expect(scoreTrainingRep(keptReps(strings, stage())![1]!, 'major')).toEqual(second);
  });

  it('offers nothing to keep when no shot was fired', () => {
    expect(keptReps([string(1, [], ['t1'])], stage())).toBeUndefined();
  });
});
