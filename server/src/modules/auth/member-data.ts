import type { Hooks } from '../../lib/hooks.ts';
import { MEMBER_ADDRESS_CHANGED, MEMBER_DELETED, MEMBER_EXPORT } from '../members/index.ts';
import { deleteMemberSessions, findMemberResets, findMemberTokens, voidPasswordResets } from './repository.ts';

/** What the auth module does when the members module exports, deletes or re-addresses a member. */
export function authHooks(hooks: Hooks): void {
  hooks.on(MEMBER_DELETED, async (_ctx, trx, { member, now }) => deleteMemberSessions(trx, member.id, now));
  // Two parts, read one at a time: the export gives other requests a turn after each.
  hooks.on(MEMBER_EXPORT, async (db, member) => ({
    sessions: (await findMemberTokens(db, member.id)).map((t) => ({
      rememberMe: Boolean(t.remember),
      createdAt: t.created_at,
      expiresAt: t.expires_at,
      revokedAt: t.revoked_at,
    })),
  }));
  hooks.on(MEMBER_EXPORT, async (db, member) => ({
    passwordResets: (await findMemberResets(db, member.id)).map((r) => ({
      createdAt: r.created_at,
      expiresAt: r.expires_at,
      usedAt: r.used_at,
    })),
  }));
  // Reset links went to the old address; they stop working with it.
  hooks.on(MEMBER_ADDRESS_CHANGED, async (trx, member, now) => voidPasswordResets(trx, member.id, now));
}
