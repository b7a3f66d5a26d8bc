import type { Hooks } from '../../lib/hooks.ts';
import { parseStored } from '../../lib/json.ts';
import { MEMBER_DELETED, MEMBER_EXPORT } from '../members/index.ts';
import { deleteAllOfMember, exportPages } from './repository.ts';
import type { TrainingRow } from './repository.ts';

/** What the training log does when the members module exports or deletes a member. */
export function trainingHooks(hooks: Hooks): void {
  // The log may be long (up to the budget of sessions and shots): it is exported page by page.
  hooks.on(MEMBER_EXPORT, async (db, member) => ({ training: shaped(exportPages(db, member.id)) }));
  hooks.on(MEMBER_DELETED, async (_ctx, trx, { member }) => deleteAllOfMember(trx, member.id));
}

async function* shaped(pages: AsyncGenerator<TrainingRow[]>) {
  for await (const page of pages) {
    yield page.map((t) => ({
      id: t.id,
      stageId: t.stage_id,
      libraryStageId: t.library_stage_id,
      stageName: t.stage_name,
      startedAt: t.started_at,
      parMs: t.par_ms,
      powerFactor: t.power_factor,
      reps: parseStored(t.reps),
      createdAt: t.created_at,
    }));
  }
}
