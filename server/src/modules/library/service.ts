import { libraryTranslationsSchema } from '@club/contract/library';
import type { LibraryStage, LibraryStageBody, LibraryTranslations } from '@club/contract/library';
import { fullName } from '@club/contract/person';
import { stageWireSchema } from '@club/contract/stage';
import type { Executor } from '../../db/transaction.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isoOf, newId } from '../../lib/ids.ts';
import type { LibraryRow, LibraryRowWithAuthor } from './repository.ts';
import {
  deleteLibraryStage,
  findLibraryStage,
  findLibraryStageName,
  insertLibraryStage,
  listLibrary,
  updateLibraryStage,
} from './repository.ts';

/** How many stages the club library holds at most. */
export const MAX_LIBRARY_STAGES = 500;

/** The stored JSON of a stage: its drawable fields (name and the library fields are columns). */
function dataOf(body: Pick<LibraryStageBody, 'designWidth' | 'designHeigth' | 'randomElements' | 'maxRandomElements' | 'elements'>): string {
  const { designWidth, designHeigth, randomElements, maxRandomElements, elements } = body;
  return JSON.stringify({ designWidth, designHeigth, randomElements, maxRandomElements, elements });
}

function parseTranslations(text: string | null): LibraryTranslations | undefined {
  if (!text) return undefined;
  const parsed = libraryTranslationsSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : undefined;
}

/** A stored row as the wire library stage. */
export function toLibraryStage(row: LibraryRowWithAuthor): LibraryStage {
  const translations = parseTranslations(row.translations);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    rounds: row.rounds,
    tags: JSON.parse(row.tags) as string[],
    updatedAt: row.updated_at,
    author: row.author_nombre === null ? null : fullName({ nombre: row.author_nombre, apellidos: row.author_apellidos }),
    ...(translations ? { translations } : {}),
    stage: stageWireSchema.parse({ ...(JSON.parse(row.data) as object), id: row.id, name: row.name }),
  };
}

/** The whole library, each stage with its elements so lists can draw thumbnails. */
export async function listLibraryStages(db: Executor): Promise<LibraryStage[]> {
  return (await listLibrary(db)).map(toLibraryStage);
}

/** The name of a library stage, or undefined when the library holds none with this id. */
export async function libraryStageName(db: Executor, id: string): Promise<string | undefined> {
  return (await findLibraryStageName(db, id))?.name;
}

/** True when the club library holds a stage with this id. */
export async function libraryStageExists(db: Executor, id: string): Promise<boolean> {
  return (await findLibraryStage(db, id)) !== undefined;
}

export async function readLibraryStage(db: Executor, id: string): Promise<LibraryStage> {
  const row = await findLibraryStage(db, id);
  if (!row) throw new ApiError('NOT_FOUND');
  return toLibraryStage(row);
}

/** A library row ready to insert (the seed writes its stages through it too). */
function newLibraryRow(
  body: LibraryStageBody,
  authorId: string | null,
  now: Date,
  translations?: LibraryTranslations,
): LibraryRow {
  const stamp = isoOf(now);
  return {
    id: newId(),
    name: body.name,
    description: body.description,
    rounds: body.rounds,
    tags: JSON.stringify(body.tags),
    translations: translations ? JSON.stringify(translations) : null,
    data: dataOf(body),
    author_id: authorId,
    created_at: stamp,
    updated_at: stamp,
  };
}

/** Stores a stage in the library as it is (the demo club's seed); returns its id. */
export async function addLibraryStage(
  db: Executor,
  body: LibraryStageBody,
  authorId: string | null,
  now: Date,
  translations?: LibraryTranslations,
): Promise<string> {
  const row = newLibraryRow(body, authorId, now, translations);
  await insertLibraryStage(db, row);
  return row.id;
}

/** Publishes a stage to the club library. */
export async function publishLibraryStage(db: Executor, authorId: string, body: LibraryStageBody, now: Date): Promise<LibraryStage> {
  const count = await db
    .selectFrom('library_stages')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirst();
  if (Number(count?.count ?? 0) >= MAX_LIBRARY_STAGES) {
    throw new ApiError('VALIDATION_ERROR', `The library holds at most ${MAX_LIBRARY_STAGES} stages.`);
  }
  const row = newLibraryRow(body, authorId, now);
  await insertLibraryStage(db, row);
  return readLibraryStage(db, row.id);
}

/** Replaces a library stage. Its other languages go: they would no longer say the same. */
export async function replaceLibraryStage(db: Executor, id: string, body: LibraryStageBody, now: Date): Promise<LibraryStage> {
  const changed = await updateLibraryStage(db, id, {
    name: body.name,
    description: body.description,
    rounds: body.rounds,
    tags: JSON.stringify(body.tags),
    translations: null,
    data: dataOf(body),
    updated_at: isoOf(now),
  });
  if (!changed) throw new ApiError('NOT_FOUND');
  return readLibraryStage(db, id);
}

/** Deletes a library stage; events that carried it lose their briefing, logs keep their name. */
export async function removeLibraryStage(db: Executor, id: string): Promise<void> {
  if (!(await deleteLibraryStage(db, id))) throw new ApiError('NOT_FOUND');
}
