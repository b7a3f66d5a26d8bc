// What each process keeps of a match between results computations (decision 0037): the
// competitors under the key they were read with, the scores as of a match version, and each
// division's results computed from them.
import type { Division } from '@club/contract/enums';
import type { Competitor, DivisionResult } from '@club/contract/match';
import type { ScoreValues } from '@club/contract/match-scoring';
import type { AppContext } from '../../context.ts';

/** A competitor with what the server needs beside the wire fields. */
export interface CompetitorRecord extends Competitor {
  kind: 'registered' | 'guest' | 'member';
}

/** A part of the results' JSON, and its raw deflate once made (`final`: the stream's last block). */
export interface Piece {
  json: Buffer;
  deflated?: Buffer;
  final?: boolean;
}

/** A division's results and their JSON piece (`leading`: with the comma that follows the one before). */
export interface DivisionPart {
  result: DivisionResult;
  leading: boolean;
  piece: Piece;
}

export interface Basis {
  /** The competitors' version and the events version they were read under. */
  rosterKey: string;
  competitors: CompetitorRecord[];
  ids: ReadonlySet<string>;
  scoresVersion: number;
  /** The scores as of `scoresVersion`, by competitor and stage (`RunsByCompetitor`). */
  scores: Map<string, (ScoreValues | undefined)[]>;
  /**
   * Each division's results as of `scoresVersion`, computed from these competitors and scores
   * under `key` (the match's scoring and stages): a later computation ranks again only the
   * divisions with newer scores.
   */
  parts?: { key: string; divisions: ReadonlyMap<Division, DivisionPart> };
}

const MAX_KEPT = 50;
const bases = new WeakMap<AppContext, Map<string, Basis>>();

/** The key competitors are kept under: '' (keep nothing) without an events version. */
export function rosterKeyOf(match: { roster_version: number }, eventsVersion: string | null | undefined): string {
  return eventsVersion ? `${match.roster_version}:${eventsVersion}` : '';
}

export function basisOf(ctx: AppContext, eventId: string): Basis | undefined {
  return bases.get(ctx)?.get(eventId);
}

export function keepBasis(ctx: AppContext, eventId: string, basis: Basis): void {
  let byMatch = bases.get(ctx);
  if (!byMatch) {
    byMatch = new Map();
    bases.set(ctx, byMatch);
  }
  if (!byMatch.has(eventId) && byMatch.size >= MAX_KEPT) byMatch.delete(byMatch.keys().next().value as string);
  byMatch.set(eventId, basis);
}

/**
 * Whether the competitor is one of the match's, from the kept competitors when they were read
 * under the same key as now; undefined when nothing kept answers it (the caller reads).
 */
export function knownCompetitor(
  ctx: AppContext,
  match: { event_id: string; roster_version: number },
  eventsVersion: string | null | undefined,
  competitorId: string,
): boolean | undefined {
  const key = rosterKeyOf(match, eventsVersion);
  const basis = basisOf(ctx, match.event_id);
  if (key === '' || basis?.rosterKey !== key) return undefined;
  return basis.ids.has(competitorId);
}
