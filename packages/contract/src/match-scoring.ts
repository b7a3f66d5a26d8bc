// The scoring rules of a match (API.md, Matches), written once: the range officer's phone shows
// the points and hit factor of a run with them, and the server computes results with them.
//
// IPSC, Comstock (IPSC Handgun Competition Rules, chapter 9): points of a run = hits by power
// factor − 10 per miss, no-shoot and procedural, never below 0; hit factor = points ÷ time, to
// four decimals; the best hit factor of the division on a stage earns the stage's maximum
// points, every other run its hit factor's share of it; match points are the sum. Precision:
// the total of every series, then inner tens, then the last series, the one before, ... .
import type { Category, Division, Factor } from './enums.ts';
import { Factor as FactorValue } from './enums.ts';
import type { CompetitorResult, DivisionResult, MatchScoring, MatchStage, StageResult } from './match.ts';

/** Hit counts of one IPSC run. */
export interface IpscHits {
  a: number;
  c: number;
  d: number;
  m: number;
  ns: number;
  procedurals: number;
}

/** A run with no hits and no penalties. */
export const NO_HITS: Readonly<IpscHits> = { a: 0, c: 0, d: 0, m: 0, ns: 0, procedurals: 0 };

/** Points of a hit in each zone by factor (minor A5 C3 D1, major A5 C4 D2). */
export const HIT_POINTS: Record<Factor, { a: number; c: number; d: number }> = {
  [FactorValue.minor]: { a: 5, c: 3, d: 1 },
  [FactorValue.major]: { a: 5, c: 4, d: 2 },
};
/** Penalty of each miss, no-shoot hit and procedural. */
export const MATCH_PENALTY = 10;

// A nudge of a few units in the last place, so that a half written in binary just below it
// (2.675 is 2.67499999…) rounds up as on paper. A quotient of the points by a time in hundredths
// is never that close to a half without being one, so no true value is moved across.
const NUDGE = 1 + 2 ** -50;

/** Rounds to `places` decimals, half away from zero, without binary drift (2.675 → 2.68). */
export function roundTo(value: number, places: number): number {
  const factor = 10 ** places;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor * NUDGE)) / factor;
}

/** Points of an IPSC run: hits by factor less 10 per miss, no-shoot and procedural, never below 0. */
export function runPoints(hits: IpscHits, factor: Factor): number {
  const table = HIT_POINTS[factor];
  const raw =
    hits.a * table.a +
    hits.c * table.c +
    hits.d * table.d -
    MATCH_PENALTY * (hits.m + hits.ns + hits.procedurals);
  return Math.max(0, raw);
}

/** Hit factor of a run: points ÷ seconds to four decimals; 0 without a time. */
export function hitFactor(points: number, time: number): number {
  return time > 0 ? roundTo(points / time, 4) : 0;
}

/** Stage points of a run: its hit factor's share of the division's best, times the stage's maximum. */
export function stagePoints(runHitFactor: number, bestHitFactor: number, maxPoints: number): number {
  return bestHitFactor > 0 ? (runHitFactor / bestHitFactor) * maxPoints : 0;
}

/** What one run holds: an IPSC run's hits and time, or a precision card's series and inner tens. */
export type RunValues =
  ({ dnf: boolean; time: number } & IpscHits) | { dnf: boolean; series: number[]; x: number };

/** The values of a saved score that results read. */
export type ScoreValues = { stage: number; competitorId: string } & RunValues;

export interface ResultsCompetitor {
  id: string;
  personUuid?: string | null;
  fullName: string;
  division: Division;
  factor: Factor;
  category?: Category | null;
  squad?: number | null;
  dq: boolean;
}

export interface ResultsInput {
  scoring: MatchScoring;
  stages: readonly (Pick<MatchStage, 'number' | 'maxPoints' | 'series' | 'shotsPerSeries'> &
    Partial<Pick<MatchStage, 'scoringType'>>)[];
  competitors: readonly ResultsCompetitor[];
  scores: readonly ScoreValues[];
}

/** Places of items already sorted best first: equal keys share a place (1, 1, 3). */
function assignPlaces<T>(sorted: readonly T[], same: (a: T, b: T) => boolean): number[] {
  const places: number[] = [];
  sorted.forEach((item, i) => {
    places.push(i > 0 && same(sorted[i - 1]!, item) ? places[i - 1]! : i + 1);
  });
  return places;
}

/** Compares precision series from the last backwards: negative when `a` is the better. */
export function compareSeriesBackwards(a: readonly number[], b: readonly number[]): number {
  const length = Math.max(a.length, b.length);
  for (let i = length - 1; i >= 0; i--) {
    const diff = (b[i] ?? 0) - (a[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** Compares two precision totals (total, inner tens, series backwards): negative when `a` is the better. */
export function comparePrecision(
  a: { total: number; x: number; series: readonly number[] },
  b: { total: number; x: number; series: readonly number[] },
): number {
  if (a.total !== b.total) return b.total - a.total;
  if (a.x !== b.x) return b.x - a.x;
  return compareSeriesBackwards(a.series, b.series);
}

// One collator for every comparison: localeCompare with a locale builds one per call. Built on
// the first comparison, not as the module loads (the browser loads its language's collation
// then, tens of milliseconds on a phone, before the scoring screen's first render otherwise).
let collator: Intl.Collator | undefined;

function byName(a: ResultsCompetitor, b: ResultsCompetitor): number {
  return (collator ??= new Intl.Collator('es')).compare(a.fullName, b.fullName) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Results of a match by division (API.md, Results): places, points, percent and stage results. */
export function computeResults(input: ResultsInput): DivisionResult[] {
  const stages = sortedStages(input.stages);
  const scoreOf = scoresByRun(input.scores);
  return [...competitorsByDivision(input.competitors).entries()].map(([division, competitors]) =>
    divisionResults(input.scoring, stages, division, competitors, scoreOf),
  );
}

/** The stages in the order results list them (by number). */
export function sortedStages<T extends { number: number }>(stages: readonly T[]): T[] {
  return [...stages].sort((a, b) => a.number - b.number);
}

/** The key of a run in `scoresByRun`'s map. */
export function runKey(stage: number, competitorId: string): string {
  return `${stage}:${competitorId}`;
}

/** Each score by its run (`runKey`). */
export function scoresByRun(scores: Iterable<ScoreValues>): Map<string, ScoreValues> {
  const scoreOf = new Map<string, ScoreValues>();
  for (const score of scores) scoreOf.set(runKey(score.stage, score.competitorId), score);
  return scoreOf;
}

/** The competitors of each division, the divisions in the order results list them. */
export function competitorsByDivision<T extends ResultsCompetitor>(competitors: readonly T[]): Map<Division, T[]> {
  const divisions = new Map<Division, T[]>();
  for (const competitor of competitors) {
    const list = divisions.get(competitor.division) ?? [];
    list.push(competitor);
    divisions.set(competitor.division, list);
  }
  return new Map([...divisions.entries()].sort(([a], [b]) => a - b));
}

/**
 * Results of one division: its competitors are ranked among themselves only, so a division's
 * results change only with its own competitors' scores (the server recomputes only those).
 * `stages` in `sortedStages` order.
 */
export function divisionResults(
  scoring: MatchScoring,
  stages: ResultsInput['stages'],
  division: Division,
  competitors: readonly ResultsCompetitor[],
  scoreOf: ReadonlyMap<string, ScoreValues>,
): DivisionResult {
  return {
    division,
    competitors:
      scoring === 'ipsc' ? ipscDivision(stages, competitors, scoreOf) : precisionDivision(stages, competitors, scoreOf),
  };
}

function ipscDivision(
  stages: readonly (Pick<MatchStage, 'number' | 'maxPoints'> & Partial<Pick<MatchStage, 'scoringType'>>)[],
  competitors: readonly ResultsCompetitor[],
  scoreOf: ReadonlyMap<string, ScoreValues>,
): CompetitorResult[] {
  const stageResults = new Map<string, StageResult[]>(competitors.map((c) => [c.id, []]));
  const totals = new Map<string, number>(competitors.map((c) => [c.id, 0]));
  for (const stage of stages) {
    // Fixed time (rule 9.2 of the USPSA and IPSC books): net points, not factored by time.
    const fixedTime = stage.scoringType === 'fixed-time';
    const runs: { competitor: ResultsCompetitor; result: StageResult }[] = [];
    for (const competitor of competitors) {
      const score = scoreOf.get(runKey(stage.number, competitor.id));
      const result: StageResult = {
        stage: stage.number,
        time: null,
        points: 0,
        hitFactor: 0,
        stagePoints: 0,
        place: null,
        dnf: false,
        scored: score !== undefined,
      };
      if (score && 'time' in score) {
        result.dnf = score.dnf;
        result.time = score.time;
        // A DQ scores 0 on every stage; a DNF scores 0 on its stage.
        if (!competitor.dq && !score.dnf) {
          result.points = runPoints(score, competitor.factor);
          result.hitFactor = fixedTime ? result.points : hitFactor(result.points, score.time);
        }
      }
      stageResults.get(competitor.id)!.push(result);
      if (!competitor.dq && result.scored) runs.push({ competitor, result });
    }
    const best = Math.max(0, ...runs.map((run) => run.result.hitFactor ?? 0));
    for (const run of runs) {
      const exact = fixedTime
        ? run.result.points
        : stagePoints(run.result.hitFactor ?? 0, best, stage.maxPoints);
      totals.set(run.competitor.id, totals.get(run.competitor.id)! + exact);
      run.result.stagePoints = roundTo(exact, 4);
    }
    runs.sort(
      (a, b) => (b.result.hitFactor ?? 0) - (a.result.hitFactor ?? 0) || byName(a.competitor, b.competitor),
    );
    const places = assignPlaces(runs, (a, b) => a.result.hitFactor === b.result.hitFactor);
    runs.forEach((run, i) => (run.result.place = places[i]!));
  }
  const ranked = competitors
    .filter((c) => !c.dq)
    .map((c) => ({ competitor: c, matchPoints: roundTo(totals.get(c.id)!, 4) }))
    .sort((a, b) => b.matchPoints - a.matchPoints || byName(a.competitor, b.competitor));
  const places = assignPlaces(ranked, (a, b) => a.matchPoints === b.matchPoints);
  const winner = ranked[0]?.matchPoints ?? 0;
  const listed: CompetitorResult[] = ranked.map((entry, i) => ({
    ...identity(entry.competitor),
    place: places[i]!,
    matchPoints: entry.matchPoints,
    percent: winner > 0 ? roundTo((entry.matchPoints / winner) * 100, 2) : 0,
    dq: false,
    stages: stageResults.get(entry.competitor.id)!,
  }));
  return [...listed, ...disqualified(competitors, stageResults)];
}

function identity(competitor: ResultsCompetitor) {
  return {
    competitorId: competitor.id,
    personUuid: competitor.personUuid ?? null,
    fullName: competitor.fullName,
    factor: competitor.factor,
    category: competitor.category ?? null,
    squad: competitor.squad ?? null,
  };
}

// Listed last, by name, without a place.
function disqualified(
  competitors: readonly ResultsCompetitor[],
  stageResults: ReadonlyMap<string, StageResult[]>,
): CompetitorResult[] {
  return competitors
    .filter((c) => c.dq)
    .sort(byName)
    .map((c) => ({
      ...identity(c),
      place: null,
      matchPoints: 0,
      percent: 0,
      dq: true,
      stages: stageResults.get(c.id)!,
    }));
}

function precisionDivision(
  stages: readonly Pick<MatchStage, 'number' | 'series'>[],
  competitors: readonly ResultsCompetitor[],
  scoreOf: ReadonlyMap<string, ScoreValues>,
): CompetitorResult[] {
  const stageResults = new Map<string, StageResult[]>(competitors.map((c) => [c.id, []]));
  const match = new Map<string, { total: number; x: number; series: number[] }>(
    competitors.map((c) => [c.id, { total: 0, x: 0, series: [] }]),
  );
  for (const stage of stages) {
    const runs: {
      competitor: ResultsCompetitor;
      key: { total: number; x: number; series: number[] };
      result: StageResult;
    }[] = [];
    for (const competitor of competitors) {
      const score = scoreOf.get(runKey(stage.number, competitor.id));
      // Every stage contributes its full count of series (missing ones as 0), so that "the last
      // series" means the same series for every competitor.
      const series = Array.from({ length: stage.series ?? 1 }, () => 0);
      let x = 0;
      let dnf = false;
      if (score && 'series' in score) {
        dnf = score.dnf;
        if (!competitor.dq && !score.dnf) {
          score.series.forEach((points, i) => {
            if (i < series.length) series[i] = points;
          });
          x = score.x;
        }
      }
      const total = series.reduce((sum, points) => sum + points, 0);
      const result: StageResult = {
        stage: stage.number,
        time: null,
        points: total,
        hitFactor: null,
        stagePoints: total,
        place: null,
        dnf,
        scored: score !== undefined,
        x,
      };
      stageResults.get(competitor.id)!.push(result);
      const sum = match.get(competitor.id)!;
      sum.total += total;
      sum.x += x;
      sum.series.push(...series);
      if (!competitor.dq && result.scored) runs.push({ competitor, key: { total, x, series }, result });
    }
    runs.sort((a, b) => comparePrecision(a.key, b.key) || byName(a.competitor, b.competitor));
    const places = assignPlaces(runs, (a, b) => comparePrecision(a.key, b.key) === 0);
    runs.forEach((run, i) => (run.result.place = places[i]!));
  }
  const ranked = competitors
    .filter((c) => !c.dq)
    .map((c) => ({ competitor: c, key: match.get(c.id)! }))
    .sort((a, b) => comparePrecision(a.key, b.key) || byName(a.competitor, b.competitor));
  const places = assignPlaces(ranked, (a, b) => comparePrecision(a.key, b.key) === 0);
  const winner = ranked[0]?.key.total ?? 0;
  const listed: CompetitorResult[] = ranked.map((entry, i) => ({
    ...identity(entry.competitor),
    place: places[i]!,
    matchPoints: entry.key.total,
    percent: winner > 0 ? roundTo((entry.key.total / winner) * 100, 2) : 0,
    dq: false,
    x: entry.key.x,
    stages: stageResults.get(entry.competitor.id)!,
  }));
  return [...listed, ...disqualified(competitors, stageResults).map((c) => ({ ...c, x: 0 }))];
}
