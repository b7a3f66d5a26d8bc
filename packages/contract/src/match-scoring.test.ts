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
  type IpscHits,
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

describe('IPSC results of generated matches, against the rules written plainly', () => {
  // The ranking is written for speed (by index, made once per run); here the same rules are
  // written the plain way, one competitor and one stage at a time, and both must agree on
  // every field of matches with ties, DQ, DNF, unscored runs, fixed-time stages and names that
  // only a collator orders.
  const names = ['Ana Pérez', 'Ángel Ruiz', 'Àlex Puig', 'ana pérez', 'Óscar', 'Zoe', 'Ñuño', 'Nuria'];
  let seed = 20251207;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const collator = new Intl.Collator('es');
  const byName = (a: ResultsCompetitor, b: ResultsCompetitor) =>
    collator.compare(a.fullName, b.fullName) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

  function plainDivision(stages: { number: number; maxPoints: number; scoringType?: string }[], competitors: ResultsCompetitor[], scores: ScoreValues[]) {
    const scoreOf = (stage: number, id: string) => scores.find((s) => s.stage === stage && s.competitorId === id);
    const stagesOf = new Map(competitors.map((c) => [c.id, [] as Record<string, unknown>[]]));
    const exact = new Map(competitors.map((c) => [c.id, 0]));
    for (const stage of [...stages].sort((a, b) => a.number - b.number)) {
      const fixed = stage.scoringType === 'fixed-time';
      const rows = competitors.map((c) => {
        const score = scoreOf(stage.number, c.id) as (ScoreValues & IpscHits & { time: number }) | undefined;
        const counts = score !== undefined && !c.dq && !score.dnf;
        const points = counts ? runPoints(score, c.factor) : 0;
        const factor = counts ? (fixed ? points : hitFactor(points, score.time)) : 0;
        return { c, score, points, factor };
      });
      const ranked = rows.filter((r) => !r.c.dq && r.score !== undefined);
      const best = Math.max(0, ...ranked.map((r) => r.factor));
      const order = [...ranked].sort((a, b) => b.factor - a.factor || byName(a.c, b.c));
      for (const r of rows) {
        const inRanking = ranked.includes(r);
        const share = inRanking ? (fixed ? r.points : stagePoints(r.factor, best, stage.maxPoints)) : 0;
        if (inRanking) exact.set(r.c.id, exact.get(r.c.id)! + share);
        const at = order.indexOf(r);
        const firstEqual = order.findIndex((o) => o.factor === r.factor);
        stagesOf.get(r.c.id)!.push({
          stage: stage.number,
          time: r.score ? r.score.time : null,
          points: r.points,
          hitFactor: r.factor,
          stagePoints: roundTo(share, 4),
          place: at < 0 ? null : firstEqual + 1,
          dnf: r.score ? r.score.dnf : false,
          scored: r.score !== undefined,
        });
      }
    }
    const shooting = competitors.filter((c) => !c.dq).map((c) => ({ c, points: roundTo(exact.get(c.id)!, 4) }));
    shooting.sort((a, b) => b.points - a.points || byName(a.c, b.c));
    const winner = shooting[0]?.points ?? 0;
    const line = (c: ResultsCompetitor) => ({
      competitorId: c.id,
      personUuid: c.personUuid ?? null,
      fullName: c.fullName,
      factor: c.factor,
      category: c.category ?? null,
      squad: c.squad ?? null,
    });
    return [
      ...shooting.map((s) => ({
        ...line(s.c),
        place: shooting.findIndex((o) => o.points === s.points) + 1,
        matchPoints: s.points,
        percent: winner > 0 ? roundTo((s.points / winner) * 100, 2) : 0,
        dq: false,
        stages: stagesOf.get(s.c.id),
      })),
      ...competitors
        .filter((c) => c.dq)
        .sort(byName)
        .map((c) => ({ ...line(c), place: null, matchPoints: 0, percent: 0, dq: true, stages: stagesOf.get(c.id) })),
    ];
  }

  it('agree on 150 generated matches', () => {
    for (let match = 0; match < 150; match++) {
      const tied = random() < 0.3;
      const stages = Array.from({ length: 1 + Math.floor(random() * 8) }, (_, i) => ({
        number: 8 - i,
        maxPoints: 20 + Math.floor(random() * 150),
        series: null,
        shotsPerSeries: null,
        ...(random() < 0.15 ? { scoringType: 'fixed-time' as const } : {}),
      }));
      const competitors = Array.from({ length: 1 + Math.floor(random() * 30) }, (_, i) =>
        competitor(`c${Math.floor(random() * 1000)}-${i}`, {
          fullName: random() < 0.5 ? pick(names) : `T${Math.floor(random() * 9)}`,
          division: pick([Division.produccion, Division.open]),
          factor: random() < 0.4 ? Factor.major : Factor.minor,
          dq: random() < 0.08,
          squad: random() < 0.5 ? 1 : null,
        }),
      );
      const scores = stages.flatMap((stage) =>
        competitors
          .filter(() => random() > 0.15)
          .map((c) =>
            run(
              stage.number,
              c.id,
              tied ? 9.87 : random() < 0.03 ? 0 : Math.round(300 + random() * 3000) / 100,
              tied
                ? { a: 10, c: Math.floor(random() * 2) }
                : { a: Math.floor(random() * 20), c: Math.floor(random() * 6), d: Math.floor(random() * 3), m: random() < 0.2 ? 1 : 0, ns: random() < 0.1 ? 1 : 0 },
              random() < 0.04,
            ),
          ),
      );
      const results = computeResults({ scoring: 'ipsc', stages, competitors, scores });
      for (const division of results) {
        const own = competitors.filter((c) => c.division === division.division);
        expect(division.competitors).toEqual(plainDivision(stages, own, scores));
      }
      expect(results.map((d) => d.division)).toEqual([...new Set(competitors.map((c) => c.division))].sort((a, b) => a - b));
    }
  });
});
