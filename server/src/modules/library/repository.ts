import type { Selectable } from 'kysely';
import type { LibraryStagesTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

export type LibraryRow = Selectable<LibraryStagesTable>;
export type LibraryRowWithAuthor = LibraryRow & { author_nombre: string | null; author_apellidos: string | null };

function selectWithAuthor(db: Executor) {
  return db
    .selectFrom('library_stages')
    .leftJoin('members', 'members.id', 'library_stages.author_id')
    .selectAll('library_stages')
    .select(['members.nombre as author_nombre', 'members.apellidos as author_apellidos']);
}

/** Every library stage with its author's name, newest change first. */
export function listLibrary(db: Executor): Promise<LibraryRowWithAuthor[]> {
  return selectWithAuthor(db).orderBy('library_stages.updated_at', 'desc').orderBy('library_stages.id').execute();
}

/** One library stage with its author's name, or undefined. */
export function findLibraryStage(db: Executor, id: string): Promise<LibraryRowWithAuthor | undefined> {
  return selectWithAuthor(db).where('library_stages.id', '=', id).executeTakeFirst();
}

/** A library stage's name alone (no author, no drawing). */
export function findLibraryStageName(db: Executor, id: string): Promise<{ name: string } | undefined> {
  return db.selectFrom('library_stages').select('name').where('id', '=', id).executeTakeFirst();
}

export function insertLibraryStage(db: Executor, row: LibraryRow): Promise<unknown> {
  return db.insertInto('library_stages').values(row).execute();
}

/** Replaces a library stage's fields; returns whether a row changed. */
export async function updateLibraryStage(
  db: Executor,
  id: string,
  values: Pick<LibraryRow, 'name' | 'description' | 'rounds' | 'tags' | 'translations' | 'data' | 'updated_at'>,
): Promise<boolean> {
  const result = await db.updateTable('library_stages').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a library stage; returns whether a row went. */
export async function deleteLibraryStage(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('library_stages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
