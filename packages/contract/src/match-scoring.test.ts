import { describe, expect, it } from 'vitest';
import { Division, Factor } from './enums.ts';
import {
  compareSeriesBackwards,
  computeResults,
  hitFactor,
  NO_HITS,
  roundTo,
  runPoints,
  stagePoints,
  type ResultsCompetitor,
  type ScoreValues,
} from './match-scoring.ts';

const none = NO_HITS;

function competitor(id: string, extra: Partial<ResultsCompetitor> = {}): ResultsCompetitor {
  return { id, fullName: id, division: Division.produccion, factor: Factor.minor, dq: false, ...extra };
}

function run(stage: number, competitorId: string, time: number, hits: Partial<typeof none>, dnf = false): ScoreValues {
  return { stage, competitorId, time, dnf, ...none, ...hits };
}

describe('IPSC points of a run (IPSC Handgun Competition Rules, chapter 9, Comstock)', () => {
  it('scores A5 C4 D2 major and A5 C3 D1 minor (rules 9.4 scoring values)', () => {
    expect(runPoints({ ...none, a: 1, c: 1, d: 1 }, Factor.major)).toBe(11);
    expect(runPoints({ ...none, a: 1, c: 1, d: 1 }, Factor.minor)).toBe(9);
  });

  it('takes 10 per miss, no-shoot and procedural, and never goes below zero (a stage score below zero is zero)', () => {
    expect(runPoints({ ...none, a: 10, m: 1, ns: 1, procedurals: 1 }, Factor.minor)).toBe(20);
    expect(runPoints({ ...none, a: 2, m: 3 }, Factor.major)).toBe(0);
  });

  it('divides points by the time, to four decimals', () => {
    // The worked example of usrifleshotgunchallenge.com "More about IPSC": 115 points in
    // 25.00 s is a hit factor of 4.6.
    expect(hitFactor(115, 25)).toBe(4.6);
    expect(hitFactor(76, 12)).toBe(6.3333);
    expect(hitFactor(74, 10.5)).toBe(7.0476);
    expect(hitFactor(10, 0)).toBe(0);
    expect(roundTo(2.675, 2)).toBe(2.68);
  });
});

describe('stage points (rule 9.2: the highest hit factor earns the stage maximum, others their share)', () => {
  // Worked example of coltshootingrange.co.za "Calculating the hit factor on a stage": a 16-round
  // stage worth 80 points, both major. Max: 12 A and 4 C in 12.00 s = 76 points, HF 6.3333.
  // Jerry: 10 A and 6 C in 10.50 s = 74 points, HF 7.0476. Jerry wins 80.00; Max gets
  // 6.3333 / 7.0476 × 80 = 71.89 and 89.86 % of the stage.
  const competitors = [competitor('Max', { factor: Factor.major }), competitor('Jerry', { factor: Factor.major })];
  const scores = [run(1, 'Max', 12, { a: 12, c: 4 }), run(1, 'Jerry', 10.5, { a: 10, c: 6 })];
  const [division] = computeResults({
    scoring: 'ipsc',
    stages: [{ number: 1, maxPoints: 80, series: null, shotsPerSeries: null }],
    competitors,
    scores,
  });

  it('follows the worked example to the hundredth', () => {
    const [jerry, max] = division!.competitors;
    expect(jerry!.fullName).toBe('Jerry');
    expect(jerry!.stages[0]).toMatchObject({ points: 74, hitFactor: 7.0476, stagePoints: 80, place: 1 });
    expect(max!.stages[0]).toMatchObject({ points: 76, hitFactor: 6.3333, place: 2 });
    expect(roundTo(max!.stages[0]!.stagePoints, 2)).toBe(71.89);
    expect(max!.percent).toBe(89.86);
    expect([jerry!.place, max!.place]).toEqual([1, 2]);
  });

  it('uses the canadiangunnutz.com example: 31 in 5 s against 39 in 5.5 s on 40 points', () => {
    expect(hitFactor(31, 5)).toBe(6.2);
    expect(hitFactor(39, 5.5)).toBe(7.0909);
    expect(roundTo(stagePoints(6.2, 7.0909, 40), 2)).toBe(34.97);
  });
});

describe('match results', () => {
  const stages = [
    { number: 1, maxPoints: 100, series: null, shotsPerSeries: null },
    { number: 2, maxPoints: 50, series: null, shotsPerSeries: null },
  ];

  it('sums stage points, ranks by match points and gives percent of the winner', () => {
    const [division] = computeResults({
      scoring: 'ipsc',
      stages,
      competitors: [competitor('A'), competitor('B'), competitor('C')],
      scores: [
        run(1, 'A', 10, { a: 20 }), // 100 points, HF 10
        run(1, 'B', 20, { a: 20 }), // HF 5: 50 stage points
        run(1, 'C', 10, { a: 10, c: 10 }), // 80 points, HF 8: 80
        run(2, 'A', 10, { a: 10 }), // HF 5: 25
        run(2, 'B', 5, { a: 10 }), // HF 10: 50
        run(2, 'C', 10, { a: 10, m: 5 }), // 0 points: 0
      ],
    });
    const byId = Object.fromEntries(division!.competitors.map((c) => [c.competitorId, c]));
    expect(byId.A).toMatchObject({ matchPoints: 125, place: 1, percent: 100 });
    expect(byId.B).toMatchObject({ matchPoints: 100, place: 2, percent: 80 });
    expect(byId.C).toMatchObject({ matchPoints: 80, place: 3, percent: 64 });
    expect(byId.C!.stages[1]).toMatchObject({ points: 0, hitFactor: 0, stagePoints: 0, place: 3 });
    expect(byId.B!.stages.map((s) => s.place)).toEqual([3, 1]);
  });

  it('lists a DQ last without a place, scoring 0 everywhere, and leaves it out of the best hit factor', () => {
    const [division] = computeResults({
      scoring: 'ipsc',
      stages,
      competitors: [competitor('A'), competitor('B'), competitor('Q', { dq: true })],
      scores: [
        run(1, 'A', 10, { a: 20 }),
        run(1, 'B', 20, { a: 20 }),
        run(1, 'Q', 5, { a: 20 }), // would be the best HF (20)
      ],
    });
    const list = division!.competitors;
    expect(list.map((c) => c.competitorId)).toEqual(['A', 'B', 'Q']);
    expect(list[0]!.stages[0]!.stagePoints).toBe(100);
    expect(list[2]).toMatchObject({ dq: true, place: null, matchPoints: 0, percent: 0 });
    expect(list[2]!.stages[0]).toMatchObject({ stagePoints: 0, hitFactor: 0, place: null });
  });

  it('scores a DNF 0 on that stage only', () => {
    const [division] = computeResults({
      scoring: 'ipsc',
      stages,
      competitors: [competitor('A'), competitor('B')],
      scores: [
        run(1, 'A', 10, { a: 20 }),
        run(1, 'B', 0, {}, true),
        run(2, 'A', 10, { a: 10 }),
        run(2, 'B', 10, { a: 10 }),
      ],
    });
    const b = division!.competitors.find((c) => c.competitorId === 'B')!;
    expect(b.stages[0]).toMatchObject({ dnf: true, stagePoints: 0, place: 2 });
    expect(b.stages[1]).toMatchObject({ stagePoints: 50, place: 1 });
    expect(b.matchPoints).toBe(50);
  });

  it('ranks each division on its own, and factor only changes points', () => {
    const results = computeResults({
      scoring: 'ipsc',
      stages: [stages[0]!],
      competitors: [
        competitor('P', { division: Division.produccion }),
        competitor('O', { division: Division.open, factor: Factor.major }),
        competitor('O2', { division: Division.open, factor: Factor.minor }),
        competitor('R', { division: Division.revolver }),
      ],
      scores: [
        run(1, 'P', 20, { a: 20 }),
        run(1, 'O', 10, { c: 20 }), // 80
        run(1, 'O2', 10, { c: 20 }), // 60
        run(1, 'R', 40, { a: 20 }),
      ],
    });
    expect(results.map((d) => d.division)).toEqual([Division.produccion, Division.open, Division.revolver]);
    expect(results[0]!.competitors[0]!.stages[0]!.stagePoints).toBe(100);
    expect(results[1]!.competitors.map((c) => [c.competitorId, c.stages[0]!.stagePoints])).toEqual([
      ['O', 100],
      ['O2', 75],
    ]);
    expect(results[2]!.competitors[0]).toMatchObject({ place: 1, percent: 100 });
  });

  it('shares a place on equal match points and leaves unscored stages without a place', () => {
    const [division] = computeResults({
      scoring: 'ipsc',
      stages,
      competitors: [competitor('A'), competitor('B'), competitor('C')],
      scores: [run(1, 'A', 10, { a: 20 }), run(1, 'B', 10, { a: 20 }), run(1, 'C', 20, { a: 20 })],
    });
    expect(division!.competitors.map((c) => c.place)).toEqual([1, 1, 3]);
    expect(division!.competitors[0]!.stages[1]).toMatchObject({ scored: false, place: null, stagePoints: 0 });
  });
});

describe('fixed-time stages (USPSA/IPSC rule 9.2: net points, not factored by time)', () => {
  it('ranks by net points and gives them as stage points', () => {
    // As PractiScore scored stage 4 of a real club match (see server/test/matches/fixtures):
    // 10 A, 5 C, 2 D minor = 67 points, hit factor 67, stage points 67.
    const [division] = computeResults({
      scoring: 'ipsc',
      stages: [{ number: 4, maxPoints: 100, series: null, shotsPerSeries: null, scoringType: 'fixed-time' }],
      competitors: [competitor('A'), competitor('B')],
      scores: [run(4, 'A', 0, { a: 10, c: 5, d: 2 }), run(4, 'B', 0, { a: 9, c: 5, d: 1 })],
    });
    expect(division!.competitors.map((c) => [c.competitorId, c.stages[0]!.hitFactor, c.stages[0]!.stagePoints, c.place])).toEqual([
      ['A', 67, 67, 1],
      ['B', 61, 61, 2],
    ]);
  });
});

describe('precision results: total, then inner tens, then the last series backwards', () => {
  const stages = [
    { number: 1, maxPoints: 200, series: 2, shotsPerSeries: 10 },
    { number: 2, maxPoints: 200, series: 2, shotsPerSeries: 10 },
  ];
  const p = (stage: number, competitorId: string, series: number[], x: number, dnf = false): ScoreValues => ({
    stage,
    competitorId,
    series,
    x,
    dnf,
  });

  it('compares series from the last one back', () => {
    expect(compareSeriesBackwards([90, 95], [95, 90])).toBeLessThan(0);
    expect(compareSeriesBackwards([95, 90], [90, 95])).toBeGreaterThan(0);
    expect(compareSeriesBackwards([90, 90], [90, 90])).toBe(0);
  });

  it('places by total, then inner tens, then the last series', () => {
    const [division] = computeResults({
      scoring: 'precision',
      stages,
      competitors: [competitor('A'), competitor('B'), competitor('C'), competitor('D')],
      scores: [
        // A and B: 370 with 8 X; B shot the better last series.
        p(1, 'A', [95, 95], 4),
        p(2, 'A', [92, 88], 4),
        p(1, 'B', [95, 95], 4),
        p(2, 'B', [88, 92], 4),
        // C: 370 with 9 X: ahead of both.
        p(1, 'C', [90, 90], 5),
        p(2, 'C', [95, 95], 4),
        // D: 371: the winner.
        p(1, 'D', [91, 90], 0),
        p(2, 'D', [95, 95], 0),
      ],
    });
    expect(division!.competitors.map((c) => [c.competitorId, c.place, c.matchPoints, c.x])).toEqual([
      ['D', 1, 371, 0],
      ['C', 2, 370, 9],
      ['B', 3, 370, 8],
      ['A', 4, 370, 8],
    ]);
    expect(division!.competitors[1]!.percent).toBe(99.73);
    const a = division!.competitors[3]!;
    expect(a.stages[1]).toMatchObject({ points: 180, stagePoints: 180, hitFactor: null, x: 4 });
  });

  it('counts a DNF stage as 0 and lists a DQ last', () => {
    const [division] = computeResults({
      scoring: 'precision',
      stages,
      competitors: [competitor('A'), competitor('B'), competitor('Q', { dq: true })],
      scores: [p(1, 'A', [90, 90], 2), p(2, 'A', [], 0, true), p(1, 'B', [50, 50], 0), p(2, 'B', [50, 50], 0), p(1, 'Q', [100, 100], 20)],
    });
    expect(division!.competitors.map((c) => [c.competitorId, c.place, c.matchPoints])).toEqual([
      ['B', 1, 200],
      ['A', 2, 180],
      ['Q', null, 0],
    ]);
    expect(division!.competitors[1]!.stages[1]).toMatchObject({ dnf: true, points: 0, place: 2 });
  });
});
