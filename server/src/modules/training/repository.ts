import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { TrainingSessionsTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

export type TrainingRow = Selectable<TrainingSessionsTable>;

/** A member's kept sessions, newest first: `limit` of them after the cursor's session, if any. */
export function listByMember(
  db: Executor,
  memberId: string,
  page: { limit: number; after?: { startedAt: string; id: string } },
): Promise<TrainingRow[]> {
  let query = db.selectFrom('training_sessions').selectAll().where('member_id', '=', memberId);
  const after = page.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('started_at', '<', after.startedAt),
        eb.and([eb('started_at', '=', after.startedAt), eb('id', '>', after.id)]),
      ]),
    );
  }
  return query.orderBy('started_at', 'desc').orderBy('id').limit(page.limit).execute();
}

/** How many sessions and shots the member keeps. */
export async function totalsOf(db: Executor, memberId: string): Promise<{ sessions: number; shots: number }> {
  const row = await db
    .selectFrom('training_sessions')
    .select((eb) => [eb.fn.countAll<number | string>().as('sessions'), eb.fn.sum<number | string | null>('shots').as('shots')])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return { sessions: Number(row?.sessions ?? 0), shots: Number(row?.shots ?? 0) };
}

/** The member's training days, newest first (at most `limit`). */
export async function daysOf(db: Executor, memberId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('training_sessions')
    .select('day')
    .distinct()
    .where('member_id', '=', memberId)
    .orderBy('day', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.day);
}

/** Sessions and reps per training day from `firstDay` on. */
export async function dailyTotalsSince(
  db: Executor,
  memberId: string,
  firstDay: string,
): Promise<Array<{ day: string; sessions: number; reps: number }>> {
  const rows = await db
    .selectFrom('training_sessions')
    .select((eb) => ['day', eb.fn.countAll<number | string>().as('sessions'), eb.fn.sum<number | string | null>('reps_count').as('reps')])
    .where('member_id', '=', memberId)
    .where('day', '>=', firstDay)
    .groupBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, sessions: Number(r.sessions), reps: Number(r.reps ?? 0) }));
}

/** The best session per stage (library id, else own id, else name), by the database. */
export async function bestsOf(db: Executor, memberId: string): Promise<TrainingRow[]> {
  const key = sql`coalesce(library_stage_id, stage_id, 'name:' || coalesce(stage_name, ''))`;
  const ranked = await sql<TrainingRow>`
    select * from (
      select t.*, row_number() over (partition by ${key} order by best_hit_factor desc, started_at, id) as rank_in_stage
      from training_sessions t
      where member_id = ${memberId} and best_hit_factor is not null
    ) ranked where rank_in_stage = 1`.execute(db);
  return ranked.rows;
}

export function insertSession(db: Executor, row: TrainingRow): Promise<unknown> {
  return db.insertInto('training_sessions').values(row).execute();
}

/** Deletes a session of its member; returns whether a row went. */
export async function deleteSession(db: Executor, id: string, memberId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('training_sessions')
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Drops a member's oldest sessions beyond `keep`. */
export async function pruneOldest(db: Executor, memberId: string, keep: number): Promise<void> {
  const beyond = await db
    .selectFrom('training_sessions')
    .select('id')
    .where('member_id', '=', memberId)
    .orderBy('started_at', 'desc')
    .orderBy('id')
    .offset(keep)
    .limit(1000)
    .execute();
  if (beyond.length === 0) return;
  await db
    .deleteFrom('training_sessions')
    .where('id', 'in', beyond.map((r) => r.id))
    .execute();
}

/** Sessions kept per member on one library stage, for the given members. */
export async function countByMembersOnLibraryStage(
  db: Executor,
  libraryStageId: string,
  memberIds: readonly string[],
): Promise<Map<string, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('training_sessions')
    .select(['member_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('library_stage_id', '=', libraryStageId)
    .where('member_id', 'in', [...memberIds])
    .groupBy('member_id')
    .execute();
  return new Map(rows.map((r) => [r.member_id, Number(r.count)]));
}

/** A member's sessions, oldest first (their export). */
/** Sessions per read of the member's export: what the server holds of the log at once. */
export const EXPORT_PAGE_ROWS = 100;

/**
 * The member's whole log for their export, oldest first, a page at a time: each page is read after
 * the last row of the one before (keyset), so no read holds the whole log however long it grows.
 */
export async function* exportPages(db: Executor, memberId: string): AsyncGenerator<TrainingRow[]> {
  let after: { started_at: string; id: string } | undefined;
  for (;;) {
    let query = db.selectFrom('training_sessions').selectAll().where('member_id', '=', memberId);
    if (after) {
      const last = after;
      query = query.where((eb) =>
        eb.or([eb('started_at', '>', last.started_at), eb.and([eb('started_at', '=', last.started_at), eb('id', '>', last.id)])]),
      );
    }
    const rows = await query.orderBy('started_at').orderBy('id').limit(EXPORT_PAGE_ROWS).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = rows[rows.length - 1];
  }
}

export async function deleteAllOfMember(db: Executor, memberId: string): Promise<void> {
  await db.deleteFrom('training_sessions').where('member_id', '=', memberId).execute();
}
