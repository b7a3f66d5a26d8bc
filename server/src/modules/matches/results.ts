// Results of a match, computed on the server from the scores by the contract's rules and kept
// in this process by a key read from the database on every request (decision 0037).
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { competitorsByDivision, divisionResults, setRun, sortedStages } from '@club/contract/match-scoring';
import type { ScoreValues } from '@club/contract/match-scoring';
import { divisionKey, factorKey } from '@club/contract/enums';
import type { Division } from '@club/contract/enums';
import { RESULTS_CSV_HEADER } from '@club/contract/match';
import type { DivisionResult, MatchStage, MemberMatchResult, Results } from '@club/contract/match';
import type { AppContext } from '../../context.ts';
import { readVersions } from '../../db/versions.ts';
import { ApiError } from '../../lib/api-error.ts';
import { findMatchEventHeaders } from '../events/index.ts';
import type { MatchEventHeader } from '../events/index.ts';
import type { MatchRow } from './repository.ts';
import { listPublishedMatches, listScoreValues } from './repository.ts';
import type { Asker } from './service.ts';
import { isRangeOfficer, loadCompetitors, visibleMatch } from './service.ts';
import { basisOf, keepBasis, rosterKeyOf } from './basis.ts';
import type { Basis, DivisionPart, Piece } from './basis.ts';
import { runOf } from './score-columns.ts';
import { turnAfterSaves } from './save-first.ts';

/** Results as computed once per key, with their encodings made when first asked for. */
export interface KeptResults {
  key: string;
  results: Results;
  /** The JSON of `results` in pieces: the head, each division, the tail. */
  pieces: Piece[];
  json?: Buffer;
  gzip?: Buffer;
  csv?: Buffer;
}

/** The end of the results' JSON, the last piece of every answer. */
const TAIL: Piece = { json: Buffer.from(']}'), final: true };

const MAX_KEPT = 50;
const kept = new WeakMap<AppContext, Map<string, KeptResults>>();

function cacheOf(ctx: AppContext): Map<string, KeptResults> {
  let cache = kept.get(ctx);
  if (!cache) {
    cache = new Map();
    kept.set(ctx, cache);
  }
  return cache;
}

/**
 * The key of a match's results: its own version (moved by this module on every change of the
 * match, its competitors or its scores) and the events version (moved by triggers on every
 * write to events, registrations and members' names, from any process). Both are read in the
 * same statement as the match, before any row the results are made of, so results kept under a
 * key are never older than it.
 */
function keyOf(match: MatchRow, eventsVersion: string | null | undefined): string | null {
  return eventsVersion ? `${match.version}:${eventsVersion}` : null;
}

function valuesOf(scoring: MatchRow['scoring'], row: Awaited<ReturnType<typeof listScoreValues>>[number]): ScoreValues {
  return { stage: Number(row.stage), competitorId: row.competitor_id, ...runOf(scoring, row) };
}

/**
 * Computes the results. With a basis kept at an older version of the same competitors, stages
 * and scoring, only the divisions whose competitors have a score newer than it are ranked
 * again and encoded: a division's results depend on its own competitors' runs only.
 */
async function compute(
  ctx: AppContext,
  match: MatchRow,
  event: MatchEventHeader,
  eventsVersion: string | null | undefined,
  alone: boolean,
): Promise<Omit<KeptResults, 'key'>> {
  const db = ctx.db.kysely;
  const version = Number(match.version);
  const rosterKey = rosterKeyOf(match, eventsVersion);
  const basis = basisOf(ctx, match.event_id);
  const competitors =
    basis && rosterKey !== '' && basis.rosterKey === rosterKey ? basis.competitors : await loadCompetitors(db, event);
  // A basis newer than asked (another request got there first) serves too: results may be newer
  // than their key, never older.
  const since = basis ? basis.scoresVersion : 0;
  // Computations of a match take turns (`keptResults`), so the next one takes the kept scores
  // over and adds what came since; one that may run beside another (no key) works on a copy.
  const scores: Basis['scores'] =
    since > 0
      ? alone
        ? basis!.scores
        : new Map([...basis!.scores].map(([id, runs]) => [id, [...runs]]))
      : new Map();
  const changed = new Set<string>();
  // The scores read are as of the newest save among them, often newer than the key: saves
  // commit in the order of their versions (decision 0069), so every save up to it is read too.
  // The basis is kept as of that save, and the next computation reads only what came after it
  // instead of ranking again the divisions this one already ranked.
  let scoresVersion = version;
  for (const row of await listScoreValues(db, match.event_id, since)) {
    setRun(scores, valuesOf(match.scoring, row));
    changed.add(row.competitor_id);
    scoresVersion = Math.max(scoresVersion, Number(row.saved_version));
  }
  const partsKey = `${match.scoring}\n${match.stages}`;
  const reusable =
    since > 0 && basis!.competitors === competitors && basis!.parts?.key === partsKey ? basis!.parts.divisions : undefined;
  const stages = JSON.parse(match.stages) as MatchStage[];
  const ordered = sortedStages(stages);
  const divisions = new Map<Division, DivisionPart>();
  for (const [division, list] of competitorsByDivision(competitors)) {
    const leading = divisions.size > 0;
    const kept = reusable?.get(division);
    if (kept && !list.some((c) => changed.has(c.id))) {
      divisions.set(division, kept.leading === leading ? kept : { ...kept, leading, piece: divisionPiece(kept.result, leading) });
    } else {
      // Each division in a turn of the event loop of its own (a few milliseconds for a hundred
      // competitors), after the saves under way: a range officer's save waits for one division
      // at most, not for the whole match (decision 0069).
      await turnAfterSaves(ctx);
      const result = divisionResults(match.scoring, ordered, division, list, scores);
      const piece = divisionPiece(result, leading);
      deflated(piece);
      divisions.set(division, { result, leading, piece });
    }
  }
  // Kept unless another computation kept a newer basis meanwhile.
  const current = basisOf(ctx, match.event_id);
  if (rosterKey !== '' && (!current || current.scoresVersion <= scoresVersion)) {
    const ids = basis?.competitors === competitors ? basis.ids : new Set(competitors.map((c) => c.id));
    keepBasis(ctx, match.event_id, {
      rosterKey,
      competitors,
      ids,
      scoresVersion,
      scores,
      parts: { key: partsKey, divisions },
    });
  }
  const head = {
    eventUuid: match.event_id,
    published: Boolean(match.published),
    computedAt: ctx.clock.now().toISOString(),
    version,
    name: match.name,
    scoring: match.scoring,
    stages,
  };
  const parts = [...divisions.values()];
  // The head's JSON up to the divisions' opening bracket: `..."divisions":[`.
  const headJson = JSON.stringify({ ...head, divisions: [] }).slice(0, -2);
  return {
    results: { ...head, divisions: parts.map((part) => part.result) },
    pieces: [{ json: Buffer.from(headJson) }, ...parts.map((part) => part.piece), TAIL],
  };
}

function divisionPiece(result: DivisionResult, leading: boolean): Piece {
  return { json: Buffer.from(`${leading ? ',' : ''}${JSON.stringify(result)}`) };
}

// Results being computed, by match: callers asking for the same key while it runs wait for that
// one computation instead of starting their own (scores arrive while results are read).
const computing = new WeakMap<AppContext, Map<string, { key: string; entry: Promise<KeptResults> }>>();

async function keptResults(
  ctx: AppContext,
  match: MatchRow,
  event: MatchEventHeader,
  eventsVersion: string | null | undefined,
): Promise<KeptResults> {
  const cache = cacheOf(ctx);
  const key = keyOf(match, eventsVersion);
  if (key === null) return { key: '', ...(await compute(ctx, match, event, eventsVersion, false)) };
  // Results under a key at least as new as the asker's serve it too: they hold every write the
  // asker's key holds. (While scores arrive, readers hold keys a save or two apart.)
  const hit = cache.get(match.event_id);
  if (hit && newerKey(hit.key, key)) return hit;
  let running = computing.get(ctx);
  if (!running) {
    running = new Map();
    computing.set(ctx, running);
  }
  const pending = running.get(match.event_id);
  if (pending && newerKey(pending.key, key)) return pending.entry;
  // One computation of a match at a time: a newer key waits for the one running and starts from
  // the basis it keeps, ranking only the divisions with scores newer than it.
  const before = pending ? pending.entry.then(() => undefined, () => undefined) : Promise.resolve();
  const entry = before.then(async () => {
    const done = cache.get(match.event_id);
    if (done && newerKey(done.key, key)) return done;
    const computed = await compute(ctx, match, event, eventsVersion, true);
    const kept: KeptResults = { key, ...computed };
    // A newer key may have been kept meanwhile; the older never replaces it.
    const current = cache.get(match.event_id);
    if (!current || newerKey(key, current.key)) {
      cache.delete(match.event_id);
      if (cache.size >= MAX_KEPT) cache.delete(cache.keys().next().value as string);
      cache.set(match.event_id, kept);
    }
    return kept;
  });
  running.set(match.event_id, { key, entry });
  try {
    return await entry;
  } finally {
    if (running.get(match.event_id)?.entry === entry) running.delete(match.event_id);
  }
}

/** True when key `a` (match version : events version) is at least as new as `b` in both parts. */
function newerKey(a: string, b: string): boolean {
  const [matchA = 0, eventsA = 0] = a.split(':').map(Number);
  const [matchB = 0, eventsB = 0] = b.split(':').map(Number);
  return matchA >= matchB && eventsA >= eventsB;
}

/** The match's results for the asker: anyone once published, staff and range officers always. */
export async function resultsFor(ctx: AppContext, eventId: string, asker: Asker): Promise<KeptResults> {
  const { event, match } = await visibleMatch(ctx, eventId, asker);
  if (!match.published && !isRangeOfficer(asker?.member, match.scoring)) {
    throw new ApiError('RESULTS_NOT_PUBLISHED', 'The results are not published yet.');
  }
  return keptResults(ctx, match, event, match.events_version);
}

/** The results as UTF-8 JSON, joined once per key from its pieces. */
export function resultsJson(entry: KeptResults): Buffer {
  entry.json ??= Buffer.concat(entry.pieces.map((piece) => piece.json));
  return entry.json;
}

// Gzip's header: deflate, no name or time, fastest level, any system (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 4, 0xff]);

/**
 * The JSON gzipped once per key, at the fastest level: during a match the key moves with every
 * score, and level 1 costs a third of level 6 for a tenth more bytes. Each piece is deflated on
 * its own (a division's as it is ranked), flushed to a whole byte, and kept with it; the pieces
 * of the divisions no score touched come deflated from the previous key, and the pieces join
 * into one deflate stream (the tail's is its last block), behind gzip's header and before its
 * checksum and length.
 */
export function resultsGzip(entry: KeptResults): Buffer {
  if (entry.gzip) return entry.gzip;
  const json = resultsJson(entry);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(json), 0);
  trailer.writeUInt32LE(json.length >>> 0, 4);
  entry.gzip = Buffer.concat([GZIP_HEADER, ...entry.pieces.map(deflated), trailer]);
  return entry.gzip;
}

function deflated(piece: Piece): Buffer {
  piece.deflated ??= deflateRawSync(piece.json, {
    level: 1,
    finishFlush: piece.final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
  });
  return piece.deflated;
}

// A cell a spreadsheet would read as a formula is written as text.
function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** results.csv: a header, then one line per competitor and stage (UTF-8, CRLF, RFC 4180). */
export function resultsCsv(entry: KeptResults): Buffer {
  if (entry.csv) return entry.csv;
  const { results } = entry;
  const stageNames = new Map((results.stages ?? []).map((s) => [s.number, s.name]));
  const lines = [RESULTS_CSV_HEADER.join(',')];
  for (const division of results.divisions) {
    for (const c of division.competitors) {
      for (const s of c.stages) {
        lines.push(
          [
            divisionKey(division.division) ?? String(division.division),
            c.place,
            c.fullName,
            factorKey(c.factor) ?? String(c.factor),
            c.matchPoints.toFixed(4),
            c.percent.toFixed(2),
            c.dq ? 'yes' : 'no',
            s.stage,
            stageNames.get(s.stage) ?? '',
            s.time === null ? null : s.time.toFixed(2),
            s.points,
            s.hitFactor === null ? null : s.hitFactor.toFixed(4),
            s.stagePoints.toFixed(4),
            s.place,
            s.dnf ? 'yes' : 'no',
          ]
            .map(csvCell)
            .join(','),
        );
      }
    }
  }
  entry.csv = Buffer.from(`${lines.join('\r\n')}\r\n`);
  return entry.csv;
}

/** Every published match the member shot, newest first, with place, percent and stages. */
export async function memberResults(ctx: AppContext, memberId: string): Promise<MemberMatchResult[]> {
  const db = ctx.db.kysely;
  // Read before the matches and their rows, so what is kept under it is at least as new.
  const { events: eventsVersion } = await readVersions(db);
  const matches = await listPublishedMatches(db);
  const events = new Map((await findMatchEventHeaders(db, matches.map((m) => m.event_id))).map((e) => [e.id, e]));
  const found: MemberMatchResult[] = [];
  for (const match of matches) {
    const event = events.get(match.event_id);
    if (!event) continue;
    const { results } = await keptResults(ctx, match, event, eventsVersion);
    const stageNames = new Map((results.stages ?? []).map((s) => [s.number, s.name]));
    for (const division of results.divisions) {
      const mine = division.competitors.find((c) => c.personUuid === memberId);
      if (!mine) continue;
      found.push({
        eventUuid: match.event_id,
        evento: event.evento,
        start: event.startAt,
        matchName: match.name,
        scoring: match.scoring,
        division: division.division,
        factor: mine.factor,
        place: mine.place,
        of: division.competitors.filter((c) => !c.dq).length,
        matchPoints: mine.matchPoints,
        percent: mine.percent,
        dq: mine.dq,
        stages: mine.stages.map((s) => ({ ...s, name: stageNames.get(s.stage) ?? '' })),
      });
    }
  }
  return found.sort((a, b) => b.start.localeCompare(a.start));
}
