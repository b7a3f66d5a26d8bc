import type { Selectable } from 'kysely';
import type { TrainingSessionsTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

export type TrainingRow = Selectable<TrainingSessionsTable>;

/** A member's kept sessions, newest first. */
export function listByMember(db: Executor, memberId: string): Promise<TrainingRow[]> {
  return db
    .selectFrom('training_sessions')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('started_at', 'desc')
    .orderBy('id')
    .execute();
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
export function listForExport(db: Executor, memberId: string): Promise<TrainingRow[]> {
  return db.selectFrom('training_sessions').selectAll().where('member_id', '=', memberId).orderBy('started_at').execute();
}

export async function deleteAllOfMember(db: Executor, memberId: string): Promise<void> {
  await db.deleteFrom('training_sessions').where('member_id', '=', memberId).execute();
}
