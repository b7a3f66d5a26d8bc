import type { PowerFactor } from '@club/contract/scoring';
import { scoreTrainingRep, streakDays, TRAINING_LIMITS, weekStarts, weekTotals } from '@club/contract/library';
import type { BestByStage, EventPractice, TrainingBody, TrainingLog, TrainingLogQuery, TrainingRep, TrainingSession } from '@club/contract/library';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/transaction.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import { ApiError } from '../../lib/api-error.ts';
import { clubToday } from '@club/contract/club-time';
import { isoOf, newId } from '../../lib/ids.ts';
import { eventHomework } from '../events/index.ts';
import { libraryStageName } from '../library/index.ts';
import { usableStageName } from '../stages/index.ts';
import type { TrainingRow } from './repository.ts';
import { bestsOf, countByMembersOnLibraryStage, dailyTotalsSince, daysOf, deleteSession, insertSession, listByMember, totalsOf } from './repository.ts';

// Hit factors are kept to four decimals: enough to rank, and the same on both databases.
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** The best hit factor of the reps that carry shots (scored by click or camera), or null; each rep scored as the player's panel scored it. */
export function bestHitFactorOf(reps: readonly TrainingRep[], powerFactor: PowerFactor): number | null {
  let best: number | null = null;
  for (const rep of reps) {
    if (rep.shots.length === 0) continue;
    const { hitFactor } = scoreTrainingRep(rep, powerFactor);
    best = Math.max(best ?? 0, round4(hitFactor));
  }
  return best;
}

function toSession(row: TrainingRow): TrainingSession {
  return {
    id: row.id,
    stageId: row.stage_id,
    libraryStageId: row.library_stage_id,
    stageName: row.stage_name,
    startedAt: row.started_at,
    day: row.day,
    parMs: row.par_ms,
    powerFactor: row.power_factor === 'major' ? 'major' : 'minor',
    reps: JSON.parse(row.reps) as TrainingRep[],
    shots: row.shots,
    passed: row.passed,
    failed: row.failed,
    bestHitFactor: row.best_hit_factor === null ? null : Number(row.best_hit_factor),
    createdAt: row.created_at,
  };
}

/** Best hit factor per stage, the stage being its library id, else its own id, else its name. */
export function bestsByStage(sessions: readonly TrainingSession[]): BestByStage[] {
  const bests = new Map<string, BestByStage>();
  for (const session of sessions) {
    if (session.bestHitFactor === null) continue;
    const key = session.libraryStageId ?? session.stageId ?? `name:${session.stageName ?? ''}`;
    const current = bests.get(key);
    if (current && current.hitFactor >= session.bestHitFactor) continue;
    bests.set(key, {
      key,
      libraryStageId: session.libraryStageId,
      stageId: session.stageId,
      stageName: session.stageName,
      hitFactor: session.bestHitFactor,
      sessionId: session.id,
      day: session.day,
    });
  }
  return [...bests.values()].sort((a, b) => b.hitFactor - a.hitFactor);
}

const cursorOf = (row: TrainingRow): string => Buffer.from(`${row.started_at}|${row.id}`).toString('base64url');

function readCursor(cursor: string): { startedAt: string; id: string } {
  const [startedAt = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(startedAt) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new ApiError('VALIDATION_ERROR', 'The cursor is not one this call gave.', { before: ['pattern'] });
  }
  return { startedAt, id };
}

/**
 * One page of the member's log, newest first (the first page without a cursor), with days in a
 * row, shots fired and bests per stage of the whole log, all counted by the database.
 */
export async function readTrainingLog(
  db: Executor,
  memberId: string,
  now: Date,
  timeZone: string,
  query: TrainingLogQuery = {},
): Promise<TrainingLog> {
  const limit = query.limit ?? TRAINING_LIMITS.pageDefault;
  const after = query.before === undefined ? undefined : readCursor(query.before);
  // One more than the page tells whether another follows.
  const rows = await listByMember(db, memberId, { limit: limit + 1, after });
  const page = rows.slice(0, limit);
  const today = clubToday(now, timeZone);
  const totals = await totalsOf(db, memberId);
  const bests = (await bestsOf(db, memberId)).map(toSession);
  const weeks = weekStarts(today);
  return {
    sessions: page.map(toSession),
    streakDays: streakDays(await daysOf(db, memberId, TRAINING_LIMITS.sessionsMax), today),
    totalShots: totals.shots,
    bestByStage: bestsByStage(bests),
    nextCursor: rows.length > limit ? cursorOf(page[page.length - 1]!) : null,
    totalSessions: totals.sessions,
    weeks: weekTotals(await dailyTotalsSince(db, memberId, weeks[0]!), weeks),
  };
}

/** Keeps a drill; the stage it names must be the member's own or in the library. */
export async function keepSession(
  database: Db,
  memberId: string,
  body: TrainingBody,
  now: Date,
  timeZone: string,
): Promise<TrainingSession> {
  const db = database.kysely;
  const started = new Date(body.startedAt);
  // A session cannot start in the future (a minute of clock skew aside).
  if (started.getTime() > now.getTime() + 60_000) throw new ApiError('VALIDATION_ERROR', 'startedAt is in the future.');
  let stageName = body.stageName ?? null;
  if (body.stageId) {
    const own = await usableStageName(db, body.stageId, memberId);
    if (own === undefined) throw new ApiError('NOT_FOUND');
    stageName ??= own;
  }
  if (body.libraryStageId) {
    const shared = await libraryStageName(db, body.libraryStageId);
    if (shared === undefined) throw new ApiError('NOT_FOUND');
    stageName ??= shared;
  }
  const reps: TrainingRep[] = body.reps.map((rep) => ({
    shots: rep.shots,
    ...(rep.passed === undefined ? {} : { passed: rep.passed }),
    ...(rep.targetIds === undefined ? {} : { targetIds: rep.targetIds }),
    ...(rep.popperIds === undefined ? {} : { popperIds: rep.popperIds }),
  }));
  const row: TrainingRow = {
    id: newId(),
    member_id: memberId,
    // A stage deleted later leaves the session with its name (the column is set null).
    stage_id: body.stageId ?? null,
    library_stage_id: body.libraryStageId ?? null,
    stage_name: stageName,
    started_at: isoOf(started),
    day: clubToday(started, timeZone),
    par_ms: body.parMs ?? null,
    power_factor: body.powerFactor,
    reps: JSON.stringify(reps),
    shots: reps.reduce((sum, rep) => sum + rep.shots.length, 0),
    passed: reps.filter((rep) => rep.passed === true).length,
    failed: reps.filter((rep) => rep.passed === false).length,
    best_hit_factor: bestHitFactorOf(reps, body.powerFactor),
    created_at: isoOf(now),
    reps_count: reps.length,
  };
  await withWriteTransaction(database, async (trx) => {
    // Inside the write: two sessions kept at once cannot both pass the last free place.
    const totals = await totalsOf(trx, memberId);
    if (totals.sessions + 1 > TRAINING_LIMITS.sessionsMax || totals.shots + row.shots > TRAINING_LIMITS.shotsMax) {
      throw new ApiError(
        'TRAINING_LOG_FULL',
        `Your training log is full (${TRAINING_LIMITS.sessionsMax} sessions or ${TRAINING_LIMITS.shotsMax} shots): delete old sessions to keep new ones.`,
      );
    }
    await insertSession(trx, row);
  });
  return toSession(row);
}

/** Deletes one of the member's sessions; 404 for anyone else's. */
export async function removeSession(db: Executor, id: string, memberId: string): Promise<void> {
  if (!(await deleteSession(db, id, memberId))) throw new ApiError('NOT_FOUND');
}

/** For staff: how many sessions each member registered for an event kept on its stage (homework). */
export async function readEventPractice(db: Executor, eventId: string): Promise<EventPractice> {
  const homework = await eventHomework(db, eventId);
  if (!homework) throw new ApiError('NOT_FOUND');
  const { stageId, memberIds } = homework;
  const counts = stageId ? await countByMembersOnLibraryStage(db, stageId, memberIds) : new Map<string, number>();
  return { stageId, members: memberIds.map((uuid) => ({ uuid, sessions: counts.get(uuid) ?? 0 })) };
}
