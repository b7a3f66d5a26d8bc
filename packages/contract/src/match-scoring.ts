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
  const runs = runsByCompetitor(input.scores);
  return [...competitorsByDivision(input.competitors).entries()].map(([division, competitors]) =>
    divisionResults(input.scoring, stages, division, competitors, runs),
  );
}

/** The stages in the order results list them (by number). */
export function sortedStages<T extends { number: number }>(stages: readonly T[]): T[] {
  return [...stages].sort((a, b) => a.number - b.number);
}

/**
 * Each competitor's scores, by competitor id and then by stage number (`runs[stage]`). Looked up
 * with the competitor's own id string, whose hash the engine keeps, then by index: a division
 * of a hundred competitors on a dozen stages is a thousand lookups each time it is ranked.
 */
export type RunsByCompetitor = ReadonlyMap<string, readonly (ScoreValues | undefined)[]>;

/** Sets a score in a `RunsByCompetitor` map being built. */
export function setRun(runs: Map<string, (ScoreValues | undefined)[]>, score: ScoreValues): void {
  let list = runs.get(score.competitorId);
  if (!list) {
    list = [];
    runs.set(score.competitorId, list);
  }
  list[score.stage] = score;
}

/** Each score by its competitor and stage (`RunsByCompetitor`). */
export function runsByCompetitor(scores: Iterable<ScoreValues>): Map<string, (ScoreValues | undefined)[]> {
  const runs = new Map<string, (ScoreValues | undefined)[]>();
  for (const score of scores) setRun(runs, score);
  return runs;
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
  runs: RunsByCompetitor,
): DivisionResult {
  return {
    division,
    competitors:
      scoring === 'ipsc' ? ipscDivision(stages, competitors, runs) : precisionDivision(stages, competitors, runs),
  };
}

function ipscDivision(
  stages: readonly (Pick<MatchStage, 'number' | 'maxPoints'> & Partial<Pick<MatchStage, 'scoringType'>>)[],
  competitors: readonly ResultsCompetitor[],
  byCompetitor: RunsByCompetitor,
): CompetitorResult[] {
  // Written by index, without spreads or closures per run, and each stage result made once with
  // its values: the server ranks a division again after every score saved in it while results
  // are read (decision 0067), so this is its busiest loop. Sums are made in the same order as on
  // paper (stage by stage).
  const count = competitors.length;
  const stageResults: StageResult[][] = [];
  const totals: number[] = [];
  const hitFactors: number[] = [];
  const ownRuns: (readonly (ScoreValues | undefined)[] | undefined)[] = [];
  for (const competitor of competitors) {
    stageResults.push([]);
    totals.push(0);
    hitFactors.push(0);
    ownRuns.push(byCompetitor.get(competitor.id));
  }
  const runs: number[] = [];
  const results: StageResult[] = [];
  for (const stage of stages) {
    // Fixed time (rule 9.2 of the USPSA and IPSC books): net points, not factored by time.
    const fixedTime = stage.scoringType === 'fixed-time';
    runs.length = 0;
    results.length = 0;
    let best = 0;
    for (let i = 0; i < count; i++) {
      const competitor = competitors[i]!;
      const score = ownRuns[i]?.[stage.number];
      let time: number | null = null;
      let points = 0;
      let factor = 0;
      let dnf = false;
      if (score && 'time' in score) {
        dnf = score.dnf;
        time = score.time;
        // A DQ scores 0 on every stage; a DNF scores 0 on its stage.
        if (!competitor.dq && !dnf) {
          points = runPoints(score, competitor.factor);
          factor = fixedTime ? points : hitFactor(points, time);
        }
      }
      const scored = score !== undefined;
      const result: StageResult = { stage: stage.number, time, points, hitFactor: factor, stagePoints: 0, place: null, dnf, scored };
      results.push(result);
      stageResults[i]!.push(result);
      if (!competitor.dq && scored) {
        runs.push(i);
        hitFactors[i] = factor;
        if (factor > best) best = factor;
      }
    }
    for (const i of runs) {
      const result = results[i]!;
      const exact = fixedTime ? result.points : stagePoints(hitFactors[i]!, best, stage.maxPoints);
      totals[i] = totals[i]! + exact;
      result.stagePoints = roundTo(exact, 4);
    }
    // Equal hit factors share a place, so their order among themselves shows nowhere.
    runs.sort((a, b) => hitFactors[b]! - hitFactors[a]!);
    for (let r = 0; r < runs.length; r++) {
      const i = runs[r]!;
      results[i]!.place = r > 0 && hitFactors[runs[r - 1]!] === hitFactors[i] ? results[runs[r - 1]!]!.place : r + 1;
    }
  }
  const ranked: number[] = [];
  const matchPoints: number[] = new Array<number>(count).fill(0);
  for (let i = 0; i < count; i++) {
    if (competitors[i]!.dq) continue;
    matchPoints[i] = roundTo(totals[i]!, 4);
    ranked.push(i);
  }
  ranked.sort((a, b) => matchPoints[b]! - matchPoints[a]! || byName(competitors[a]!, competitors[b]!));
  const winner = ranked.length > 0 ? matchPoints[ranked[0]!]! : 0;
  const listed: CompetitorResult[] = [];
  let place = 0;
  for (let r = 0; r < ranked.length; r++) {
    const i = ranked[r]!;
    if (r === 0 || matchPoints[ranked[r - 1]!] !== matchPoints[i]) place = r + 1;
    const percent = winner > 0 ? roundTo((matchPoints[i]! / winner) * 100, 2) : 0;
    listed.push(resultLine(competitors[i]!, place, matchPoints[i]!, percent, stageResults[i]!));
  }
  if (listed.length === count) return listed;
  const byId = new Map(competitors.map((c, i) => [c.id, stageResults[i]!]));
  return [...listed, ...disqualified(competitors, byId)];
}

/**
 * A competitor's line of results, made whole in one step (no spread: the server makes one per
 * competitor each time it ranks a division). `x`, the inner tens, on a precision match only.
 */
function resultLine(
  competitor: ResultsCompetitor,
  place: number | null,
  matchPoints: number,
  percent: number,
  stages: StageResult[],
  x?: number,
): CompetitorResult {
  const line: CompetitorResult = {
    competitorId: competitor.id,
    personUuid: competitor.personUuid ?? null,
    fullName: competitor.fullName,
    factor: competitor.factor,
    category: competitor.category ?? null,
    squad: competitor.squad ?? null,
    place,
    matchPoints,
    percent,
    dq: competitor.dq,
    stages,
  };
  if (x !== undefined) line.x = x;
  return line;
}

// Listed last, by name, without a place.
function disqualified(
  competitors: readonly ResultsCompetitor[],
  stageResults: ReadonlyMap<string, StageResult[]>,
  x?: number,
): CompetitorResult[] {
  return competitors
    .filter((c) => c.dq)
    .sort(byName)
    .map((c) => resultLine(c, null, 0, 0, stageResults.get(c.id)!, x));
}

function precisionDivision(
  stages: readonly Pick<MatchStage, 'number' | 'series'>[],
  competitors: readonly ResultsCompetitor[],
  byCompetitor: RunsByCompetitor,
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
      const score = byCompetitor.get(competitor.id)?.[stage.number];
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
  const listed: CompetitorResult[] = ranked.map((entry, i) =>
    resultLine(
      entry.competitor,
      places[i]!,
      entry.key.total,
      winner > 0 ? roundTo((entry.key.total / winner) * 100, 2) : 0,
      stageResults.get(entry.competitor.id)!,
      entry.key.x,
    ),
  );
  return [...listed, ...disqualified(competitors, stageResults, 0)];
}
