import type { Kysely, Selectable } from 'kysely';
import type { Database, StagesTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

export type StageRow = Selectable<StagesTable>;

/** A member's stages, most recently changed first. */
export function listByOwner(db: Kysely<Database>, ownerId: string): Promise<StageRow[]> {
  return db
    .selectFrom('stages')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
}

/** How many stages a member keeps. */
export async function countByOwner(db: Kysely<Database>, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('stages')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** One stage by id, or undefined. */
export function findById(db: Kysely<Database>, id: string): Promise<StageRow | undefined> {
  return db.selectFrom('stages').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertStage(db: Kysely<Database>, row: StageRow): Promise<unknown> {
  return db.insertInto('stages').values(row).execute();
}

/** Updates a stage of its owner; returns whether a row changed. */
export async function updateStage(
  db: Kysely<Database>,
  id: string,
  ownerId: string,
  values: Pick<StageRow, 'name' | 'public' | 'data' | 'updated_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('stages')
    .set(values)
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a stage of its owner; returns whether a row went. */
export async function deleteStage(db: Kysely<Database>, id: string, ownerId: string): Promise<boolean> {
  const result = await db.deleteFrom('stages').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A member's stages, oldest first (their export). */
export function listForExport(db: Executor, ownerId: string): Promise<StageRow[]> {
  return db.selectFrom('stages').selectAll().where('owner_id', '=', ownerId).orderBy('created_at').execute();
}

export async function deleteAllOfOwner(db: Executor, ownerId: string): Promise<void> {
  await db.deleteFrom('stages').where('owner_id', '=', ownerId).execute();
}

/** The name of a stage the member may use (their own, or a public one), or undefined. */
export async function usableStageName(db: Executor, id: string, memberId: string): Promise<string | undefined> {
  const stage = await db.selectFrom('stages').select(['name', 'owner_id', 'public']).where('id', '=', id).executeTakeFirst();
  return stage && (stage.owner_id === memberId || stage.public) ? stage.name : undefined;
}
