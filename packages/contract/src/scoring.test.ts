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

  it('scores a popper down as an A and one left standing as a miss', () => {
    const shots = [
      { tMs: 400, zone: 'P' as const, targetId: 'p1' },
      { tMs: 600, zone: 'P' as const, targetId: 'p1' },
      { tMs: 800, zone: 'A' as const, targetId: 't1' },
      { tMs: 1000, zone: 'A' as const, targetId: 't1' },
    ];
    const score = scoreRep(shots, 'minor', { targetIds: ['t1'], popperIds: ['p1', 'p2'] });
    // t1: A + A = 10; p1 down once = 5 (a second hit adds nothing); p2 standing: one miss.
    expect(score.hitPoints).toBe(15);
    expect(score.penalties).toBe(10);
    expect(score.points).toBe(5);
    expect(scoreRep(shots.slice(0, 1), 'major').hitPoints).toBe(5);
  });

  it('scores hits into hard cover as nothing', () => {
    const score = scoreRep([{ tMs: 500, zone: 'HC' }], 'major', { targetIds: [] });
    expect(score).toMatchObject({ points: 0, penalties: 0, timeMs: 500, hitFactor: 0 });
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
