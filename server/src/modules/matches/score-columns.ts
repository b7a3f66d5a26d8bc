import { NO_HITS } from '@club/contract/match-scoring';
import type { RunValues } from '@club/contract/match-scoring';
import type { MatchScoresTable } from '../../db/schema.ts';

/** The columns of `match_scores` that hold a run's values (the rest say whose and when). */
export type RunColumns = Pick<
  MatchScoresTable,
  'a' | 'c' | 'd' | 'm' | 'ns' | 'procedurals' | 'time_cs' | 'dnf' | 'series' | 'x'
>;

/** A run's values as they are stored: the time in hundredths, a precision card's series as JSON. */
export function columnsOf(run: RunValues): RunColumns {
  if ('series' in run) {
    return {
      ...NO_HITS,
      time_cs: 0,
      dnf: run.dnf ? 1 : 0,
      series: JSON.stringify(run.series),
      x: run.x,
    };
  }
  return {
    a: run.a,
    c: run.c,
    d: run.d,
    m: run.m,
    ns: run.ns,
    procedurals: run.procedurals,
    time_cs: Math.round(run.time * 100),
    dnf: run.dnf ? 1 : 0,
    series: null,
    x: 0,
  };
}

/** A stored run's values, read back by the match's kind of scoring (the database may answer numbers as strings). */
export function runOf(scoring: 'ipsc' | 'precision', row: { [K in keyof RunColumns]: unknown }): RunValues {
  if (scoring === 'precision') {
    return {
      dnf: Boolean(Number(row.dnf)),
      series: JSON.parse((row.series as string | null) ?? '[]') as number[],
      x: Number(row.x),
    };
  }
  return {
    dnf: Boolean(Number(row.dnf)),
    a: Number(row.a),
    c: Number(row.c),
    d: Number(row.d),
    m: Number(row.m),
    ns: Number(row.ns),
    procedurals: Number(row.procedurals),
    time: Number(row.time_cs) / 100,
  };
}
