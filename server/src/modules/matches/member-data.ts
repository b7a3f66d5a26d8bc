import type { Hooks } from '../../lib/hooks.ts';
import { MEMBER_EXPORT } from '../members/index.ts';
import { listEntriesOfMember } from './repository.ts';

/**
 * What match day does for the members module: the member's export carries their match entries.
 * Deleting the account needs nothing here: an entry's foreign key sets its member to null, so
 * the match's results stay whole, no longer linked to the person.
 */
export function matchesHooks(hooks: Hooks): void {
  hooks.on(MEMBER_EXPORT, async (db, member) => ({
    matchEntries: (await listEntriesOfMember(db, member.id)).map((entry) => ({
      eventUuid: entry.event_id,
      matchName: entry.match_name,
      division: entry.division,
      factor: entry.factor,
      category: entry.category,
      squad: entry.squad,
      dq: Boolean(entry.dq),
      dqRule: entry.dq_rule,
      dqReason: entry.dq_reason,
      createdAt: entry.created_at,
      updatedAt: entry.updated_at,
    })),
  }));
}
