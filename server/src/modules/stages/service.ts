import type { Kysely } from 'kysely';
import { stageWireSchema } from '@club/contract/stage';
import type { StageSaveBody, StageSummary, StageWire } from '@club/contract/stage';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isoOf, newId } from '../../lib/ids.ts';
import type { StageRow } from './repository.ts';
import { countByOwner, deleteStage, findById, insertStage, listByOwner, updateStage } from './repository.ts';

/** How many stages one member may keep on the server. */
export const MAX_STAGES_PER_MEMBER = 100;

/** The stored JSON: the body's stage fields, without name and public (kept as columns). */
function dataOf(body: StageSaveBody): string {
  const { designWidth, designHeigth, randomElements, maxRandomElements, elements } = body;
  return JSON.stringify({ designWidth, designHeigth, randomElements, maxRandomElements, elements });
}

/** A stored row as the wire Stage of API.md. */
export function toStage(row: StageRow): StageWire {
  return stageWireSchema.parse({
    ...(JSON.parse(row.data) as object),
    id: row.id,
    name: row.name,
    public: Boolean(row.public),
  });
}

function toSummary(row: StageRow): StageSummary {
  return { id: row.id, name: row.name, public: Boolean(row.public), updated: row.updated_at };
}

/** The member's own stages (without their elements). */
export async function listStages(db: Kysely<Database>, ownerId: string): Promise<StageSummary[]> {
  return (await listByOwner(db, ownerId)).map(toSummary);
}

/** Keeps a new stage for a member, up to MAX_STAGES_PER_MEMBER. */
export async function createStage(db: Kysely<Database>, ownerId: string, body: StageSaveBody, now: Date): Promise<StageWire> {
  if ((await countByOwner(db, ownerId)) >= MAX_STAGES_PER_MEMBER) {
    throw new ApiError('VALIDATION_ERROR', `A member keeps at most ${MAX_STAGES_PER_MEMBER} stages.`);
  }
  const stamp = isoOf(now);
  const row: StageRow = {
    id: newId(),
    owner_id: ownerId,
    name: body.name,
    public: body.public ? 1 : 0,
    data: dataOf(body),
    created_at: stamp,
    updated_at: stamp,
  };
  await insertStage(db, row);
  return toStage(row);
}

/** A stage its owner, or anyone when it is public, may read; 404 for everyone else. */
export async function readStage(db: Kysely<Database>, id: string, callerId: string | null): Promise<StageWire> {
  const row = await findById(db, id);
  if (!row || (!row.public && row.owner_id !== callerId)) throw new ApiError('NOT_FOUND');
  return toStage(row);
}

/** Replaces a stage of its owner; 404 for anyone else (no hint that it exists). */
export async function replaceStage(
  db: Kysely<Database>,
  id: string,
  ownerId: string,
  body: StageSaveBody,
  now: Date,
): Promise<StageWire> {
  const changed = await updateStage(db, id, ownerId, {
    name: body.name,
    public: body.public ? 1 : 0,
    data: dataOf(body),
    updated_at: isoOf(now),
  });
  if (!changed) throw new ApiError('NOT_FOUND');
  return readStage(db, id, ownerId);
}

/** Deletes a stage of its owner; 404 for anyone else. */
export async function removeStage(db: Kysely<Database>, id: string, ownerId: string): Promise<void> {
  if (!(await deleteStage(db, id, ownerId))) throw new ApiError('NOT_FOUND');
}
