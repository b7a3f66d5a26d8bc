import type { User } from '@club/contract/schemas';
import type { MemberRow } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import type { AppContext } from '../../context.ts';
import { isoOf } from '../../lib/ids.ts';
import { MEMBER_DELETED, MEMBER_EXPORT } from './hooks.ts';
import type { MemberExportParts } from './hooks.ts';
import { toUser } from './repository.ts';

/** The answer of GET /api/registro/{uuid}/export/: every record the club keeps on one member. */
export interface MemberExport extends MemberExportParts {
  exportedAt: string;
  user: User;
  account: { language: string; createdAt: string; updatedAt: string; passwordChangedAt: string };
}

/**
 * Lets other requests in between the export's reads: on SQLite each read runs on the event loop,
 * and the reads of a large export (hundreds of registrations and stages) would otherwise run
 * back to back while everyone else's calls wait.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Collects the member's row and what every module keeps of them (registrations, stages,
 * sessions but never their secrets, reset links, messages, training, payments, match entries), each module's part read
 * by that module (MEMBER_EXPORT).
 */
export async function collectMemberData(ctx: AppContext, db: Executor, member: MemberRow): Promise<MemberExport> {
  // The parts in the answer's order; a part no module answers for stays empty.
  const parts: MemberExportParts = {
    registrations: [],
    stages: [],
    sessions: [],
    passwordResets: [],
    contactMessages: [],
    training: [],
    payments: [],
    matchEntries: [],
  };
  for (const read of ctx.hooks.all(MEMBER_EXPORT)) {
    Object.assign(parts, await read(db, member));
    await nextTurn();
  }
  return {
    exportedAt: isoOf(ctx.clock.now()),
    user: toUser(member),
    account: {
      language: member.language,
      createdAt: member.created_at,
      updatedAt: member.updated_at,
      passwordChangedAt: member.password_changed_at,
    },
    ...parts,
  };
}

/**
 * Deletes a member: every module first removes what it keeps of them or unlinks it from the
 * person (MEMBER_DELETED: sessions revoked and removed, registrations for events still to come
 * cancelled and their seats freed, every registration kept for the club's records with no link
 * to the person, own stages, training, reset links and messages from a verified address
 * deleted), then the member row goes.
 */
export async function deleteMemberData(
  ctx: AppContext,
  db: Executor,
  member: MemberRow,
  now: string,
  nowLocal: string,
): Promise<void> {
  for (const deleted of ctx.hooks.all(MEMBER_DELETED)) await deleted(ctx, db, { member, now, nowLocal });
  await db.deleteFrom('members').where('id', '=', member.id).execute();
}
