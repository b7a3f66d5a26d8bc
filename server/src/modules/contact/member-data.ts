import type { Hooks } from '../../lib/hooks.ts';
import { MEMBER_DELETED, MEMBER_EXPORT } from '../members/index.ts';
import { deleteMessagesFrom, findMessagesFrom } from './repository.ts';

/** What the contact module does when the members module exports or deletes a member. */
export function contactHooks(hooks: Hooks): void {
  // The messages sent from a verified address are the member's: anyone can register with
  // someone else's address, so an unverified one claims nothing.
  hooks.on(MEMBER_EXPORT, async (db, member) => {
    const messages = member.email_verified ? await findMessagesFrom(db, member.email_key) : [];
    return {
      contactMessages: messages.map((m) => ({
        name: m.name,
        email: m.email,
        subject: m.subject,
        message: m.message,
        createdAt: m.created_at,
      })),
    };
  });
  // They go with the account, as its export showed them.
  hooks.on(MEMBER_DELETED, async (_ctx, trx, { member }) => {
    if (member.email_verified) await deleteMessagesFrom(trx, member.email_key);
  });
}
