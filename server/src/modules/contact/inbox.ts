import type { AdminMessageUpdateBody, ContactMessage } from '@club/contract/schemas';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isoOf } from '../../lib/ids.ts';
import { listContactMessages, updateMessageFlags } from './repository.ts';
import type { ContactMessageRow } from './repository.ts';

// The staff inbox of contact messages (the admin area's calls).

const MESSAGES_LIMIT = 500;

function toMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
    read: Boolean(row.read),
    archivedAt: row.archived_at,
  };
}

/** The active contact messages, or the archived ones, newest first. */
export async function listMessages(ctx: AppContext, archived = false): Promise<ContactMessage[]> {
  return (await listContactMessages(ctx.db.kysely, MESSAGES_LIMIT, archived)).map(toMessage);
}

/** Marks a message read or unread, archives it (now) or takes it back to the active list. */
export async function updateMessage(
  ctx: AppContext,
  id: string,
  body: AdminMessageUpdateBody,
): Promise<ContactMessage> {
  const row = await updateMessageFlags(ctx.db.kysely, id, {
    ...(body.read === undefined ? {} : { read: body.read ? 1 : 0 }),
    ...(body.archived === undefined ? {} : { archived_at: body.archived ? isoOf(ctx.clock.now()) : null }),
  });
  if (!row) throw new ApiError('NOT_FOUND', 'No such message.');
  return toMessage(row);
}
