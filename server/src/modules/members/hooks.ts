import type { AppContext } from '../../context.ts';
import type { MemberRow } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import { hookKey } from '../../lib/hooks.ts';

/** A member whose account is being deleted, and when (UTC ISO stamp and club wall time). */
export interface DeletedMember {
  member: MemberRow;
  now: string;
  nowLocal: string;
}

/**
 * Runs inside the deletion's write transaction, before the member row goes: each module that
 * keeps something of the member removes it or unlinks it from the person.
 */
export const MEMBER_DELETED = hookKey<(ctx: AppContext, trx: Executor, deleted: DeletedMember) => Promise<void>>(
  'member deleted',
);
