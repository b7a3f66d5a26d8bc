import type { Hooks } from '../../lib/hooks.ts';
import { parseStored } from '../../lib/json.ts';
import { MEMBER_DELETED, MEMBER_EXPORT } from '../members/index.ts';
import { deleteAllOfOwner, listForExport } from './repository.ts';

/** What the stages module does when the members module exports or deletes a member. */
export function stagesHooks(hooks: Hooks): void {
  hooks.on(MEMBER_EXPORT, async (db, member) => ({
    stages: (await listForExport(db, member.id)).map((s) => ({
      id: s.id,
      name: s.name,
      public: Boolean(s.public),
      createdAt: s.created_at,
      updatedAt: s.updated_at,
      // A stored stage that is not JSON is still the member's data: handed over as it is.
      stage: parseStored(s.data),
    })),
  }));
  hooks.on(MEMBER_DELETED, async (_ctx, trx, { member }) => deleteAllOfOwner(trx, member.id));
}
