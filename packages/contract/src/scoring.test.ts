import { describe, expect, it } from 'vitest';
import { scoreRep, shotTimes } from './scoring.ts';

describe('scoreRep', () => {
  it('scores major and minor by zone', () => {
    const shots = [
      { tMs: 1000, zone: 'A' as const },
      { tMs: 1300, zone: 'C' as const },
      { tMs: 1600, zone: 'D' as const },
    ];
    expect(scoreRep(shots, 'major').points).toBe(11);
    expect(scoreRep(shots, 'minor').points).toBe(9);
  });

  it('takes ten for each miss and no-shoot, and divides by the time to the last shot', () => {
    const score = scoreRep(
      [
        { tMs: 800, zone: 'A' },
        { tMs: 1100, zone: 'A' },
        { tMs: 1400, zone: 'M' },
        { tMs: 2000, zone: 'NS' },
      ],
      'minor',
    );
    expect(score.hitPoints).toBe(10);
    expect(score.penalties).toBe(20);
    expect(score.points).toBe(-10);
    expect(score.hitFactor).toBe(0);
    expect(score.timeMs).toBe(2000);
  });

  it('counts the best two hits per target and a miss for each hit short of two', () => {
    const score = scoreRep(
      [
        { tMs: 500, zone: 'D', targetId: 't1' },
        { tMs: 700, zone: 'A', targetId: 't1' },
        { tMs: 900, zone: 'C', targetId: 't1' },
        { tMs: 1000, zone: 'A', targetId: 't2' },
      ],
      'major',
      { targetIds: ['t1', 't2', 't3'] },
    );
    // t1: A + C = 9; t2: A = 5 and one miss; t3: two misses.
    expect(score.hitPoints).toBe(14);
    expect(score.penalties).toBe(30);
    expect(score.points).toBe(-16);
  });

  it('gives the hit factor as points per second', () => {
    const score = scoreRep(
      [
        { tMs: 1000, zone: 'A' },
        { tMs: 2000, zone: 'A' },
      ],
      'major',
    );
    expect(score.hitFactor).toBe(5);
  });

  it('scores no shot as zero with no time', () => {
    expect(scoreRep([], 'major')).toMatchObject({ points: 0, timeMs: null, hitFactor: 0 });
  });
});

describe('shotTimes', () => {
  it('gives first, splits and last', () => {
    expect(shotTimes([{ tMs: 900 }, { tMs: 1200 }, { tMs: 1650 }])).toEqual({
      firstMs: 900,
      splitsMs: [300, 450],
      lastMs: 1650,
    });
  });
});
